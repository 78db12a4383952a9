/**
 * The /docs page: Swagger UI (npm package `swagger-ui-dist`) served by the Lambda itself,
 * so it works offline (serverless-offline) and needs no CDN. The page loads
 * `docs/swagger-ui.css`, `docs/swagger-ui-bundle.js` and `docs/init.js` from
 * GET /docs/{asset}; the package files ship in that function's zip (package.patterns in
 * `files` of its route in lib/routes.ts) and are read from disk once per container.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { version as SWAGGER_UI_VERSION } from 'swagger-ui-dist/package.json';
import { packageFile } from '../platform/package-files';

export { SWAGGER_UI_VERSION };

/** Files served from the package, with their content types. */
export const PACKAGE_ASSETS: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

/** Starts Swagger UI on the document next to the page (relative URL: works behind a stage prefix). */
export const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: new URL('openapi.json', window.location.href).href,
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;

/** An asset by file name, or undefined when it is not one of the served files. */
export function docsAsset(name: string): { body: string; contentType: string } | undefined {
  if (name === 'init.js') return { body: INIT_SCRIPT, contentType: 'text/javascript; charset=utf-8' };
  const contentType = Object.hasOwn(PACKAGE_ASSETS, name) ? PACKAGE_ASSETS[name] : undefined;
  if (!contentType) return undefined;
  return { body: packageFile('swagger-ui-dist', name), contentType };
}

/**
 * The part of the request path before the route's own path: API Gateway's stage (e.g.
 * `/dev`) or a custom domain's base path; empty locally (serverless-offline without prefix).
 */
export function basePath(event: Pick<APIGatewayProxyEvent, 'path' | 'requestContext'>): string {
  const full = event.requestContext?.path;
  const own = event.path;
  if (!full || !own || full === own || !full.endsWith(own)) return '';
  return full.slice(0, full.length - own.length).replace(/\/$/, '');
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML of /docs; `base` is the stage prefix (see basePath). */
export function docsPage(base = ''): string {
  const asset = (name: string) => escapeAttr(`${base}/docs/${name}?v=${SWAGGER_UI_VERSION}`);
  return `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tourism Village Management Service – API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${asset('init.js')}"></script>
</body>
</html>
`;
}

/** Scripts and styles only from this API; the document is fetched from it too. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
