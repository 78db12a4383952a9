/**
 * Builds the OpenAPI 3.1 document from the code: the routes and their access rules from
 * the one access-rule table (lib/auth/access-rules.ts), the request bodies from the same
 * zod schemas the handlers validate with (z.toJSONSchema), the success shapes from
 * lib/openapi/responses.ts, and every error text from lib/contract/messages.ts through the route
 * catalogue (lib/openapi/catalogue/). Nothing here is written by hand per route.
 */
import * as z from 'zod';
import { version } from '../../package.json';
import { ACCESS_RULES, type AccessRule, type RouteKey } from '../auth/access-rules';
import { MSG } from '../contract/messages';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../http/idempotency';
import { ownerOnly, ROUTE_DOCS, TAGS, type DocumentedRoute, type ErrorDoc, type RouteDoc, type RouteFacts } from './catalogue';
import { requestBody } from './request-body';
import { Schemas, type JsonObject } from './schemas';

export type { JsonObject };

export interface OpenApiOperation extends JsonObject {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  'x-access': { kind: AccessRule['kind']; roles?: readonly string[]; owner?: true };
  responses: Record<string, JsonObject>;
}

export interface OpenApiDocument extends JsonObject {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonObject>; securitySchemes: Record<string, JsonObject> };
}

export interface BuildOptions {
  /** The base URL of the API (e.g. `/dev` behind API Gateway's stage prefix). Default `/`. */
  serverUrl?: string;
  /** The rule in force for a route; default: the table's (ACCESS_RULES) itself. */
  ruleOf?: (route: RouteKey) => AccessRule;
}

export const OPENAPI_VERSION = '3.1.0';
const BEARER = 'bearerAuth';
const ERROR_BODY = { $ref: '#/components/schemas/ErrorBody' };

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Server error',
  503: 'A dependency is unavailable',
};

/** The routes the document describes: every route of the table except the catch-all, in the table's order. */
export function documentedRoutes(): DocumentedRoute[] {
  return (Object.keys(ACCESS_RULES) as RouteKey[]).filter((k): k is DocumentedRoute => k !== 'ANY /{proxy+}');
}

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** "GET /api/desa-wisata/{kd_desa}" → "getApiDesaWisataByKdDesa". */
export function operationId(route: string): string {
  const [method, path] = route.split(' ') as [string, string];
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith('{') ? `By${pascal(seg)}` : pascal(seg)));
  return method.toLowerCase() + parts.join('');
}

const code = (s: string) => `\`${s}\``;

/** What a rule means for a client: the security requirement, a sentence, and the errors it adds. */
export function describeAccess(
  rule: AccessRule,
  owner = false,
): { security: Record<string, string[]>[]; text: string; errors: ErrorDoc[] } {
  const base = describeTokenRule(rule);
  if (rule.kind === 'public' || !owner) return base;
  return {
    ...base,
    text: `${base.text} The caller must also own the village the request names (403 "${MSG.villageOwnerOnly}" otherwise).`,
  };
}

function describeTokenRule(rule: AccessRule): { security: Record<string, string[]>[]; text: string; errors: ErrorDoc[] } {
  const invalid: ErrorDoc = {
    status: 401,
    message: MSG.tokenInvalid,
    when: 'The token is malformed, badly signed, expired, or its user is gone or changed password',
  };
  const missing: ErrorDoc = { status: 401, message: MSG.tokenMissing, when: 'No Authorization header' };
  if (rule.kind === 'public') return { security: [], text: 'Public: no token needed (a token, if sent, is ignored).', errors: [] };
  if (rule.kind === 'optional') {
    return {
      security: [{}, { [BEARER]: [] }],
      text: 'Token optional: without one the route applies its own rule (see the description); a token, if sent, must be valid.',
      errors: [invalid],
    };
  }
  if (!rule.roles) return { security: [{ [BEARER]: [] }], text: 'Any valid bearer token (any role).', errors: [missing, invalid] };
  const forbidden = rule.forbidden ?? MSG.forbiddenRole;
  return {
    security: [{ [BEARER]: [] }],
    text: `Bearer token of role ${rule.roles.map(code).join(' or ')}; other roles get 403 "${forbidden}".`,
    errors: [missing, invalid, { status: 403, message: forbidden, when: `The token's role is not ${rule.roles.join(' or ')}` }],
  };
}

