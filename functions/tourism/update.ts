import { TOURISM_FORM_LIMITS, updateTourismDescriptionAs } from '../../lib/domain/tourism-descriptions';
import { readForm } from '../../lib/http/form';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { presentForBoth, tourismDataForBoth } from '../../lib/web-app/tourism';

export const handler = route(async ({ event, headers, params, user }) => {
  const form = await readForm(event, headers, TOURISM_FORM_LIMITS);
  const record = await updateTourismDescriptionAs(params.kd_desa ?? '', tourismDataForBoth(form.data), form.files, user!);
  return ok({ message: MSG.tourismDescriptionUpdated, data: presentForBoth(record) });
});
