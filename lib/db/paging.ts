import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { queryPage } from './helpers';

type Query = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>;

/** Where a read over several Queries stopped: which Query, and its start key there. */
interface Position {
  q: number;
  start?: Record<string, unknown>;
}

/**
 * Up to `limit` items of several Queries read one after another (the villages of a region
 * are five: one per category), from where `cursor` says, and the cursor of the rest
 * (undefined: nothing left). The cursor is opaque text a caller keeps between runs (an
 * outbox item's progress), so a read of 50,000 items is 500 calls of 100, each resumable.
 */
export async function pageOfQueries(
  queries: readonly Query[],
  cursor: string | undefined,
  limit: number,
): Promise<{ items: Record<string, unknown>[]; next: string | undefined }> {
  const at: Position = cursor ? (JSON.parse(cursor) as Position) : { q: 0 };
  const items: Record<string, unknown>[] = [];
  // a filtered page may hold nothing: a few Queries at most per call, then the cursor says where to go on
  for (let reads = 0; at.q < queries.length && items.length < limit && reads < 10; reads++) {
    const page = await queryPage({ ...queries[at.q]!, Limit: limit - items.length, ExclusiveStartKey: at.start });
    items.push(...page.items);
    if (page.next) at.start = page.next;
    else {
      at.q++;
      delete at.start;
    }
  }
  return { items, next: at.q < queries.length ? JSON.stringify(at) : undefined };
}
