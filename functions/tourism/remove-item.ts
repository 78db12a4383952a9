import { removeTourismItem, removeTourismItemInput } from '../../lib/domain/tourism-descriptions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';
import { tourismDescriptionForWebApp } from '../../lib/web-app/tourism';

export const handler = route({ params: kdDesaParams, body: removeTourismItemInput }, async ({ params, body, user, who }) => {
  const { record, category } = await removeTourismItem(params.kd_desa, body, user!, who);
  return ok({
    message: MSG.tourismItemRemoved,
    data: { kd_desa: record.kd_desa, [category]: tourismDescriptionForWebApp(record)[category] },
  });
});
