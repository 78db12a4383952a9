import { kdDesaParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';
import { getVillageHistory, historyQuery } from '../../lib/domain/history';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route(
  { params: kdDesaParams, query: historyQuery, invalid: MSG.historyQueryInvalid },
  async ({ params, query, user }) => {
    const page = await getVillageHistory(params.kd_desa, query, user!);
    return ok({ data: page.entries, next_cursor: page.next_cursor });
  },
);
