import { DomainError, type FailureKind } from '../contract/errors';

/** The one table of the edge: each kind of domain failure → its HTTP status. */
export const STATUS_OF: Record<FailureKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupported: 415,
  tooMany: 429,
  failed: 500,
};

/** Status, message and headers of a domain failure. */
export function httpFailure(err: DomainError): { statusCode: number; message: string; headers: Record<string, string> } {
  const headers: Record<string, string> = err.retryAfterSeconds ? { 'Retry-After': String(err.retryAfterSeconds) } : {};
  return { statusCode: STATUS_OF[err.kind], message: err.message, headers };
}

/** The envelope status for an HTTP status code: the one mapping of the contract. */
export function envelopeStatus(statusCode: number): 'success' | 'fail' | 'error' {
  if (statusCode >= 500) return 'error';
  if (statusCode >= 400) return 'fail';
  return 'success';
}
