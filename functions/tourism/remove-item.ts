import { removeTourismItemAs } from '../../lib/domain/tourism-descriptions';
import { jsonBody } from '../../lib/http/body';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { presentForBoth } from '../../lib/web-app/tourism';

export const handler = route(async ({ event, params, user }) => {
  const { record, category } = await removeTourismItemAs(params.kd_desa ?? '', jsonBody(event), user!);
  return ok({ message: MSG.tourismItemRemoved, data: { kd_desa: record.kd_desa, [category]: presentForBoth(record)[category] } });
});
