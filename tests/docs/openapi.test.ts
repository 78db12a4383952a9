/**
 * The generated OpenAPI document: valid OpenAPI 3.1, one operation per route of the
 * access-rule table with its access rule and every error text, every message text of the
 * code present, examples valid for their schemas, and the documented success shapes
 * matching what the handlers really answer.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_RULES, type AccessRule, type RouteKey } from '../../lib/auth/access-rules';
import type { LambdaHandler } from '../../lib/http/handler';
import { MSG } from '../../lib/contract/messages';
import { ownerOnly, ROUTE_DOCS, type DocumentedRoute } from '../../lib/openapi/catalogue';
import { buildOpenApiDocument, describeAccess, documentedRoutes, operationId, type OpenApiDocument } from '../../lib/openapi/document';
import { SWAGGER_UI_VERSION } from '../../lib/openapi/swagger-ui';
import { ROOT } from '../../scripts/local-stack';
import { apiEvent } from '../support/api';
import { declaredRoutes } from '../support/routes';
import { makeFixture, type Fixture } from '../robustness/support/fixture';
import { callerFor, SAMPLES, sampleEvent } from '../robustness/support/samples';

const doc = buildOpenApiDocument();
const routes = documentedRoutes();
const opOf = (route: DocumentedRoute, d: OpenApiDocument = doc) => {
  const [method, path] = route.split(' ') as [string, string];
  return d.paths[path]?.[method.toLowerCase()];
};

/** JSON Schema 2020-12 (the dialect of OpenAPI 3.1); formats are annotations here. */
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
/**
 * The document's components, added to ajv once as one schema, so that each schema of the
 * document compiles against them (a component is compiled once, however many refer to it).
 */
const COMPONENTS = 'urn:openapi:components';
/** A schema of the document with its component $refs pointed at the registered components. */
const againstComponents = (schema: unknown) =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS}#/$defs/`)) as object;
ajv.addSchema(againstComponents({ $id: COMPONENTS, $defs: doc.components.schemas }), undefined, undefined, false);
const validatorCache = new Map<unknown, ReturnType<typeof ajv.compile>>();
/** The schema's validator, compiled once. */
function compiled(schema: unknown): ReturnType<typeof ajv.compile> {
  let validate = validatorCache.get(schema);
  if (!validate) validatorCache.set(schema, (validate = ajv.compile(againstComponents(schema))));
  return validate;
}
function conforms(schema: unknown, value: unknown): string | null {
  const validate = compiled(schema);
  return validate(value) ? null : ajv.errorsText(validate.errors);
}

/** Every schema object of the document: content schemas, parameter schemas, components. */
function schemaObjects(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const v of value) schemaObjects(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'schema' || k === 'contentSchema') out.push(v);
      else schemaObjects(v, out);
    }
  }
  return out;
}

