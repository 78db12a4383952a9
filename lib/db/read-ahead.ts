import { AsyncLocalStorage } from 'node:async_hooks';
import type { Key } from './entity';

/**
 * Items read ahead for one request: the token check reads the caller's user item and,
 * in the same BatchGetItem, the items the route will read first (its village, its
 * description). Entity reads take an item from here once (a retry after a lost race
 * reads afresh); outside a request, or for items not read ahead, they read as usual.
 * Request-scoped through AsyncLocalStorage, so concurrent requests in one process never
 * see each other's items.
 */
const store = new AsyncLocalStorage<Map<string, Record<string, unknown> | null>>();

const id = (key: Key) => `${key.PK}\u0000${key.SK}`;

export const withReadAhead = <T>(fn: () => Promise<T>): Promise<T> => store.run(new Map(), fn);

/** Records what was read for `key` (null: no such item). */
export function rememberRead(key: Key, item: Record<string, unknown> | null): void {
  store.getStore()?.set(id(key), item);
}

/** The item read ahead for `key` (null: read, and absent), once; undefined when it was not read ahead. */
export function takeReadAhead(key: Key): Record<string, unknown> | null | undefined {
  const items = store.getStore();
  if (!items?.has(id(key))) return undefined;
  const item = items.get(id(key))!;
  items.delete(id(key));
  return item;
}
