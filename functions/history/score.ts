import { kdDesaParams } from '../../lib/contract/inputs';
import { getScoreHistory, historyQuery } from '../../lib/domain/history';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route({ params: kdDesaParams, query: historyQuery }, async ({ params, query }) => {
  const page = await getScoreHistory(params.kd_desa, query);
  return ok({ data: page.entries, next_cursor: page.next_cursor });
});
