/**
 * `npm run events`: writes events/<function>.json, one sample API Gateway (REST, proxy) event
 * per route of the route table, for `serverless invoke local -f NAME -p events/NAME.json
 * --stage local`. Each is derived from the route's catalogue entry (lib/openapi/catalogue):
 * its request example as the body (a form's as its `data` field, with one small PNG per file
 * field), a placeholder for each path parameter and, where the route needs a token, for the
 * token. tests/docs/events.test.ts fails when events/ differs from what this writes now.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { gradientPng } from './png';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.STAGE ??= 'local';
process.env.TABLE_NAME ??= 'tourism-village-local';
process.env.BUCKET_NAME ??= 'tourism-village-images-local';
process.env.AWS_REGION ??= 'ap-southeast-3';

export const EVENTS_DIR = join(__dirname, '..', 'events');
export const TOKEN_PLACEHOLDER = 'replace-with-a-token-from-auth-login';
const BOUNDARY = '----sample-boundary-7MA4YWxkTrZu0gW';

/** Placeholders for path parameters; any other parameter is `<name>-replace-me`. */
const PARAMETER: Record<string, string> = {
  kd_desa: 'DESA-replace-me1',
  email: 'pengelola@example.com',
  slug: 'desa-wisata-pentingsari',
  proxy: 'tidak-ada',
};
/** A page asset that exists, per page (GET /docs/{asset}, …). */
const ASSET: Record<string, string> = { '/docs': 'swagger-ui.css' };

function multipartBody(data: unknown, fileFields: string[]): Buffer {
  const parts: Buffer[] = [];
  const text = (s: string) => Buffer.from(s, 'utf8');
  if (data !== undefined)
    parts.push(text(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`));
  for (const field of fileFields) {
    parts.push(
      text(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
    );
    parts.push(gradientPng(32, 24, [46, 125, 50]), text('\r\n'));
  }
  parts.push(text(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** Every route's sample event, by function name. */
export async function sampleEvents(): Promise<Record<string, APIGatewayProxyEvent>> {
  const { ROUTE_KEYS, ROUTES, splitRouteKey } = await import('../lib/routes');
  const { ROUTE_DOCS } = await import('../lib/openapi/catalogue');
  const out: Record<string, APIGatewayProxyEvent> = {};
  for (const key of ROUTE_KEYS) {
    const spec = ROUTES[key];
    const { method: declared, path: resource } = splitRouteKey(key);
    const method = declared === 'ANY' ? 'GET' : declared;
    const doc = (ROUTE_DOCS as Record<string, (typeof ROUTE_DOCS)[keyof typeof ROUTE_DOCS] | undefined>)[key];
    const pathParameters: Record<string, string> = {};
    for (const [, name] of resource.matchAll(/\{(\w+)\+?\}/g))
      pathParameters[name!] = name === 'asset' ? ASSET[resource.replace('/{asset}', '')]! : (PARAMETER[name!] ?? `${name}-replace-me`);
    const path = resource.replace(/\{(\w+)\+?\}/g, (_, name: string) => pathParameters[name]!);
    const headers: Record<string, string> = {
      Accept: doc?.success.contentType?.startsWith('text/') ? doc.success.contentType.split(';')[0]! : 'application/json',
      Host: '127.0.0.1:3000',
      'User-Agent': 'serverless-invoke-local',
    };
    let body: string | null = null;
    let isBase64Encoded = false;
    const request = doc?.request;
    if (request?.kind === 'json' && request.example !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.example);
    } else if (request?.kind === 'form' || request?.kind === 'file') {
      const files = request.kind === 'form' ? request.files.map((f) => f.field.replace(/(\[\])?$/, '[]')) : [request.limits.fileFields[0]!];
      headers['Content-Type'] = `multipart/form-data; boundary=${BOUNDARY}`;
      body = multipartBody(request.kind === 'form' ? request.example : undefined, files).toString('base64');
      isBase64Encoded = true;
    }
    if (spec.access.kind !== 'public') headers.Authorization = `Bearer ${TOKEN_PLACEHOLDER}`;
    const hasParams = Object.keys(pathParameters).length > 0;
    out[spec.fn] = {
      resource,
      path,
      httpMethod: method,
      headers,
      multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      pathParameters: hasParams ? pathParameters : null,
      stageVariables: null,
      body,
      isBase64Encoded,
      requestContext: {
        accountId: '123456789012',
        apiId: 'sample',
        resourceId: 'sample',
        resourcePath: resource,
        httpMethod: method,
        path,
        protocol: 'HTTP/1.1',
        stage: 'local',
        requestId: `sample-${spec.fn}`,
        requestTimeEpoch: 1767225600000,
        identity: { sourceIp: '127.0.0.1', userAgent: 'serverless-invoke-local' },
      } as APIGatewayProxyEvent['requestContext'],
    };
  }
  return out;
}

export const eventFile = (event: APIGatewayProxyEvent) => `${JSON.stringify(event, null, 2)}\n`;

async function main() {
  const events = await sampleEvents();
  mkdirSync(EVENTS_DIR, { recursive: true });
  for (const f of readdirSync(EVENTS_DIR)) if (f.endsWith('.json') && !(f.replace(/\.json$/, '') in events)) rmSync(join(EVENTS_DIR, f));
  for (const [fn, event] of Object.entries(events)) writeFileSync(join(EVENTS_DIR, `${fn}.json`), eventFile(event));
  console.log(`wrote ${Object.keys(events).length} events to events/`);
}

if (require.main === module) void main();
