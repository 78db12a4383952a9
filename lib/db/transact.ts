import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { RetriesExhaustedError, sleep } from '../platform/retry';
import { db } from './client';
import { failedConditions } from './helpers';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * True when a transaction was cancelled only because another transaction held an item:
 * transactWrite tries it again (the unit of work's race retries never see it).
 */
export function isTransactionConflict(err: unknown): boolean {
  if (!(err instanceof TransactionCanceledException)) return (err as { name?: string })?.name === 'TransactionConflictException';
  const codes = (err.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
  return codes.includes('TransactionConflict') && codes.every((c) => c === 'TransactionConflict' || c === 'None');
}

/** The error a failed condition means (e.g. `() => new ScoreExistsError()`). */
export type Guard = () => Error;

/** A transaction item whose failed condition means `guard`'s error. */
export interface GuardedItem {
  item: TransactItem;
  guard: Guard;
}
export const guarded = (item: TransactItem, guard: Guard): GuardedItem => ({ item, guard });
const isGuarded = (x: TransactItem | GuardedItem): x is GuardedItem => 'guard' in x;

/** The error of the first failed item (in order) that carries a guard; undefined when none does. */
export function guardOf(steps: readonly (TransactItem | GuardedItem)[], failed: readonly number[]): Error | undefined {
  for (const i of [...failed].sort((a, b) => a - b)) {
    const step = steps[i];
    if (step && isGuarded(step)) return step.guard();
  }
  return undefined;
}

/**
 * TransactWriteItems, retried with jittered backoff while it loses only to concurrent
 * transactions on the same items (TransactionConflict); when the last attempt still
 * loses, RetriesExhaustedError (409 at the edge, never 500). When conditions fail, the
 * first failed item (in order) that carries a guard names the error; failed conditions
 * of unguarded items mean `otherwise` (if given), else the cancellation goes to the caller.
 */
export async function transactWrite(
  steps: readonly (TransactItem | GuardedItem)[],
  otherwise?: Guard,
  opts: { attempts?: number; busy?: string } = {},
): Promise<void> {
  const attempts = opts.attempts ?? 8;
  const items = steps.map((s) => (isGuarded(s) ? s.item : s));
  for (let attempt = 1; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (err) {
      const failed = failedConditions(err);
      if (failed) throw guardOf(steps, failed) ?? otherwise?.() ?? err;
      if (!isTransactionConflict(err)) throw err;
      if (attempt >= attempts) throw new RetriesExhaustedError(attempt, err, opts.busy);
      await sleep(Math.random() * 20 * 2 ** Math.min(attempt, 5));
    }
  }
}
