import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { accessRule, type RouteKey } from '../auth/access-rules';
import { getListTag } from '../domain/list-versions';
import type { ListKind } from '../contract/lists';
import { ROUTE_KEYS, ROUTES, splitRouteKey, type RouteSpec } from '../routes';
import { fromWebAppPath } from '../web-app/paths';
import { isDependencyUnavailable } from '../platform/aws';
import { authorize, readAheadKeys } from '../auth/authenticate';
import { withReadAhead } from '../db/read-ahead';
import { config } from '../platform/config';
import type { UserRecord } from '../db/users';
import { whoIs, type Who } from '../db/history';
import { log, logger } from '../platform/log';
import { recordRequest } from '../platform/metrics';
import { inSubsegment } from '../platform/tracing';
import { MSG } from '../contract/messages';
import { matches, notModified, withCaching } from './caching';
import { acceptsGzip, withCompression } from './compression';
import { corsHeaders } from './cors';
import { DomainError } from '../contract/errors';
import { httpFailure } from './errors';
import { failure, json } from './response';
import { readInput, type Input, type InputSpec } from './input';
import { idempotencyKeyOf, idempotent } from './idempotency';

export interface Request {
  event: APIGatewayProxyEvent;
  /** The caller, when the route's rule required (or optionally read) a token. */
  user?: UserRecord;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** Who the history records as making the request's changes (lib/domain/history.ts). */
  who: Who;
  /** Milliseconds until the function's deadline (Lambda's getRemainingTimeInMillis; Infinity without a context). */
  timeLeft: () => number;
}

/** A route's function: it receives the request and its input, parsed as the route's spec declares (lib/http/input.ts). */
export type RouteFunction<S extends InputSpec> = (req: Request & Input<S>) => Promise<APIGatewayProxyResult>;
export type LambdaHandler = (event: APIGatewayProxyEvent, context?: Partial<Context>) => Promise<APIGatewayProxyResult>;
/** A wrapped route: the Lambda handler, with the input spec it parses (read by tests/docs/inputs.test.ts). */
export type RouteHandler = LambdaHandler & { readonly input: InputSpec };

function decodeParam(v: string): string {
  if (!v.includes('%')) return v;
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

function lowerHeaders(h: APIGatewayProxyEvent['headers'] | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) if (typeof v === 'string') out[k.toLowerCase()] = v;
  return out;
}

/**
 * The route an event is for, from the table: its method and the path template API
 * Gateway matched (`resource`; a web-app alias stands for its contract path). OPTIONS
 * (CORS preflight) and `ANY` routes match any method of their path.
 */
export function routeOf(event: Pick<APIGatewayProxyEvent, 'httpMethod' | 'resource'>): RouteKey | undefined {
  const path = fromWebAppPath(event.resource ?? '');
  const method = (event.httpMethod ?? '').toUpperCase();
  const exact = `${method} ${path}`;
  if (exact in ROUTES) return exact as RouteKey;
  if (`ANY ${path}` in ROUTES) return `ANY ${path}` as RouteKey;
  return method === 'OPTIONS' ? ROUTE_KEYS.find((k) => splitRouteKey(k).path === path) : undefined;
}

/**
 * Wraps a route's function. The function names no route: each request's route comes from
 * the event (`routeOf`), so a route is declared once, in lib/routes.ts, and a function
 * only ever receives the events of the paths the table gives it. The wrapper applies the
 * access rule of that route from the one rule table, then reads and parses the input the
 * spec declares (params, query, JSON body or form, lib/http/input.ts: the function gets it
 * typed and parsed; the spec is kept as `handler.input`, the one the OpenAPI catalogue
 * documents), maps DomainError to its status and message, turns any other throw into 500
 * "Internal server error" (logged with the stack, never sent), adds CORS headers, logs
 * one line per request (route and request id are persistent keys of every log line of
 * the request), adds HTTP caching headers to GET answers (ETag/304 for public reads,
 * no-store for token-dependent ones: lib/http/caching.ts), runs a write that sends an
 * `Idempotency-Key` once per key (lib/http/idempotency.ts), records the request's metrics
 * (lib/platform/metrics.ts) and runs the operation in a trace subsegment
 * (lib/platform/tracing.ts). Config is validated when the module loads.
 */
