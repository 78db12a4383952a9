import { route } from '../../lib/http/handler';
import { basePath } from '../../lib/openapi/swagger-ui';
import { EVALUATION_CSP, evaluationPage } from '../../lib/pages/evaluations';

/** GET /evaluasi: the evaluation page (sign-in, self-assessment, review, progress); its script and style come from GET /evaluasi/{asset}. */
export const handler = route(async ({ event }) => ({
  statusCode: 200,
  headers: {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': EVALUATION_CSP,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  },
  body: evaluationPage(basePath(event)),
}));
