import { createHash } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';

/**
 * HTTP caching of GET responses. Public reads carry a strong `ETag` (a hash of the body)
 * and `Cache-Control: public, max-age=0, must-revalidate`: a browser or CDN may keep the
 * body but must ask again every time, and a request whose `If-None-Match` still matches
 * gets `304 Not Modified` without the body. Since the tag is computed from the answer of
 * this very request, a write is visible to the next read. Responses that depend on the
 * caller's token are `private, no-store`: no shared or browser cache ever keeps them.
 *
 * Public lists (routes with `reads` in lib/routes.ts) are tagged by the versions of the
 * data they are built from instead (lib/domain/list-versions.ts): a repeat read whose
 * If-None-Match still matches is answered 304 after one small read, without reading or
 * hashing the list. Every write that changes a list bumps its version in the same
 * transaction, so a write is still visible to the next read.
 */
export const PUBLIC_REVALIDATE = 'public, max-age=0, must-revalidate';
export const PRIVATE_NO_STORE = 'private, no-store';

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** True when an If-None-Match header lists this tag (or `*`); weak tags compare by their value. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** Applies the caching rules to a GET answer of a route that is public (`shared`) or token-dependent. */
export function withCaching(
  result: APIGatewayProxyResult,
  request: { method: string; ifNoneMatch?: string; shared: boolean },
): APIGatewayProxyResult {
  if (request.method !== 'GET') return result;
  const headers = { ...result.headers } as Record<string, string>;
  if (!request.shared) return { ...result, headers: { ...headers, 'Cache-Control': PRIVATE_NO_STORE } };
  if (result.statusCode === 304)
    return { ...result, headers: { ...headers, 'Cache-Control': headers['Cache-Control'] ?? PUBLIC_REVALIDATE } };
  if (result.statusCode !== 200 || result.isBase64Encoded) return result;
  // A list's version tag (set by the route wrapper), else a hash of this very body.
  const etag = headers.ETag ?? etagOf(result.body);
  const cacheControl = headers['Cache-Control'] ?? PUBLIC_REVALIDATE;
  if (matches(request.ifNoneMatch, etag)) return { statusCode: 304, headers: { ETag: etag, 'Cache-Control': cacheControl }, body: '' };
  return { ...result, headers: { ...headers, ETag: etag, 'Cache-Control': cacheControl } };
}

/**
 * The answer to a GET of a route whose token is optional differs with the token (GET
 * /api/statistik adds the accounts): `Vary: Authorization` (added to the answer's Vary) keeps
 * the two apart in caches.
 */
export function varyOnAuthorization(result: APIGatewayProxyResult, request: { method: string; optional: boolean }): APIGatewayProxyResult {
  if (!request.optional || request.method !== 'GET') return result;
  const vary = result.headers?.Vary;
  return { ...result, headers: { ...result.headers, Vary: vary ? `${String(vary)}, Authorization` : 'Authorization' } };
}

export const notModified = (etag: string): APIGatewayProxyResult => ({ statusCode: 304, headers: { ETag: etag }, body: '' });
