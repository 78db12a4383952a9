import { listVillageDetails, toVillageDetails } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { listPage } from '../../lib/contract/inputs';
import { filterOf } from '../../lib/domain/list-filters';
import { villageDetailsQueryForWebApp, villageKindsForWebApp } from '../../lib/web-app/villages';

export const handler = route({ query: villageDetailsQueryForWebApp }, async ({ query }) => {
  if (!query.byJenis) return ok(listPage((await listVillageDetails([], filterOf(query))).map(toVillageDetails), query));
  return ok(
    listPage(
      (await listVillageDetails(['jenis_desa_list'], filterOf(query))).map((v) => ({
        ...toVillageDetails(v),
        ...villageKindsForWebApp(v),
      })),
      query,
    ),
  );
});
