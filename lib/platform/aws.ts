import { config } from './config';
import { traced } from './tracing';

/**
 * Credentials for a local emulator endpoint: serverless-offline injects none, and
 * DynamoDB Local and s3rver accept these alphanumeric ones. On AWS (no endpoint) the
 * SDK's default chain (the Lambda role) is used.
 */
export function localCredentials(endpoint: string | undefined) {
  if (!endpoint) return undefined;
  return {
    accessKeyId: process.env.AWS_ACCESS_KEY_ID || 'S3RVER',
    secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY || 'S3RVER',
  };
}

/**
 * Options every AWS client shares: the endpoint and credentials of a local emulator, and
 * bounded waiting. Without timeouts a stalled dependency holds a request until Lambda's
 * own timeout (15 s) ends it with an empty 504; with them a call gives up after
 * AWS_TIMEOUT_MS (connection and response each, default 2.5 s) and is tried at most twice,
 * so the caller gets a clear 503 within about 5 s.
 */
export function awsClientOptions(endpoint: string | undefined) {
  const c = config();
  return {
    region: c.region,
    endpoint,
    credentials: localCredentials(endpoint),
    maxAttempts: 2,
    // without throwOnRequestTimeout this SDK only logs a warning when requestTimeout passes
    requestHandler: { connectionTimeout: c.awsTimeoutMs, requestTimeout: c.awsTimeoutMs, throwOnRequestTimeout: true },
  };
}

/**
 * An SDK client as the service uses it: without the SDK's logger middleware. With the
 * default logger (which discards everything) it still walked every call's whole input and
 * output, every item of a Query page included, to hide sensitive fields from that logger;
 * the service writes its own log lines (lib/platform/log.ts).
 */
export function withoutSdkLogging<T extends { middlewareStack: { remove(name: string): boolean } }>(client: T): T {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

/**
 * An SDK package and the one client made from it, both on first use. S3 and SES are loaded
 * this way: the functions that may use them (a village update that may release images or
 * mail a hand-over, a description update that may store images) mostly do not, and loading
 * their packages was a quarter of such a function's cold start. Where a function uses them
 * on every request (an upload), the load moves to its first request.
 */
export function onFirstUse<Sdk, Client extends { middlewareStack: { remove(name: string): boolean } }>(
  load: () => Promise<Sdk>,
  make: (sdk: Sdk) => Client,
): () => Promise<{ sdk: Sdk; client: Client }> {
  let made: Promise<{ sdk: Sdk; client: Client }> | undefined;
  return () =>
    (made ??= load()
      .then((sdk) => ({ sdk, client: traced(withoutSdkLogging(make(sdk))) }))
      .catch((err: unknown) => {
        made = undefined; // a configuration fixed later (tests) or a transient failure is tried again
        throw err;
      }));
}

const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'ServiceUnavailable',
  'InternalServerError',
  'SlowDown',
]);
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/** True when an error says a dependency did not answer in time or is overloaded (not a bug of ours). */
export function isDependencyUnavailable(err: unknown): boolean {
  const e = err as {
    name?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
    CancellationReasons?: { Code?: string }[];
  } | null;
  if (!e || typeof e !== 'object') return false;
  // A transaction DynamoDB cancelled because an item's partition was throttled: overload, not a bug.
  if (e.name === 'TransactionCanceledException' && e.CancellationReasons?.some((r) => TRANSACTION_OVERLOAD.has(r.Code ?? ''))) return true;
  return UNAVAILABLE_NAMES.has(e.name ?? '') || UNAVAILABLE_CODES.has(e.code ?? '') || e.$metadata?.httpStatusCode === 503;
}
const TRANSACTION_OVERLOAD = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded']);
