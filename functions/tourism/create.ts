import '../../lib/domain/image-storing';
import { createTourismDescription, createTourismInput, TOURISM_FORM } from '../../lib/domain/tourism-descriptions';
import { form } from '../../lib/http/form';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { namingFields } from '../../lib/contract/validation';
import { MSG } from '../../lib/contract/messages';
import { fromWebAppTourismData, tourismDescriptionForWebApp } from '../../lib/web-app/tourism';

export const handler = route(
  {
    form: form({ data: createTourismInput, ...TOURISM_FORM }),
    adapt: fromWebAppTourismData,
    invalid: namingFields(MSG.tourismDescriptionInvalid),
  },
  async ({ body, files, user, who }) => {
    const record = await createTourismDescription(body, files, user!, who);
    return created({ message: MSG.tourismDescriptionCreated, data: tourismDescriptionForWebApp(record) });
  },
);
