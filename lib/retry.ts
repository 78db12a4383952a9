import { count } from './metrics';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Runs a read-modify-write step again when it lost a race: `step` returns a value, or
 * throws; `retryable(err)` says whether the error means "someone else wrote first, read
 * again" (a failed version condition or a transaction conflict).
 */
export async function withRetries<T>(step: () => Promise<T>, retryable: (err: unknown) => boolean, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (attempt >= attempts || !retryable(err)) throw err;
      count('OptimisticLockRetries');
      await sleep(Math.random() * 10 * 2 ** Math.min(attempt, 5));
    }
  }
}
