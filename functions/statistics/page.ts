import { route } from '../../lib/http/handler';
import { basePath } from '../../lib/openapi/swagger-ui';
import { STATISTICS_CSP, statisticsPage } from '../../lib/pages/statistics';

/** GET /statistik: the charts of GET /api/statistik; its script, style and Chart.js come from GET /statistik/{asset}. */
export const handler = route(async ({ event }) => ({
  statusCode: 200,
  headers: {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': STATISTICS_CSP,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  },
  body: statisticsPage(basePath(event)),
}));
