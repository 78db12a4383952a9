import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { accessRule, type RouteKey } from '../auth/access-rules';
import { ROUTES, splitRouteKey, type RouteSpec } from '../routes';
import { withReadAhead } from '../db/read-ahead';
import { config } from '../platform/config';
import { actingOf, type Anonymous, type Caller } from '../contract/caller';
import { inSubsegment } from '../platform/tracing';
import { MSG } from '../contract/messages';
import { varyOnAuthorization, withCaching } from './caching';
import { withCompression } from './compression';
import { withCors } from './cors';
import { json } from './response';
import { lowerHeaders, pathParams, queryParams, inputReader, type Input, type InputSpec } from './input';
import { idempotencyKeyOf, idempotent } from './idempotency';
import { answerErrors, checkAccess, closeRequestLog, openRequestLog, revalidateListRead, routeOf } from './steps';

export { routeOf };

export interface Request {
  event: APIGatewayProxyEvent;
  /**
   * Who acts: the signed-in caller when the route's rule required (or optionally read) a
   * token, else anonymous; either with the request's source address. The domain takes it
   * as is, and the history derives its actor from it (lib/contract/caller.ts).
   */
  caller: Caller | Anonymous;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** Milliseconds until the function's deadline (Lambda's getRemainingTimeInMillis; Infinity without a context). */
  timeLeft: () => number;
}

/** A route's function: it receives the request and its input, parsed as the route's spec declares (lib/http/input.ts). */
export type RouteFunction<S extends InputSpec> = (req: Request & Input<S>) => Promise<APIGatewayProxyResult>;
export type LambdaHandler = (event: APIGatewayProxyEvent, context?: Partial<Context>) => Promise<APIGatewayProxyResult>;
/** A wrapped route: the Lambda handler, with the input spec it parses (read by tests/docs/inputs.test.ts). */
export type RouteHandler = LambdaHandler & { readonly input: InputSpec };

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
 * (lib/platform/tracing.ts). Each of these is a named step (lib/http/steps.ts and the
 * module of its subject); `handle` runs them in order. Config is validated when a route
 * is wrapped.
 */
export function route<const S extends InputSpec>(spec: S, fn: RouteFunction<S>): RouteHandler;
export function route(fn: RouteFunction<object>): RouteHandler;
export function route<S extends InputSpec>(specOrFn: S | RouteFunction<S>, maybeFn?: RouteFunction<S>): RouteHandler {
  const inputSpec = (typeof specOrFn === 'function' ? {} : specOrFn) as S;
  const fn = (typeof specOrFn === 'function' ? specOrFn : maybeFn)!;
  const readInput = inputReader(inputSpec);
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
    const started = openRequestLog(key, context?.awsRequestId ?? event.requestContext?.requestId);
    const headers = lowerHeaders(event.headers);
    const method = event.httpMethod;
    // a GET answered without a caller (public, or optional and no token sent) is the same for everyone: cacheable
    let shared = rule.kind === 'public';
    let result: APIGatewayProxyResult;
    try {
      if (method === 'OPTIONS') result = { statusCode: 204, headers: {}, body: '' };
      else {
        const params = pathParams(event);
        const user = await checkAccess(key, rule, headers, params);
        shared ||= rule.kind === 'optional' && !user;
        result = await respond({ key, event, context, headers, params, user, shared });
      }
    } catch (err) {
      result = answerErrors(err);
    }
    result = withCaching(result, { method, ifNoneMatch: headers['if-none-match'], shared });
    result = withCompression(result, headers);
    result = varyOnAuthorization(result, { method, optional: rule.kind === 'optional' });
    result = withCors(result, headers['origin'], cfg.corsOrigins);
    closeRequestLog(key, started, result.statusCode, coldStart);
    coldStart = false;
    return result;
  }

  /** The admitted request's answer: its input parsed and the route's function run, as a list read, once per Idempotency-Key, or plainly. */
  async function respond(req: {
    key: RouteKey;
    event: APIGatewayProxyEvent;
    context: Partial<Context> | undefined;
    headers: Record<string, string>;
    params: Record<string, string>;
    user: Caller | undefined;
    shared: boolean;
  }): Promise<APIGatewayProxyResult> {
    const { key, event, context, headers, params, user } = req;
    const spec: RouteSpec = ROUTES[key];
    const query = queryParams(event);
    const timeLeft = () => context?.getRemainingTimeInMillis?.() ?? Infinity;
    const idempotencyKey = idempotencyKeyOf(key, event.httpMethod, headers);
    const run = () =>
      inSubsegment(key, coldStart, async () =>
        fn({
          event,
          caller: actingOf(user, event.requestContext?.identity?.sourceIp || undefined),
          headers,
          timeLeft,
          ...(await readInput(event, headers, splitRouteKey(key).path, params, query)),
        }),
      );
    // a list read without a token (public, or optional and none sent) is tagged, and revalidated in one small read
    if (spec.reads && event.httpMethod === 'GET' && req.shared) return revalidateListRead(spec.reads, event, headers, run, spec.small);
    // the idempotency record keeps the answer, a failure's too (its status decides whether it is replayed)
    if (idempotencyKey) return idempotent({ key: idempotencyKey, user, route: key, params, event, headers, timeLeft }, run);
    return run();
  }
}
