import { MSG } from '../messages';

/**
 * A failure the client caused (4xx) or a known server failure with a contract text
 * (e.g. 500 "Gagal mengirim email"). Anything else thrown is an unexpected bug and
 * becomes 500 "Internal server error" in the handler wrapper.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = MSG.tokenInvalid) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string = MSG.payloadTooLarge) => new HttpError(413, message);
export const unsupportedMediaType = (message: string = MSG.unsupportedMediaType) => new HttpError(415, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** A server-side failure whose text the contract fixes (status 'error'). */
export const serverError = (message: string) => new HttpError(500, message);

/** The envelope status for an HTTP status code: the one mapping of the contract. */
export function envelopeStatus(statusCode: number): 'success' | 'fail' | 'error' {
  if (statusCode >= 500) return 'error';
  if (statusCode >= 400) return 'fail';
  return 'success';
}
