import type { APIGatewayProxyResult } from 'aws-lambda';
import { REPLAYED_HEADER } from './idempotency';
import type { Headers } from './response';

/**
 * CORS headers for a response, given the request's Origin and the allowed origins from
 * config. Preflight (OPTIONS) is answered by API Gateway from the same list
 * (serverless.yml `cors`); these headers go on every actual response.
 */
export function corsHeaders(requestOrigin: string | undefined, allowed: string[]): Headers {
  const headers: Headers = {};
  if (allowed.includes('*')) {
    headers['Access-Control-Allow-Origin'] = '*';
  } else if (requestOrigin && allowed.includes(requestOrigin)) {
    headers['Access-Control-Allow-Origin'] = requestOrigin;
    headers['Vary'] = 'Origin';
  } else {
    return headers;
  }
  headers['Access-Control-Allow-Headers'] = 'Content-Type,Authorization,Idempotency-Key';
  headers['Access-Control-Allow-Methods'] = 'GET,POST,PUT,PATCH,DELETE,OPTIONS';
  // a browser's script may read that an answer was replayed for its Idempotency-Key (lib/http/idempotency.ts)
  headers['Access-Control-Expose-Headers'] = REPLAYED_HEADER;
  return headers;
}

/**
 * An answer with the CORS headers for the request's Origin over its own; a listed origin's
 * `Vary: Origin` is added to the answer's Vary (Accept-Encoding, Authorization), never put
 * in its place: a shared cache must keep every variant apart.
 */
export function withCors(result: APIGatewayProxyResult, requestOrigin: string | undefined, allowed: string[]): APIGatewayProxyResult {
  const cors = corsHeaders(requestOrigin, allowed);
  const vary = result.headers?.Vary;
  if (cors.Vary && vary) cors.Vary = `${String(vary)}, ${cors.Vary}`;
  return { ...result, headers: { ...result.headers, ...cors } };
}
