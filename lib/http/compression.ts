import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyResult } from 'aws-lambda';

/**
 * Compression in the function, for large answers. A Lambda function behind API Gateway
 * may return at most 6 MB; API Gateway's own compression (minimumCompressionSize in
 * serverless.yml) happens after that limit. So an answer over COMPRESS_FROM_BYTES is
 * gzipped here when the client accepts gzip, and returned base64-encoded: API Gateway
 * turns it back into bytes only when the request's first Accept type is one of the API's
 * binaryMediaTypes (application/json, serverless.yml), so only then. A 10,000-village
 * list shrinks from 5.4 MB to well under 1 MB (BENCHMARKS.md).
 */
export const COMPRESS_FROM_BYTES = 32 * 1024;
const BINARY_ACCEPT = 'application/json';

/** The client takes gzip (Accept-Encoding, q > 0) and API Gateway will hand it bytes. */
export function acceptsGzip(headers: Record<string, string>): boolean {
  const firstAccept = (headers['accept'] ?? '').split(',')[0]!.split(';')[0]!.trim().toLowerCase();
  if (firstAccept !== BINARY_ACCEPT) return false;
  return (headers['accept-encoding'] ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

export function withCompression(result: APIGatewayProxyResult, headers: Record<string, string>): APIGatewayProxyResult {
  if (result.isBase64Encoded || Buffer.byteLength(result.body) < COMPRESS_FROM_BYTES) return result;
  const vary = { Vary: 'Accept-Encoding' };
  if (!acceptsGzip(headers)) return { ...result, headers: { ...result.headers, ...vary } };
  const etag = result.headers?.['ETag'];
  return {
    ...result,
    // A compressed body is another representation: a content hash becomes a weak tag (as nginx
    // does), which If-None-Match still matches; list version tags carry the encoding already.
    headers: {
      ...result.headers,
      ...vary,
      'Content-Encoding': 'gzip',
      ...(typeof etag === 'string' && !etag.startsWith('"v-') ? { ETag: `W/${etag}` } : {}),
    },
    body: gzipSync(result.body, { level: 6 }).toString('base64'),
    isBase64Encoded: true,
  };
}
