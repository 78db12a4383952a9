import { route } from '../../lib/http/handler';
import { basePath, DOCS_CSP, docsPage } from '../../lib/openapi/swagger-ui';

/** GET /docs: Swagger UI for /openapi.json; its scripts and styles come from GET /docs/{asset}. */
export const handler = route(async ({ event }) => ({
  statusCode: 200,
  headers: {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': DOCS_CSP,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  },
  body: docsPage(basePath(event)),
}));