const INTERNAL: ErrorDoc = { status: 500, message: MSG.internalError, when: 'Unexpected failure (details are logged, never sent)' };
const UNAVAILABLE: ErrorDoc = {
  status: 503,
  message: MSG.serviceUnavailable,
  when: 'A dependency (DynamoDB, S3, SES) did not answer within AWS_TIMEOUT_MS twice, or throttled; with Retry-After',
};

/** Merges errors with the same status and text (their conditions joined), keeping the first order. */
function mergeErrors(errors: ErrorDoc[]): ErrorDoc[] {
  const out = new Map<string, ErrorDoc>();
  for (const err of errors) {
    const key = `${err.status} ${err.message}${err.suffix ?? ''}`;
    const seen = out.get(key);
    if (!seen) out.set(key, { ...err });
    else if (!seen.when.includes(err.when)) seen.when = `${seen.when}; or: ${err.when}`;
  }
  return [...out.values()];
}

function errorResponses(errors: ErrorDoc[]): Record<string, JsonObject> {
  const byStatus = new Map<number, ErrorDoc[]>();
  for (const err of errors) byStatus.set(err.status, [...(byStatus.get(err.status) ?? []), err]);
  const out: Record<string, JsonObject> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const list = byStatus.get(status)!;
    const envelope = status >= 500 ? 'error' : 'fail';
    out[String(status)] = {
      description: [
        `${STATUS_TEXT[status] ?? 'Error'}. Message texts:`,
        '',
        ...list.map((e) => `- ${code(e.message + (e.suffix ?? ''))}: ${e.when}`),
      ].join('\n'),
      ...(status === 429
        ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } } }
        : {}),
      content: {
        'application/json': {
          schema: ERROR_BODY,
          examples: Object.fromEntries(
            list.map((e, i) => [
              `${status}-${i + 1}`,
              { summary: e.when, value: { status: envelope, message: e.message + (e.suffix ?? '') } },
            ]),
          ),
        },
      },
    };
  }
  return out;
}

