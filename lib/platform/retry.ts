import { DomainError } from '../contract/errors';
import { MSG } from '../contract/messages';
import { count } from './metrics';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Every attempt of a retried write lost its race. A `conflict` (409 at the edge, through
 * the one table of lib/http/errors.ts, like any other DomainError), never a 500: the
 * data is consistent, the caller may simply try again. `last` is the final attempt's error.
 */
export class RetriesExhaustedError extends DomainError {
  constructor(
    readonly attempts: number,
    readonly last: unknown,
    message: string = MSG.writeBusy,
  ) {
    super('conflict', message);
    this.name = 'RetriesExhaustedError';
  }
}

/**
 * Runs a read-modify-write step again when it lost a race: `step` returns a value, or
 * throws; `retryable(err)` says whether the error means "someone else wrote first, read
 * again" (a failed version condition or a transaction conflict). When the last of
 * `attempts` still loses, it throws RetriesExhaustedError with `busyMessage`; any other
 * error goes to the caller as it is.
 */
export async function withRetries<T>(
  step: () => Promise<T>,
  retryable: (err: unknown) => boolean,
  attempts = 10,
  busyMessage: string = MSG.writeBusy,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (!retryable(err)) throw err;
      if (attempt >= attempts) {
        count('RetriesExhausted');
        throw new RetriesExhaustedError(attempt, err, busyMessage);
      }
      count('OptimisticLockRetries');
      await sleep(Math.random() * 10 * 2 ** Math.min(attempt, 5));
    }
  }
}
