import '../../lib/domain/image-storing';
import { TOURISM_FORM, updateTourismDescription, updateTourismInput } from '../../lib/domain/tourism-descriptions';
import { form } from '../../lib/http/form';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';
import { namingFields } from '../../lib/contract/validation';
import { MSG } from '../../lib/contract/messages';
import { fromWebAppTourismData, tourismDescriptionForWebApp } from '../../lib/web-app/tourism';

export const handler = route(
  {
    params: kdDesaParams,
    form: form({ data: updateTourismInput, ...TOURISM_FORM }),
    adapt: fromWebAppTourismData,
    invalid: namingFields(MSG.tourismDescriptionInvalid),
  },
  async ({ params, body, files, user, who }) => {
    const record = await updateTourismDescription(params.kd_desa, body, files, user!, who);
    return ok({ message: MSG.tourismDescriptionUpdated, data: tourismDescriptionForWebApp(record) });
  },
);
