import '../../lib/domain/image-storing';
import { appendTourismItems, appendTourismItemsInput, TOURISM_FORM } from '../../lib/domain/tourism-descriptions';
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
    form: form({ data: appendTourismItemsInput, ...TOURISM_FORM }),
    adapt: fromWebAppTourismData,
    invalid: namingFields(MSG.tourismDescriptionInvalid),
  },
  async ({ params, body, files, user, who }) => {
    const { record, affected } = await appendTourismItems(params.kd_desa, body, files, user!, who);
    const shown = tourismDescriptionForWebApp(record);
    return ok({
      message: MSG.tourismItemsAdded,
      data: { kd_desa: record.kd_desa, ...Object.fromEntries(affected.map((c) => [c, shown[c]])) },
    });
  },
);
