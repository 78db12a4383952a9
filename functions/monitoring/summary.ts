import { monitoringSummary, monitoringSummaryQuery } from '../../lib/domain/monitoring';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

/** GET /api/pemantauan/rekap: a region's totals per month against a year before. */
export const handler = route({ query: monitoringSummaryQuery }, async ({ query }) => ok({ data: await monitoringSummary(query) }));
