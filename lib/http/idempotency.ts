import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { RouteKey } from '../auth/access-rules';
import { invalid } from '../contract/errors';
import { MSG } from '../contract/messages';
import { failure } from './response';

/**
 * Safe retries of writes (the `Idempotency-Key` header, as the IETF httpapi draft and
 * Stripe use it). A POST, PUT, PATCH or DELETE that sends the header runs once per key:
 * the same key with the same request (caller, route, path parameters, query, body) within
 * 24 h gets the first answer again (status, the function's headers, body; marked
 * `Idempotent-Replayed: true`) without running the write; with another request 422; while
 * the first is still running 409. 2xx and deterministic 4xx answers are kept; a 5xx (or a
 * 408, 409, 425, 429: "try again" answers) releases the key, so a retry runs again. Without
 * the header nothing changes. The records: lib/db/idempotency.ts (loaded only here, on use).
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** 1–255 printable ASCII characters, without a leading or trailing space. */
const KEY_FORMAT = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;
/** Login is never recorded: its answer carries a bearer token, which the table must not keep; a repeated login creates nothing. */
const NOT_RECORDED: ReadonlySet<RouteKey> = new Set(['POST /auth/login']);
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

/** Answers the request through `answer` (which never throws) once per key; see above. */
export async function idempotent(req: IdempotentRequest, answer: () => Promise<APIGatewayProxyResult>): Promise<APIGatewayProxyResult> {
  const { runOnce } = await import('../db/idempotency');
  const caller = req.user ? `user:${req.user.id}` : 'anonymous';
  const scope = JSON.stringify([caller, req.route, Object.entries(req.params).sort(), req.key]);
  let fresh: APIGatewayProxyResult | undefined;
  const once = await runOnce(
    scope,
    fingerprint(req),
    Math.min(req.timeLeft(), IN_FLIGHT_MAX_MS),
    async () => toStored((fresh = await answer())),
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
 * A hash of what makes two requests "the same" beyond their scope: content type, query and
 * body bytes. A multipart boundary is left out: a browser picks a new one when it sends the
 * same form again.
 */
function fingerprint({ event, headers }: IdempotentRequest): string {
  const sentType = headers['content-type'] ?? '';
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(sentType);
  let body = event.body == null ? '' : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8').toString('latin1');
  if (boundary) body = body.replaceAll(boundary[1] ?? boundary[2]!, '');
  const type = (boundary ? sentType.replace(boundary[0], '') : sentType).toLowerCase();
  const query = Object.entries(event.queryStringParameters ?? {})
    .filter(([, v]) => v != null)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256')
    .update(JSON.stringify([type, query]))
    .update(body, 'latin1')
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
