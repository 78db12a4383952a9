import { toVillageDetails, villageDetailsList } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { listPage } from '../../lib/contract/validation';
import { kindsForBoth, wantsKinds } from '../../lib/web-app/villages';

export const handler = route(async ({ query }) => {
  if (!wantsKinds(query)) return ok(listPage((await villageDetailsList()).map(toVillageDetails), query));
  return ok(
    listPage(
      (await villageDetailsList(['jenis_desa_list'])).map((v) => ({ ...toVillageDetails(v), ...kindsForBoth(v) })),
      query,
    ),
  );
});
