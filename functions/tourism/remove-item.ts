import { removeTourismItem, removeTourismItemInput } from '../../lib/domain/tourism-descriptions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';
import { tourismDescriptionForWebApp } from '../../lib/web-app/tourism';
import { signedIn } from '../../lib/contract/caller';

export const handler = route({ params: kdDesaParams, body: removeTourismItemInput }, async ({ params, body, caller }) => {
  const { record, category } = await removeTourismItem(params.kd_desa, body, signedIn(caller));
  return ok({
    message: MSG.tourismItemRemoved,
    data: { kd_desa: record.kd_desa, [category]: tourismDescriptionForWebApp(record)[category] },
  });
});
