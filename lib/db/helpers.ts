import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { db, tableName } from './client';

type Item = Record<string, unknown>;

/** Runs a Query and follows LastEvaluatedKey until every page is read (a page stops at 1 MB). */
export async function queryAll<T = Item>(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) items.push(item as T);
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * For a cancelled TransactWriteItems: the indexes of the actions whose condition failed.
 * Returns null when the error is not a cancellation caused only by conditions.
 */
export function failedConditions(err: unknown): number[] | null {
  if (!(err instanceof TransactionCanceledException)) return null;
  const reasons = err.CancellationReasons ?? [];
  const failed: number[] = [];
  let other = false;
  reasons.forEach((r, i) => {
    if (r.Code === 'ConditionalCheckFailed') failed.push(i);
    else if (r.Code && r.Code !== 'None') other = true;
  });
  return other || failed.length === 0 ? null : failed;
}

export const isConditionFailure = (err: unknown): boolean => err instanceof ConditionalCheckFailedException;

/** A ProjectionExpression for these attribute names (aliased, so reserved words are safe). */
export function projection(fields: readonly string[]): { ProjectionExpression: string; ExpressionAttributeNames: Record<string, string> } {
  const names: Record<string, string> = {};
  fields.forEach((f, i) => (names[`#p${i}`] = f));
  return { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names };
}

/** Awaits a conditional write: true when it was made, false when its condition refused it. */
export async function unlessConditionFails(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