export function route<const S extends InputSpec>(spec: S, fn: RouteFunction<S>): RouteHandler;
export function route(fn: RouteFunction<object>): RouteHandler;
export function route<S extends InputSpec>(specOrFn: S | RouteFunction<S>, maybeFn?: RouteFunction<S>): RouteHandler {
  const inputSpec = (typeof specOrFn === 'function' ? {} : specOrFn) as S;
  const fn = (typeof specOrFn === 'function' ? specOrFn : maybeFn)!;
  const cfg = config();
  let coldStart = true;
  const handler: LambdaHandler = (event, context) => {
    const key = routeOf(event);
    if (!key) return Promise.resolve(json(404, { message: MSG.notFoundRoute }));
    // A route that reads ahead runs each request in its own read-ahead scope (lib/db/read-ahead.ts).
    // Only those: the scope is an AsyncLocalStorage, whose promise hook, once on, makes every
    // `await` in the process about 2.5× slower.
    return (ROUTES[key] as RouteSpec).readAhead ? withReadAhead(() => handle(key, event, context)) : handle(key, event, context);
  };
  return Object.assign(handler, { input: inputSpec });
  async function handle(key: RouteKey, event: APIGatewayProxyEvent, context?: Partial<Context>): Promise<APIGatewayProxyResult> {
    const rule = accessRule(key);
    const spec: RouteSpec = ROUTES[key];
    const reads = spec.reads;
    const started = Date.now();
    const requestId = context?.awsRequestId ?? event.requestContext?.requestId;
    logger.appendKeys({ route: key, requestId });
    const headers = lowerHeaders(event.headers);
    const cors = corsHeaders(headers['origin'], cfg.corsOrigins);
    let result: APIGatewayProxyResult;
    // a GET answered without a caller (public, or optional and no token sent) is the same for everyone: cacheable
    let anonymous = rule.kind === 'public';
    try {
      if (event.httpMethod === 'OPTIONS') {
        result = { statusCode: 204, headers: {}, body: '' };
      } else {
        const params: Record<string, string> = {};
        for (const [k, v] of Object.entries(event.pathParameters ?? {})) if (v != null) params[k] = decodeParam(v);
        const user = await authorize(rule, headers, readAheadKeys(spec.readAhead, params));
        anonymous ||= rule.kind === 'optional' && !user;
        const query: Record<string, string> = {};
        for (const [k, v] of Object.entries(event.queryStringParameters ?? {})) if (v != null) query[k] = v;
        const timeLeft = () => context?.getRemainingTimeInMillis?.() ?? Infinity;
        const idempotencyKey = idempotencyKeyOf(key, event.httpMethod, headers);
        const run = () =>
          inSubsegment(key, coldStart, async () =>
            fn({
              event,
              user,
              headers,
              who: whoIs(user, event.requestContext?.identity?.sourceIp || undefined),
              timeLeft,
              ...(await readInput(inputSpec, event, headers, splitRouteKey(key).path, params, query)),
            }),
          );
        // a list read without a token (public, or optional and none sent) is tagged, and revalidated in one small read
        const tagged = reads && event.httpMethod === 'GET' && anonymous;
        if (tagged) result = await listRead(reads, event, headers, run, spec.small);
        else if (idempotencyKey)
          result = await idempotent({ key: idempotencyKey, user, route: key, params, event, headers, timeLeft }, () =>
            run().catch(errorAnswer),
          );
        else result = await run();
      }
    } catch (err) {
      result = errorAnswer(err);
    }
    result = withCaching(result, { method: event.httpMethod, ifNoneMatch: headers['if-none-match'], shared: anonymous });
    result = withCompression(result, headers);
    // the answer to a token differs (GET /api/statistik adds the accounts): caches keep them apart
    if (rule.kind === 'optional' && event.httpMethod === 'GET') {
      const vary = result.headers?.Vary;
      result.headers = { ...result.headers, Vary: vary ? `${String(vary)}, Authorization` : 'Authorization' };
    }
    result.headers = { ...result.headers, ...cors };
    const durationMs = Date.now() - started;
    log.info('request', { statusCode: result.statusCode, durationMs, coldStart });
    recordRequest(key, result.statusCode, durationMs, coldStart);
    logger.removeKeys(['route', 'requestId']);
    coldStart = false;
    return result;
  }
}

/** A failure as its answer: a DomainError's status and text, 503 for an unavailable dependency, else 500 (logged, never sent). */
function errorAnswer(err: unknown): APIGatewayProxyResult {
  if (err instanceof DomainError) {
    const f = httpFailure(err);
    return failure(f.statusCode, f.message, f.headers);
  }
  if (isDependencyUnavailable(err)) {
    log.error('dependency unavailable', err);
    return failure(503, MSG.serviceUnavailable, { 'Retry-After': '5' });
  }
  log.error('unhandled error', err);
  return json(500, { message: MSG.internalError });
}

/**
 * A public list read: its version tag first (one small read), then 304 if the caller's
 * If-None-Match still matches, else the list itself, tagged. The tag differs per query
 * and per encoding, as the representations do.
 */
async function listRead(
  reads: readonly ListKind[],
  event: APIGatewayProxyEvent,
  headers: Record<string, string>,
  run: () => Promise<APIGatewayProxyResult>,
  small = false,
): Promise<APIGatewayProxyResult> {
  const query = Object.entries(event.queryStringParameters ?? {})
    .filter(([, v]) => v != null)
    .sort(([a], [b]) => a.localeCompare(b));
  const tagOf = () => getListTag(reads, `${new URLSearchParams(query as [string, string][])}|${acceptsGzip(headers) ? 'gzip' : ''}`);
  // a small answer is read beside its tag (one round trip), unless the caller revalidates (then
  // most likely a 304: the tag alone); a large list only once the tag did not match
  const parallel = small && !headers['if-none-match'];
  const [tag, early] = parallel ? await Promise.all([tagOf(), run()]) : [await tagOf(), undefined];
  if (tag && matches(headers['if-none-match'], tag)) return notModified(tag);
  const result = early ?? (await run());
  return tag && result.statusCode === 200 ? { ...result, headers: { ...result.headers, ETag: tag } } : result;
}
