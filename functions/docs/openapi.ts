import { accessRule } from '../../lib/auth/access-rules';
import { route } from '../../lib/http/handler';
import { buildOpenApiDocument } from '../../lib/openapi/document';
import { basePath } from '../../lib/openapi/swagger-ui';

let cached: { base: string; body: string } | undefined;

/** GET /openapi.json: the OpenAPI 3.1 document, generated from the code (with the access rules in force). */
export const handler = route(async ({ event }) => {
  const base = basePath(event);
  if (cached?.base !== base) cached = { base, body: JSON.stringify(buildOpenApiDocument({ serverUrl: base || '/', ruleOf: accessRule })) };
  return {
    statusCode: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' },
    body: cached.body,
  };
});
