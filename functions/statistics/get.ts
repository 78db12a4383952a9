import { getStatistics, statisticsQuery } from '../../lib/domain/statistics';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route({ query: statisticsQuery }, async ({ query, caller }) => ok({ data: await getStatistics(query, caller) }));
