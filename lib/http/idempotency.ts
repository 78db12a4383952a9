import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { RouteKey } from '../auth/access-rules';
import { invalid } from '../contract/errors';
import { MSG } from '../contract/messages';
import { isMultipart, multipartParts } from './multipart';
import { failure, json } from './response';
import { answerErrors } from './steps';
import { AlreadyAppliedError, appliedFingerprint, appliedOnce } from '../db/applied-once';

/**
 * Safe retries of writes (the `Idempotency-Key` header, as the IETF httpapi draft and
 * Stripe use it). A POST, PUT, PATCH or DELETE that sends the header runs once per key:
 * the same key with the same request (caller, route, path parameters, query, body) within
 * 24 h gets the first answer again (status, the function's headers, body; marked
 * `Idempotent-Replayed: true`) without running the write; with another request 422; while
 * the first is still running 409. 2xx and deterministic 4xx answers are kept; a 5xx (or a
 * 408, 409, 425, 429: "try again" answers) releases the key, so a retry runs again. The
 * change itself commits with the key's applied marker (lib/db/applied-once.ts): a retry
 * whose earlier attempt committed although its answer was a 5xx or never came applies
 * nothing and answers 200 `idempotencyAlreadyApplied`. A replay repeats the first answer as
 * it was then (an id it named may since have been deleted); it says nothing about now.
 * Without the header nothing changes. The records: lib/db/idempotency.ts (loaded only here, on use).
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** 1–255 printable ASCII characters, without a leading or trailing space. */
const KEY_FORMAT = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;
/**
 * Routes that take no key: login (its answer carries a bearer token, which the table must not
 * keep; a repeated login creates nothing) and the reset-code check, a read that changes
 * nothing but its attempt count: replaying "Kode reset valid" after the code was used would
 * claim what is no longer true, so each check answers for the moment it is made.
 */
export const NOT_RECORDED: ReadonlySet<RouteKey> = new Set(['POST /auth/login', 'POST /auth/password/verify']);
/** Answers that say "try again": never replayed. */
const RETRY_STATUSES = new Set([408, 409, 425, 429]);

const replayable = (status: number) => (status >= 200 && status < 300) || (status >= 400 && status < 500 && !RETRY_STATUSES.has(status));

/** The write's Idempotency-Key (headers lower-cased), if it sends one; a malformed one is a 400. */
export function idempotencyKeyOf(route: RouteKey, method: string, headers: Record<string, string>): string | undefined {
  const key = headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (key === undefined || !WRITE_METHODS.has(method.toUpperCase())) return undefined;
  if (!KEY_FORMAT.test(key)) throw invalid(MSG.idempotencyKeyInvalid);
  return NOT_RECORDED.has(route) ? undefined : key;
}

export interface IdempotentRequest {
  key: string;
  /** The token's user: keys are theirs alone (without one, keys are shared by all anonymous callers). */
  user?: { id: number };
  route: RouteKey;
  params: Record<string, string>;
  event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded' | 'queryStringParameters'>;
  headers: Record<string, string>;
  /** Time until the function's deadline: how long the key counts as in flight. */
  timeLeft: () => number;
}

/** Without a Lambda context (tests, scripts) a run counts as in flight this long: longer than any function's timeout. */
const IN_FLIGHT_MAX_MS = 60_000;

/** Answers the request through `answer` (its failures answered by `answerErrors`) once per key; see above. */
export async function idempotent(req: IdempotentRequest, answer: () => Promise<APIGatewayProxyResult>): Promise<APIGatewayProxyResult> {
  const { runOnce } = await import('../db/idempotency');
  const caller = req.user ? `user:${req.user.id}` : 'anonymous';
  const scope = JSON.stringify([caller, req.route, Object.entries(req.params).sort(), req.key]);
  const print = await fingerprint(req);
  let fresh: APIGatewayProxyResult | undefined;
  // the run's units of work carry the key's applied marker: a retry after a lost answer finds the change made
  const attempt = () =>
    appliedOnce(scope, print, answer)
      .catch(async (err: unknown) => {
        if (!(err instanceof AlreadyAppliedError)) return answerErrors(err);
        return (await appliedFingerprint(scope)) === print
          ? json(200, { status: 'success', message: MSG.idempotencyAlreadyApplied }, { [REPLAYED_HEADER]: 'true' })
          : failure(422, MSG.idempotencyKeyReused);
      })
      .catch(answerErrors);
  const once = await runOnce(
    scope,
    print,
    Math.min(req.timeLeft(), IN_FLIGHT_MAX_MS),
    async () => toStored((fresh = await attempt())),
    (s) => replayable(s.statusCode) && s.body.length <= STORED_MAX_CHARS,
  );
  switch (once.outcome) {
    case 'ran':
      return fresh!;
    case 'replayed': {
      const result = fromStored(once.value);
      return { ...result, headers: { ...result.headers, [REPLAYED_HEADER]: 'true' } };
    }
    case 'mismatch':
      return failure(422, MSG.idempotencyKeyReused);
    case 'inProgress':
      return failure(409, MSG.idempotencyInProgress);
  }
}

/**
 * A hash of what makes two requests "the same" beyond their scope, from the request as it
 * is read, never by editing its bytes: the query, and for a form its media type and parts
 * (fields, and files by name, type and content hash: a browser picks a new boundary when it
 * sends the same form again), for any other body its whole Content-Type and exact bytes.
 */
async function fingerprint({ event, headers }: IdempotentRequest): Promise<string> {
  const sentType = headers['content-type'] ?? '';
  const bytes = event.body == null ? Buffer.alloc(0) : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  const parts = isMultipart(sentType) ? await multipartParts(bytes, sentType) : undefined;
  const query = Object.entries(event.queryStringParameters ?? {})
    .filter(([, v]) => v != null)
    .sort(([a], [b]) => a.localeCompare(b));
  const hash = createHash('sha256');
  if (parts) return hash.update(JSON.stringify(['multipart/form-data', query, parts])).digest('base64url');
  return hash
    .update(JSON.stringify([sentType.trim().toLowerCase(), query]))
    .update(bytes)
    .digest('base64url');
}

/** An answer as its record keeps it (a record holds at most 400 KB: large bodies gzipped, larger ones not kept). */
type StoredAnswer = { statusCode: number; headers: Record<string, string>; body: string; isBase64Encoded?: true; gzip?: true };
const GZIP_FROM_CHARS = 32 * 1024;
const STORED_MAX_CHARS = 300 * 1024;

function toStored(r: APIGatewayProxyResult): StoredAnswer {
  const headers = Object.fromEntries(Object.entries(r.headers ?? {}).map(([k, v]) => [k, String(v)]));
  const gzip = r.body.length >= GZIP_FROM_CHARS;
  return {
    statusCode: r.statusCode,
    headers,
    body: gzip ? gzipSync(r.body).toString('base64') : r.body,
    ...(r.isBase64Encoded ? { isBase64Encoded: true as const } : {}),
    ...(gzip ? { gzip: true as const } : {}),
  };
}

function fromStored(s: StoredAnswer): APIGatewayProxyResult {
  return {
    statusCode: Number(s.statusCode),
    headers: s.headers,
    body: s.gzip ? gunzipSync(Buffer.from(s.body, 'base64')).toString('utf8') : s.body,
    ...(s.isBase64Encoded ? { isBase64Encoded: true } : {}),
  };
}