/** A parameter per property of an object schema (its description moved from the schema to the parameter). */
function parametersOf(schema: z.ZodObject, where: 'path' | 'query', schemas: Schemas): JsonObject[] {
  const json = schemas.convert(schema);
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties ?? {}) as Record<string, JsonObject>).map(([name, prop]) => {
    const { description, ...rest } = prop;
    return { name, in: where, required: where === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

/** The path parameters in the template's order (from the handler's params schema), then the query parameters. */
function parameters(path: string, doc: RouteDoc, schemas: Schemas): JsonObject[] {
  const declared = doc.params ? parametersOf(doc.params, 'path', schemas) : [];
  const inPath = [...path.matchAll(/\{(\w+)\+?\}/g)].map(
    (m) => declared.find((p) => p.name === m[1]) ?? { name: m[1]!, in: 'path', required: true, schema: { type: 'string' } },
  );
  return [...inPath, ...(doc.query ? parametersOf(doc.query, 'query', schemas) : [])];
}

const NOT_MODIFIED =
  'Not Modified: the `If-None-Match` tag still matches (no body). Public answers carry `ETag` and ' +
  '`Cache-Control: public, max-age=0, must-revalidate`; for the whole-table lists this check is one small read.';
const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header' as const,
  required: false,
  description: 'The `ETag` of an earlier answer: 304 without a body while the answer is unchanged.',
  schema: { type: 'string' },
};

const IDEMPOTENCY_KEY = {
  name: IDEMPOTENCY_HEADER,
  in: 'header' as const,
  required: false,
  description:
    'Optional, for safe retries: a key the client makes for this one write (a UUID), 1–255 printable ASCII characters. ' +
    `Sent again with the same request within 24 h, it gets the first answer again (with \`${REPLAYED_HEADER}: true\`) ` +
    'and the write is not made a second time. See the overview.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};
const IDEMPOTENCY_ERRORS: ErrorDoc[] = [
  {
    status: 400,
    message: MSG.idempotencyKeyInvalid,
    when: `The ${IDEMPOTENCY_HEADER} header is empty, longer than 255 or not printable ASCII`,
  },
  { status: 409, message: MSG.idempotencyInProgress, when: `The first request with this ${IDEMPOTENCY_HEADER} is still running` },
  { status: 422, message: MSG.idempotencyKeyReused, when: `This ${IDEMPOTENCY_HEADER} was used with a different request` },
];
const isWrite = (route: DocumentedRoute) => /^(POST|PUT|PATCH|DELETE) /.test(route);

/** A route's cost, the history it writes (or why none) and the roles its handler refuses, in words. */
const factsText = ({ trips, why, records, noHistory, roleRefusals, oncePer }: RouteFacts) =>
  [
    `**DynamoDB round trips:** ${trips} (${why}).`,
    ...(records ? [`**History:** writes ${records.map((a) => `\`${a}\``).join(' and ')}.`] : []),
    ...(noHistory ? [`**History:** none: ${noHistory}.`] : []),
    ...(oncePer ? [`**Once** a ${oncePer.period} per ${oncePer.fields.map((f) => `\`${f}\``).join(' and ')}; again: 409.`] : []),
    ...(roleRefusals ?? []).map((r) => `**Refused by the handler:** ${r.roles.join(' and ')}, 403 \`${r.error.message}\` (${r.why}).`),
  ].join(' ');

function operation(route: DocumentedRoute, rule: AccessRule, schemas: Schemas): OpenApiOperation {
  const doc = ROUTE_DOCS[route];
  const path = route.slice(route.indexOf(' ') + 1);
  const opId = operationId(route);
  const access = describeAccess(rule, ownerOnly(route));
  const errors = mergeErrors([...access.errors, ...doc.errors, ...(isWrite(route) ? IDEMPOTENCY_ERRORS : []), INTERNAL, UNAVAILABLE]);
  const success = doc.success;
  const successSchema = schemas.convert(success.schema);
  const cacheable = rule.kind === 'public' && route.startsWith('GET ') && success.status === 200;
  const op: OpenApiOperation = {
    operationId: opId,
    summary: doc.summary,
    description: [doc.description, `**Access:** ${access.text}`, factsText(doc.facts)].filter(Boolean).join('\n\n'),
    tags: [doc.tag],
    security: access.security,
    'x-access': {
      kind: rule.kind,
      ...(rule.kind === 'token' && rule.roles ? { roles: rule.roles } : {}),
      ...(rule.kind !== 'public' && ownerOnly(route) ? { owner: true as const } : {}),
    },
    responses: {
      [String(success.status)]: {
        description: success.description,
        content: { [success.contentType ?? 'application/json']: { schema: successSchema } },
      },
      ...Object.fromEntries(
        (doc.otherAnswers ?? []).map((a) => [
          String(a.status),
          // an answer of the success's status in another media type (an export's link as JSON) joins it
          a.status === success.status
            ? {
                description: `${success.description.replace(/\.$/, '')}. ${a.description}`,
                content: {
                  [success.contentType ?? 'application/json']: { schema: successSchema },
                  [a.contentType ?? 'application/json']: { schema: schemas.convert(a.schema) },
                },
              }
            : {
                description: a.description,
                ...(a.headers
                  ? {
                      headers: Object.fromEntries(
                        Object.entries(a.headers).map(([h, d]) => [h, { description: d, schema: { type: 'string' } }]),
                      ),
                    }
                  : {}),
                content: { [a.contentType ?? 'application/json']: { schema: schemas.convert(a.schema) } },
              },
        ]),
      ),
      ...(cacheable ? { '304': { description: NOT_MODIFIED } } : {}),
      ...errorResponses(errors),
    },
  };
  const params = [...parameters(path, doc, schemas), ...(cacheable ? [IF_NONE_MATCH] : []), ...(isWrite(route) ? [IDEMPOTENCY_KEY] : [])];
  if (params.length) op.parameters = params;
  if (doc.request) op.requestBody = requestBody(doc.request, opId, schemas);
  return op;
}

const OVERVIEW = [
  'The back end of the tourism village (desa wisata) management service. Generated from the code: the route table,',
  'the zod schemas the handlers validate with, and the exact message texts.',
  '',
  '**Envelope.** Every JSON body has `status`: `success` (2xx), `fail` (4xx) or `error` (5xx). `fail` and `error`',
  'bodies carry a `message` (the texts are listed per route and response code).',
  '',
  '**Authentication.** `Authorization: Bearer <token>` with the token from `POST /auth/login`. Each operation says',
  `which token it needs. Missing token: 401 "${MSG.tokenMissing}"; invalid or expired: 401 "${MSG.tokenInvalid}".`,
  `Operators can tighten a route with ACCESS_OVERRIDES; a role refused that way gets 403 "${MSG.forbiddenRole}".`,
  '',
  `**Other paths** answer 404 "${MSG.notFoundRoute}". Malformed JSON bodies answer 400 "${MSG.invalidJson}" unless the`,
  `route names its own text. Any unexpected failure answers 500 "${MSG.internalError}".`,
  '',
  '**Concurrent writes.** A write that loses a race to another write on the same records is retried inside the',
  `service; if every attempt loses, it answers 409 "${MSG.writeBusy}" (or the route's own text) and changed nothing:`,
  'try again.',
  '',
  `**Safe retries.** A POST, PUT, PATCH or DELETE may send an \`${IDEMPOTENCY_HEADER}\` header (as in the IETF httpapi`,
  'draft and Stripe): a key the client makes for that one write, 1–255 printable ASCII characters (a UUID). Sent again',
  'by the same caller (the same token user; every caller without a token shares one scope) to the same route and path',
  'with the same query and body within 24 h, the request gets the first answer again (status, headers, body; marked',
  `\`${REPLAYED_HEADER}: true\`) and the write is not made a second time; so a write whose answer was lost (a timeout,`,
  'a dropped connection) can be sent again safely. The same key with a different request answers 422',
  `"${MSG.idempotencyKeyReused}"; while the first request still runs, 409 "${MSG.idempotencyInProgress}"; a`,
  `malformed key 400 "${MSG.idempotencyKeyInvalid}". Successful and 4xx answers are replayed, except 408, 409,`,
  '425 and 429; after a 5xx (or one of those) the key is free again and a retry runs anew, yet never makes the change',
  'twice: the change commits together with a mark of its key, so when an earlier attempt did commit although its answer',
  `was a 5xx or never came, the retry changes nothing and answers 200 "${MSG.idempotencyAlreadyApplied}". A replay`,
  'repeats the first answer as it was then (an id it named may since have been deleted). `POST /auth/login` and',
  '`POST /auth/password/verify` check the key but never record an answer (a token; a check that must answer for its',
  'own moment). Without the header nothing changes.',
].join('\n');

/** The OpenAPI 3.1 document of the service. */
export function buildOpenApiDocument(options: BuildOptions = {}): OpenApiDocument {
  const ruleOf = options.ruleOf ?? ((route: RouteKey) => ACCESS_RULES[route]);
  const schemas = new Schemas();
  const paths: OpenApiDocument['paths'] = {};
  for (const route of documentedRoutes()) {
    const [method, path] = route.split(' ') as [string, string];
    (paths[path] ??= {})[method.toLowerCase()] = operation(route, ruleOf(route), schemas);
  }
  return {
    openapi: OPENAPI_VERSION,
    info: { title: 'Tourism Village Management Service', version, description: OVERVIEW },
    servers: [{ url: options.serverUrl ?? '/', description: 'This API' }],
    tags: TAGS.map((t) => ({ ...t })),
    paths,
    components: {
      schemas: {
        ErrorBody: {
          type: 'object',
          required: ['status', 'message'],
          properties: {
            status: { type: 'string', enum: ['fail', 'error'] },
            message: { type: 'string' },
            fields: {
              type: 'object',
              additionalProperties: { type: 'string' },
              description:
                'Evaluation routes, a 400 for an invalid body: each offending field (its path, e.g. `partisipasi_masyarakat`, `bukti.akses_tempat_wisata.tautan.0`) → its own text, to show beside the field',
            },
          },
          description: '4xx: status `fail`; 5xx: status `error`.',
        },
        ...Object.fromEntries(Object.entries(schemas.components).sort(([a], [b]) => a.localeCompare(b))),
      },
      securitySchemes: {
        [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token from POST /auth/login (HS256, 24 h).' },
      },
    },
  };
}