/** Every string anywhere in a JSON value. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** The message texts a response documents (from its examples). */
function documentedMessages(route: DocumentedRoute, status: number): string[] {
  const res = opOf(route)!.responses[String(status)] as
    { content?: { 'application/json'?: { examples?: Record<string, { value: { message: string } }> } } } | undefined;
  return Object.values(res?.content?.['application/json']?.examples ?? {}).map((e) => e.value.message);
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document whose $refs all resolve', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('every schema in it is a valid JSON Schema 2020-12 schema', () => {
    const all = [...schemaObjects(doc.paths), ...Object.values(doc.components.schemas)];
    expect(all.length).toBeGreaterThan(100);
    for (const schema of all) {
      expect(ajv.validateSchema(schema as object), `${JSON.stringify(schema).slice(0, 200)}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
      expect(() => compiled(schema)).not.toThrow();
    }
  });

  it('has exactly one operation per route of the access-rule table (the catch-all aside), with unique operation ids', () => {
    const expected = (Object.keys(ACCESS_RULES) as RouteKey[]).filter((k) => k !== 'ANY /{proxy+}').sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(expected);
    const ids = routes.map((r) => opOf(r)!.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationId('GET /api/desa-wisata/{kd_desa}')).toBe('getApiDesaWisataByKdDesa');
  });

  it('documents each route with its access rule, path parameters, request and success shapes, and every error text', () => {
    for (const route of routes) {
      const op = opOf(route)!;
      const rule = ACCESS_RULES[route];
      const access = describeAccess(rule, ownerOnly(route));
      const where = `${route}`;
      expect(op.security, where).toEqual(access.security);
      expect(op['x-access'].kind, where).toBe(rule.kind);
      expect(op.description, where).toContain(access.text);
      expect(op.summary, where).toBe(ROUTE_DOCS[route].summary);
      if (rule.kind === 'token' && rule.roles) expect(op['x-access'].roles, where).toEqual(rule.roles);
      expect(op['x-access'].owner, where).toBe(rule.kind !== 'public' && ownerOnly(route) ? true : undefined);

      const path = route.slice(route.indexOf(' ') + 1);
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const params = (op.parameters as { name: string; in: string }[] | undefined) ?? [];
      expect(
        params.filter((p) => p.in === 'path').map((p) => p.name),
        where,
      ).toEqual(pathParams);

      const entry = ROUTE_DOCS[route];
      expect(Object.keys(op.responses), where).toContain(String(entry.success.status));
      expect(Boolean(op.requestBody), where).toBe(Boolean(entry.request));
      if (entry.request?.kind === 'form') {
        const content = (op.requestBody as { content: Record<string, unknown> }).content;
        expect(Object.keys(content).sort(), where).toEqual(['application/json', 'multipart/form-data']);
        const props = Object.keys((content['multipart/form-data'] as { schema: { properties: object } }).schema.properties);
        expect(props, where).toEqual(['data', ...entry.request.files.map((f) => f.field)]);
      }

      for (const err of [...access.errors, ...entry.errors]) {
        expect(documentedMessages(route, err.status), `${where} ${err.status}`).toContain(err.message + (err.suffix ?? ''));
      }
      expect(documentedMessages(route, 500), where).toContain(MSG.internalError);
    }
  });

  it('the contract texts of access refusals are where the table puts them', () => {
    expect(documentedMessages('PUT /auth/verify/{email}', 403)).toEqual([MSG.adminOnlyVerify]);
    expect(documentedMessages('POST /api/permintaan', 403)).toContain(MSG.pengelolaOnlyRequest);
    expect(documentedMessages('POST /api/skor', 403)).toEqual([MSG.dinasOnlyScore]);
    expect(documentedMessages('POST /api/deskripsi-desa', 403)).toEqual([MSG.pengelolaOnlyVillageDescription, MSG.villageOwnerOnly]);
    expect(documentedMessages('GET /auth/me', 401)).toEqual([MSG.tokenMissing, MSG.tokenInvalid]);
    expect(documentedMessages('GET /api/status-desa', 401)).toEqual([]);
    expect(opOf('GET /api/status-desa')!.security).toEqual([]);
    expect(opOf('POST /api/desa-wisata')!.security).toEqual([{}, { bearerAuth: [] }]);
  });

  it('contains every message text the code uses', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) {
          if (p !== join(ROOT, 'lib', 'openapi')) walk(p);
        } else if (p.endsWith('.ts')) files.push(p);
      }
    };
    walk(join(ROOT, 'lib'));
    walk(join(ROOT, 'functions'));
    const used = new Set(files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\bMSG\.(\w+)/g)].map((m) => m[1] as keyof typeof MSG)));
    expect(used.size).toBeGreaterThan(50);
    const all = strings(doc);
    const missing = [...used].filter((k) => MSG[k] !== undefined && !all.some((s) => s.includes(MSG[k])));
    expect(missing, 'MSG keys used in the code but absent from the document').toEqual([]);
  });

  it('request examples are valid for the schemas the handlers validate with', () => {
    for (const route of routes) {
      const req = ROUTE_DOCS[route].request;
      if (!req || req.kind === 'file' || req.example === undefined) continue;
      const result = req.schema.safeParse(req.example);
      expect(result.success, `${route}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
      // ... and for the generated JSON Schema of the body (as JSON; for forms also as multipart `data` text).
      const content = (opOf(route)!.requestBody as { content: Record<string, { schema: unknown; example?: unknown }> }).content;
      const json = content['application/json']!;
      expect(conforms(json.schema, json.example ?? req.example), route).toBeNull();
      if (req.kind === 'form') {
        const data = (content['multipart/form-data']!.schema as { properties: { data: { contentSchema: unknown; examples: string[] } } })
          .properties.data;
        expect(conforms(data.contentSchema, JSON.parse(data.examples[0]!)), route).toBeNull();
      }
    }
  });

  it('applies the access rules in force and the server URL when asked', () => {
    const d = buildOpenApiDocument({
      serverUrl: '/dev',
      ruleOf: (r) => (r === 'GET /api/users' ? { kind: 'token', roles: ['admin'] } : ACCESS_RULES[r]),
    });
    expect(d.servers).toEqual([{ url: '/dev', description: 'This API' }]);
    expect(opOf('GET /api/users', d)!.security).toEqual([{ bearerAuth: [] }]);
    expect(strings(opOf('GET /api/users', d)!.responses['403'])).toContain(MSG.forbiddenRole);
  });
});

// ------------------------------------------------------------------ real responses

const handlers = new Map(declaredRoutes().map((r) => [r.key, r.handler]));
async function handlerOf(route: RouteKey): Promise<LambdaHandler> {
  const file = handlers.get(route);
  if (!file) throw new Error(`no function for ${route}`);
  return ((await import(join(ROOT, `${file.replace(/\.handler$/, '')}.ts`))) as { handler: LambdaHandler }).handler;
}

