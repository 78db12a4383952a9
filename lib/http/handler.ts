import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { accessRule, type RouteKey } from '../auth/access-rules';
import { listTag } from '../domain/list-versions';
import type { ListKind } from '../lists';
import { ROUTES, type RouteSpec } from '../routes';
import { isDependencyUnavailable } from '../aws';
import { authorize, readAheadKeys } from '../auth/authenticate';
import { withReadAhead } from '../db/read-ahead';
import { config } from '../config';
import type { UserRecord } from '../db/users';
import { log, logger } from '../log';
import { recordRequest } from '../metrics';
import { inSubsegment } from '../tracing';
import { MSG } from '../messages';
import { matches, notModified, withCaching } from './caching';
import { acceptsGzip, withCompression } from './compression';
import { corsHeaders } from './cors';
import { DomainError } from '../errors';
import { httpFailure } from './errors';
import { failure, json } from './response';

export interface Request {
  event: APIGatewayProxyEvent;
  /** The caller, when the route's rule required (or optionally read) a token. */
  user?: UserRecord;
  /** Path parameters, URL-decoded. */
  params: Record<string, string>;
  query: Record<string, string>;
  /** Header names lower-cased. */
  headers: Record<string, string>;
}

export type RouteHandler = (req: Request) => Promise<APIGatewayProxyResult>;
export type LambdaHandler = (event: APIGatewayProxyEvent, context?: Partial<Context>) => Promise<APIGatewayProxyResult>;

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
 * Wraps a route's handler: applies the access rule of `key` from the one rule table,
 * maps DomainError to its status and message, turns any other throw into 500
 * "Internal server error" (logged with the stack, never sent), adds CORS headers, logs
 * one line per request (route and request id are persistent keys of every log line of
 * the request), adds HTTP caching headers to GET answers (ETag/304 for public reads,
 * no-store for token-dependent ones: lib/http/caching.ts), records the request's metrics (lib/metrics.ts) and runs the operation
 * in a trace subsegment (lib/tracing.ts). Config is validated when the module loads.
 */
export function route(key: RouteKey, fn: RouteHandler): LambdaHandler {
  const cfg = config();
  const rule = accessRule(key);
  const spec: RouteSpec = ROUTES[key];
  const reads = spec.reads;
  let coldStart = true;
  // A route that reads ahead runs each request in its own read-ahead scope (lib/db/read-ahead.ts).
  // Only those: the scope is an AsyncLocalStorage, whose promise hook, once on, makes every
  // `await` in the process about 2.5× slower.
  if (spec.readAhead) return (event, context) => withReadAhead(() => handle(event, context));
  return handle;
  async function handle(event: APIGatewayProxyEvent, context?: Partial<Context>): Promise<APIGatewayProxyResult> {
    const started = Date.now();
    const requestId = context?.awsRequestId ?? event.requestContext?.requestId;
    logger.appendKeys({ route: key, requestId });
    const headers = lowerHeaders(event.headers);
    const cors = corsHeaders(headers['origin'], cfg.corsOrigins);
    let result: APIGatewayProxyResult;
    try {
      if (event.httpMethod === 'OPTIONS') {
        result = { statusCode: 204, headers: {}, body: '' };
      } else {
        const params: Record<string, string> = {};
        for (const [k, v] of Object.entries(event.pathParameters ?? {})) if (v != null) params[k] = decodeParam(v);
        const user = await authorize(rule, headers, readAheadKeys(spec.readAhead, params.kd_desa));
        const query: Record<string, string> = {};
        for (const [k, v] of Object.entries(event.queryStringParameters ?? {})) if (v != null) query[k] = v;
        const run = () => inSubsegment(key, coldStart, () => fn({ event, user, params, query, headers }));
        result = reads && rule.kind === 'public' && event.httpMethod === 'GET' ? await listRead(reads, event, headers, run) : await run();
      }
    } catch (err) {
      if (err instanceof DomainError) {
        const f = httpFailure(err);
        result = failure(f.statusCode, f.message, f.headers);
      } else if (isDependencyUnavailable(err)) {
        log.error('dependency unavailable', err);
        result = failure(503, MSG.serviceUnavailable, { 'Retry-After': '5' });
      } else {
        log.error('unhandled error', err);
        result = json(500, { message: MSG.internalError });
      }
    }
    result = withCaching(result, { method: event.httpMethod, ifNoneMatch: headers['if-none-match'], shared: rule.kind === 'public' });
    result = withCompression(result, headers);
    result.headers = { ...result.headers, ...cors };
    const durationMs = Date.now() - started;
    log.info('request', { statusCode: result.statusCode, durationMs, coldStart });
    recordRequest(key, result.statusCode, durationMs, coldStart);
    logger.removeKeys(['route', 'requestId']);
    coldStart = false;
    return result;
  }
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
): Promise<APIGatewayProxyResult> {
  const query = Object.entries(event.queryStringParameters ?? {})
    .filter(([, v]) => v != null)
    .sort(([a], [b]) => a.localeCompare(b));
  const tag = await listTag(reads, `${new URLSearchParams(query as [string, string][])}|${acceptsGzip(headers) ? 'gzip' : ''}`);
  if (tag && matches(headers['if-none-match'], tag)) return notModified(tag);
  const result = await run();
  return tag && result.statusCode === 200 ? { ...result, headers: { ...result.headers, ETag: tag } } : result;
}
