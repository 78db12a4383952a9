import { flaggedReports, flaggedReportsQuery } from '../../lib/domain/monitoring';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

/** GET /api/pemantauan/perlu-cek: the year's flagged months of a region not yet verified. */
export const handler = route({ query: flaggedReportsQuery }, async ({ query }) => ok(await flaggedReports(query)));