const checked = new Set<DocumentedRoute>();

/** Invokes a route's handler and checks the answer against the documented success status and shape. */
async function call(route: DocumentedRoute, event: APIGatewayProxyEvent): Promise<{ raw: APIGatewayProxyResult; body: any }> {
  const raw = await (await handlerOf(route))(event, { awsRequestId: 'test' });
  const entry = ROUTE_DOCS[route];
  const type = String(raw.headers?.['Content-Type'] ?? '');
  const body = type.startsWith('application/json') ? JSON.parse(raw.body) : raw.body;
  expect(raw.statusCode, `${route}: ${raw.body.slice(0, 300)}`).toBe(entry.success.status);
  expect(type.split(';')[0], route).toBe(entry.success.contentType ?? 'application/json');
  const parsed = entry.success.schema.safeParse(body);
  expect(parsed.success, `${route} answered a body the document does not describe: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  // The generated JSON Schema of the response, too.
  const documented = (opOf(route)!.responses[String(entry.success.status)] as { content: Record<string, { schema: unknown }> }).content;
  const schema = documented[entry.success.contentType ?? 'application/json']!.schema;
  expect(conforms(schema, body), `${route}: ${JSON.stringify(body).slice(0, 300)}`).toBeNull();
  checked.add(route);
  return { raw, body };
}

describe('the documented success shapes', () => {
  // every route's valid sample (tests/robustness/support/samples.ts), sent by a caller its rule lets in
  let fx: Fixture;
  beforeAll(async () => {
    fx = await makeFixture({ resetCode: true });
  }, 60_000);
  for (const route of declaredRoutes().filter((r) => (routes as string[]).includes(r.key))) {
    it(`${route.key}: its answer is the documented status and shape`, { timeout: 60_000 }, async () => {
      const sample = await SAMPLES[route.key]!({ fx, owner: fx.owner });
      const event = sampleEvent(route, sample, callerFor(fx, (ACCESS_RULES as Record<string, AccessRule>)[route.key]!)?.token);
      await call(route.key as DocumentedRoute, event);
    });
  }
  it('the document, its page and the pages for people answer as documented, each page behind its own CSP', async () => {
    const get = (route: DocumentedRoute, pathParameters?: Record<string, string>) => {
      const [method, resource] = route.split(' ') as [string, string];
      return call(route, apiEvent({ method, resource, pathParameters }));
    };
    const spec = await get('GET /openapi.json');
    expect(spec.body.openapi).toBe('3.1.0');
    expect(spec.body.servers).toEqual([{ url: '/', description: 'This API' }]);
    const page = await get('GET /docs');
    expect(page.body).toContain(`/docs/swagger-ui-bundle.js?v=${SWAGGER_UI_VERSION}`);
    expect(page.raw.headers?.['Content-Security-Policy']).toContain("script-src 'self'");
    expect((await get('GET /docs/{asset}', { asset: 'swagger-ui-bundle.js' })).body).toContain('SwaggerUIBundle');
  });
  it('covers every documented route', () => {
    expect(routes.filter((route) => !checked.has(route))).toEqual([]);
  });

  it('behind a stage prefix the document and the page point at the prefixed URLs; unknown assets are 404', async () => {
    const event = (route: DocumentedRoute, path: string, pathParameters?: Record<string, string>) => {
      const [method, resource] = route.split(' ') as [string, string];
      const e = apiEvent({ method, resource, pathParameters });
      return { ...e, path, requestContext: { ...e.requestContext, path: `/dev${path}` } };
    };
    const spec = await (await handlerOf('GET /openapi.json'))(event('GET /openapi.json', '/openapi.json'));
    expect(JSON.parse(spec.body).servers[0].url).toBe('/dev');
    const page = await (await handlerOf('GET /docs'))(event('GET /docs', '/docs'));
    expect(page.body).toContain('src="/dev/docs/swagger-ui-bundle.js');
    const asset = await handlerOf('GET /docs/{asset}');
    for (const name of ['../package.json', 'index.html', 'swagger-ui.js.map', '']) {
      const res = await asset(event('GET /docs/{asset}', `/docs/${name}`, { asset: name }));
      expect(res.statusCode, name).toBe(404);
      expect(JSON.parse(res.body)).toEqual({ status: 'fail', message: MSG.notFoundRoute });
    }
    const css = await asset(event('GET /docs/{asset}', '/docs/swagger-ui.css', { asset: 'swagger-ui.css' }));
    expect(css.statusCode).toBe(200);
    expect(css.headers?.['Content-Type']).toBe('text/css; charset=utf-8');
  });
});
