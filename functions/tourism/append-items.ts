import { appendTourismItemsAs, TOURISM_FORM_LIMITS } from '../../lib/domain/tourism-descriptions';
import { readForm } from '../../lib/http/form';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { presentForBoth, tourismDataForBoth } from '../../lib/web-app/tourism';

export const handler = route(async ({ event, headers, params, user }) => {
  const form = await readForm(event, headers, TOURISM_FORM_LIMITS);
  const { record, affected } = await appendTourismItemsAs(params.kd_desa ?? '', tourismDataForBoth(form.data), form.files, user!);
  const shown = presentForBoth(record);
  return ok({
    message: MSG.tourismItemsAdded,
    data: { kd_desa: record.kd_desa, ...Object.fromEntries(affected.map((c) => [c, shown[c]])) },
  });
});
