import { MSG } from './messages';

/**
 * The domain's one vocabulary of failures. Domain, database-facing and parsing code throw
 * these, never HTTP statuses; lib/http/errors.ts maps each kind to its status in one
 * table at the edge. Anything else thrown is an unexpected bug (500 "Internal server
 * error", logged, never sent) or an unavailable dependency (503).
 */
export type FailureKind =
  | 'invalid' // the request is malformed or breaks a rule
  | 'unauthenticated' // no usable token
  | 'forbidden' // the caller may not do this
  | 'notFound' // what the request names does not exist
  | 'conflict' // the state does not allow it (exists already, busy)
  | 'tooLarge' // the request or what it would store is over a limit
  | 'unsupported' // a media type the route does not read
  | 'tooMany' // too many attempts; try again after `retryAfterSeconds`
  | 'failed'; // a known server-side failure with a contract text (e.g. the mail did not go out)

export class DomainError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly retryAfterSeconds?: number,
    /** A refused input's fields, each with its own text (the evaluation routes' 400s: lib/contract/validation.ts). */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const unauthenticated = (message: string = MSG.tokenInvalid) => new DomainError('unauthenticated', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('notFound', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const tooLarge = (message: string = MSG.payloadTooLarge) => new DomainError('tooLarge', message);
export const unsupported = (message: string = MSG.unsupportedMediaType) => new DomainError('unsupported', message);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new DomainError('tooMany', message, Math.max(1, Math.ceil(retryAfterSeconds)));
export const failed = (message: string) => new DomainError('failed', message);

/** The value, or `notFound(message)` when there is none: `const v = found(await getVillage(kd), MSG.villageNotFound)`. */
export function found<T>(value: T | undefined | null | false, message: string): T {
  if (value === undefined || value === null || value === false) throw notFound(message);
  return value;
}
