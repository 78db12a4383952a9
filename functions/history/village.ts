import { kdDesaParams } from '../../lib/contract/inputs';
import { getVillageHistory, historyQuery } from '../../lib/domain/history';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';

export const handler = route({ params: kdDesaParams, query: historyQuery }, async ({ params, query, caller }) => {
  const page = await getVillageHistory(params.kd_desa, query, signedIn(caller));
  return ok({ data: page.entries, next_cursor: page.next_cursor });
});
