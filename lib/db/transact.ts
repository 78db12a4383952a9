import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { RetriesExhaustedError, sleep } from '../platform/retry';
import { db } from './client';
import { failedConditions } from './helpers';

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/**
 * True when a transaction was cancelled only because another transaction held an item
 * (also when transactWrite ran out of attempts on that: an outer read-modify-write may
 * still read afresh and try again).
 */
export function isTransactionConflict(err: unknown): boolean {
  if (err instanceof RetriesExhaustedError) return isTransactionConflict(err.last);
  if (!(err instanceof TransactionCanceledException)) return (err as { name?: string })?.name === 'TransactionConflictException';
  const codes = (err.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
  return codes.includes('TransactionConflict') && codes.every((c) => c === 'TransactionConflict' || c === 'None');
}

/**
 * What failed conditions mean: given the indexes of the actions whose condition failed,
 * the error to throw instead (undefined: throw the cancellation as it is).
 */
export type ConditionMeaning = (failed: number[]) => Error | undefined;

/**
 * TransactWriteItems, retried with jittered backoff while it loses only to concurrent
 * transactions on the same items (TransactionConflict); when the last attempt still
 * loses, RetriesExhaustedError (409 at the edge, never 500). When conditions fail,
 * `meaning` (if given) names the error; otherwise the cancellation goes to the caller.
 */
export async function transactWrite(items: TransactItems, meaning?: ConditionMeaning, attempts = 8): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (err) {
      const failed = meaning && failedConditions(err);
      if (failed) throw meaning(failed) ?? err;
      if (!isTransactionConflict(err)) throw err;
      if (attempt >= attempts) throw new RetriesExhaustedError(attempt, err);
      await sleep(Math.random() * 20 * 2 ** Math.min(attempt, 5));
    }
  }
}
