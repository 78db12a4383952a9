import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DeleteCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { db, tableName } from './client';

/**
 * The few primitives that build DynamoDB commands (with lib/db/transact.ts): every other
 * module of the service reads and writes through them or through an entity
 * (lib/db/entity.ts). A lint rule (eslint.config.mjs) keeps it so.
 */
type Item = Record<string, unknown>;
export type TableKey = { PK: string; SK: string };
type WithoutTable<T> = Omit<T, 'TableName'>;

/** One item by key (undefined when absent); `fields` reads only those attributes. */
export async function getItem(key: TableKey, opts: { consistent?: boolean; fields?: readonly string[] } = {}): Promise<Item | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: opts.consistent, ...(opts.fields ? projection(opts.fields) : {}) }),
  );
  return out.Item;
}

/** Items by key, 100 per BatchGetItem, unprocessed keys asked again; absent items are simply missing. */
export async function batchGetItems(
  keyList: readonly TableKey[],
  opts: { consistent?: boolean; fields?: readonly string[] } = {},
): Promise<Item[]> {
  const found: Item[] = [];
  for (let i = 0; i < keyList.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead?: boolean }> | undefined = {
      [tableName()]: { Keys: keyList.slice(i, i + 100), ConsistentRead: opts.consistent, ...(opts.fields ? projection(opts.fields) : {}) },
    };
    while (request && Object.keys(request).length > 0) {
      const out = await db().send(new BatchGetCommand({ RequestItems: request }));
      found.push(...(out.Responses?.[tableName()] ?? []));
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return found;
}

/** Deletes items by key, 25 per BatchWriteItem, unprocessed ones sent again. */
export async function batchDeleteItems(keyList: readonly TableKey[]): Promise<void> {
  for (let i = 0; i < keyList.length; i += 25) {
    let request: Record<string, { DeleteRequest: { Key: TableKey } }[]> | undefined = {
      [tableName()]: keyList.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })),
    };
    while (request && Object.keys(request).length > 0) {
      const out = await db().send(new BatchWriteCommand({ RequestItems: request }));
      request = out.UnprocessedItems as typeof request;
    }
  }
}

/** PutItem; throws ConditionalCheckFailedException when its condition fails. */
export async function putItem(input: WithoutTable<PutCommandInput>): Promise<void> {
  await db().send(new PutCommand({ ...input, TableName: tableName() }));
}

/** UpdateItem; its returned attributes (with `ReturnValues`). Throws ConditionalCheckFailedException when its condition fails. */
export async function updateItem(input: WithoutTable<UpdateCommandInput>): Promise<Item | undefined> {
  return (await db().send(new UpdateCommand({ ...input, TableName: tableName() }))).Attributes;
}

/** DeleteItem; throws ConditionalCheckFailedException when its condition fails. */
export async function deleteItem(input: WithoutTable<DeleteCommandInput>): Promise<void> {
  await db().send(new DeleteCommand({ ...input, TableName: tableName() }));
}

/** One page of a Query and where the next starts (undefined: the last page). */
export async function queryPage(
  input: Omit<QueryCommandInput, 'TableName'>,
): Promise<{ items: Item[]; next: Record<string, unknown> | undefined }> {
  const page = await db().send(new QueryCommand({ ...input, TableName: tableName() }));
  return { items: page.Items ?? [], next: page.LastEvaluatedKey };
}

/** Runs a Query and follows LastEvaluatedKey until every page is read (a page stops at 1 MB). */
export async function queryAll<T = Item>(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await queryPage({ ...input, ExclusiveStartKey: start });
    for (const item of page.items) items.push(item as T);
    start = page.next;
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
