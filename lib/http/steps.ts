import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { AccessRule, RouteKey } from '../auth/access-rules';
import { authorize, readAheadKeys } from '../auth/authenticate';
import { DomainError } from '../contract/errors';
import type { ListKind } from '../contract/lists';
import { MSG } from '../contract/messages';
import { callerOf, type Caller } from '../contract/caller';
import { getListTag } from '../domain/list-versions';
import { isDependencyUnavailable } from '../platform/aws';
import { log, logger } from '../platform/log';
import { recordRequest } from '../platform/metrics';
import { ROUTE_KEYS, ROUTES, splitRouteKey, type RouteSpec } from '../routes';
import { fromWebAppPath } from '../web-app/paths';
import { matches, notModified } from './caching';
import { acceptsGzip } from './compression';
import { httpFailure } from './errors';
import { failure, json } from './response';

/**
 * The steps of the route wrapper (lib/http/handler.ts) that are not an answer's own
 * transformation: finding the route, the access check, the list read's revalidation, the
 * answer to a failure, and the request's log line and metrics. The other steps live with
 * their subject: reading the request (lib/http/input.ts), idempotency
 * (lib/http/idempotency.ts), caching headers and Vary (lib/http/caching.ts), compression
 * (lib/http/compression.ts), CORS (lib/http/cors.ts).
 */

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
 * The caller the route's access rule admits (undefined for a public route, or an optional
 * one without a token); throws the 401/403 otherwise. A route that reads ahead (lib/routes.ts)
 * reads the items of its path together with the token's user.
 */
export async function checkAccess(
  key: RouteKey,
  rule: AccessRule,
  headers: Record<string, string>,
  params: Record<string, string>,
): Promise<Caller | undefined> {
  const spec: RouteSpec = ROUTES[key];
  // the stored account stays below the edge: the route sees the caller's fields only
  const user = await authorize(rule, headers, readAheadKeys(spec.readAhead, params));
  return user && callerOf(user);
}

/** A failure as its answer: a DomainError's status and text, 503 for an unavailable dependency, else 500 (logged, never sent). */
export function answerErrors(err: unknown): APIGatewayProxyResult {
  if (err instanceof DomainError) {
    const f = httpFailure(err);
    // a refused evaluation body names each field's own text beside the message (lib/contract/validation.ts)
    if (err.fields) return json(f.statusCode, { message: f.message, fields: err.fields }, f.headers);
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
 * If-None-Match still matches, else the list itself (`run`), tagged. The tag differs per
 * query and per encoding, as the representations do.
 */
export async function revalidateListRead(
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

/** Starts a request's logs: route and request id become keys of every line it logs. Returns the start time. */
export function openRequestLog(key: RouteKey, requestId: string | undefined): number {
  const started = Date.now();
  logger.appendKeys({ route: key, requestId });
  return started;
}

/** Ends a request's logs: its one `request` line and its metrics (lib/platform/metrics.ts). */
export function closeRequestLog(key: RouteKey, started: number, statusCode: number, coldStart: boolean): void {
  const durationMs = Date.now() - started;
  log.info('request', { statusCode, durationMs, coldStart });
  recordRequest(key, statusCode, durationMs, coldStart);
  logger.removeKeys(['route', 'requestId']);
}
