import { MSG } from '../../lib/contract/messages';
import { getStatistics, statisticsQuery } from '../../lib/domain/statistics';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route({ query: statisticsQuery, invalid: MSG.statisticsQueryInvalid }, async ({ query, caller }) =>
  ok({ data: await getStatistics(query, caller) }),
);
