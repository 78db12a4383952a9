import { missingReports, missingReportsQuery } from '../../lib/domain/monitoring';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

/** GET /api/pemantauan/belum-lapor: the villages in scope without a report of a month. */
export const handler = route({ query: missingReportsQuery }, async ({ query }) => ok(await missingReports(query)));
