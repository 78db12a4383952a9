import { toVillageDetails, villageDetailsList } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kindsForBoth, wantsKinds } from '../../lib/web-app/villages';

export const handler = route('GET /api/desa-wisata/details', async ({ query }) => {
  if (!wantsKinds(query)) return ok({ data: (await villageDetailsList()).map(toVillageDetails) });
  return ok({ data: (await villageDetailsList(['jenis_desa_list'])).map((v) => ({ ...toVillageDetails(v), ...kindsForBoth(v) })) });
});
