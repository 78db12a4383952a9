import { nowMs } from '../platform/clock';
import type { ListKind } from '../contract/lists';
import { txUpdate } from './expression';
import { batchGetItems } from './helpers';
import type { TransactItem } from './entity';
import { keys } from './keys';

/**
 * Every write that changes a public list bumps the version of each kind it changes, in
 * the same transaction as the change itself, so a version read after a write has
 * committed always sees it. A kind's version is spread over SHARDS items (a write bumps
 * a random one; the version is their sum), so that concurrent writers of one kind
 * rarely touch the same item (a transaction conflict, retried by transactWrite).
 * `at` is the time of the latest bump: list reads come from GSI1, which DynamoDB
 * updates shortly after the table, so a tag is only trusted once the bump has settled.
 */
export const SHARDS = 8;

/** The transaction items that record a change of these kinds. */
export function listsChanged(...kinds: ListKind[]): TransactItem[] {
  return [...new Set(kinds)].map((kind) =>
    txUpdate(keys.listVersion(kind, Math.floor(Math.random() * SHARDS)), { set: { at: nowMs() }, add: { v: 1 } }),
  );
}

export interface ListVersion {
  /** Grows with every change of the kind. */
  version: number;
  /** Epoch ms of the latest change (0: never changed). */
  changedAt: number;
}

/** The current versions of these kinds: one strongly consistent BatchGetItem of their shards. */
export async function listVersions(kinds: readonly ListKind[]): Promise<Record<string, ListVersion>> {
  const out: Record<string, ListVersion> = Object.fromEntries(kinds.map((k) => [k, { version: 0, changedAt: 0 }]));
  const items = await batchGetItems(
    kinds.flatMap((k) => Array.from({ length: SHARDS }, (_, i) => keys.listVersion(k, i))),
    { consistent: true },
  );
  for (const item of items) {
    const v = out[String(item.PK).slice('LISTVER#'.length)];
    if (!v) continue;
    v.version += Number(item.v ?? 0);
    v.changedAt = Math.max(v.changedAt, Number(item.at ?? 0));
  }
  return out;
}
