import { and, eq, fieldExists, fieldMissing, keyQuery, notExists, or, txDelete, txPut, txUpdate } from './expression';
import { getItem, queryAll } from './helpers';

import { fitsKey, keys } from './keys';
import { tourismDescriptions } from './tourism-descriptions';
import { requests } from './requests';
import { statuses } from './statuses';
import { scores } from './scores';
import { villageDescriptions } from './village-descriptions';
import { transactWrite } from './transact';
import type { Entity, TransactItem } from './entity';
import { RaceLostError, type ChangeDeclaration, type UnitOfWork } from './unit-of-work';
import { villages, type VillageRecord } from './villages';

type Item = Record<string, unknown> & { PK: string; SK: string };

/** Sort keys of the items of a village's partition that the cascade treats specially. */
const VILLAGE_SK = keys.village('').SK;
type Key = { PK: string; SK: string };

/**
 * What hangs off a village, by entity. How each leaves with it is derived from its
 * declarations: records in the village's partition go with the partition; records in partitions
 * of their own are listed by code on the village (`changes.village.codes`); the lists they
 * appear in move (`changes.lists`); anything more is the entity's `leavingWithVillage`.
 * Work outside the table (images) is the domain's, after the deletion committed.
 */
const CHILDREN: readonly Entity<any, any>[] = [requests, statuses, scores, tourismDescriptions, villageDescriptions];
const declared = (e: Entity<any, any>) => (e.changes ?? {}) as ChangeDeclaration<unknown>;

/** The children in partitions of their own, by the village's code sets. */
const codedChildren = (village: VillageRecord): Key[] =>
  CHILDREN.flatMap((e) => {
    const set = declared(e).village?.codes?.set;
    return set ? [...((village[set] as Set<string> | undefined) ?? [])].map((code) => e.key(code) as Key) : [];
  });

const childLists = [...new Set(CHILDREN.flatMap((e) => declared(e).lists ?? []))];

/** A child was added or positions moved since the partition was read: read everything again. */
export class VillageChangedError extends RaceLostError {}

const TRANSACTION_LIMIT = 100;
/** The village item's index keys: a retired village leaves every list. */
const INDEX_ATTRIBUTES = ['GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK'];

/**
 * Records the deletion of a village and everything that hangs off it on the unit of work.
 * Reads the village's partition with a strongly consistent Query, then deletes it all in the
 * unit's one transaction, whose village delete requires the `child_rev` it read (a child added
 * meanwhile makes it fail with VillageChangedError, and the unit of work runs it again). The
 * caller deletes the images only after the commit.
 *
 * When more than one transaction's worth of items is involved, the unit instead retires the
 * village: it is marked `deleting` (it reads as gone and leaves every list), its slug is freed,
 * its part of the statistics leaves its region, its history entry is written, the lists'
 * versions move and a pending-deletion marker is put. The returned `afterCommit` then removes
 * its children in batches, and the village item and the marker last. An interruption anywhere
 * after the commit leaves counters and history that agree with what the village shows (gone);
 * the owner's retry of the DELETE or the maintenance sweep (`finishPendingDeletions`) completes it.
 */
export async function recordVillageDeletion(uow: UnitOfWork, village: VillageRecord): Promise<{ afterCommit?: () => Promise<void> }> {
  const partition = await villagePartition(village.kd_desa);
  const own = partition.find((i) => i.SK === VILLAGE_SK);
  const current = own ? villages.fromItem(own) : village;
  const leaving = await Promise.all(CHILDREN.map((e) => declared(e).leavingWithVillage?.(current.kd_desa, partition) ?? []));
  const childKeys = childKeysOf(partition, codedChildren(current));
  // A child added meanwhile (child_rev) or list positions moved by a concurrent
  // description create/delete: the unit of work reads everything again and retries.
  const changed = () => new VillageChangedError();
  for (const w of leaving.flat()) uow.include(w, changed);
  uow.include(slugFreed(current), changed);
  // the children's lists change with it
  uow.listsChange(...childLists);
  const childDeletes = childKeys.map(deleteOf);
  // The deletion brings (derived from the village's declaration): its history entry (in the
  // village's timeline, which outlives it), its part of its region's statistics leaving (its
  // month's "new" stays: it was new then) and the five lists' versions: with the delete, 8 items.
  if (uow.size + 8 + childDeletes.length <= TRANSACTION_LIMIT) {
    uow.delete(villages, current, { guard: changed, unchanged: { child_rev: current.child_rev } });
    for (const d of childDeletes) uow.include(d);
    return {};
  }
  uow.delete(villages, current, { guard: changed, as: retirement(current, uow.at) });
  uow.include(txPut({ ...keys.pendingDeletion(current.kd_desa), type: 'CASCADE', at: uow.at }));
  return { afterCommit: () => removeRetired(current.kd_desa, childKeys) };
}

/** The village's slug freed (if it is still the village's). */
const slugFreed = (v: VillageRecord): TransactItem => txDelete(keys.slugMarker(v.slug), or(notExists(), eq('kd_desa', v.kd_desa)));

/**
 * The village retired: marked `deleting` (it reads as gone) and out of every index (every
 * list); child_rev moves too, so a child write that read the village before fails its condition.
 */
const retirement = (v: VillageRecord, at: string): TransactItem =>
  txUpdate(
    keys.village(v.kd_desa),
    { set: { deleting: at }, add: { child_rev: 1 }, remove: INDEX_ATTRIBUTES },
    and(eq('child_rev', v.child_rev), fieldMissing('deleting')),
  );

/**
 * Completes the deletion of a retired village (one marked `deleting`): removes what is
 * left of it, the village item and its pending-deletion marker. False when the village
 * is not retired (absent, or an ordinary village). Every step is idempotent.
 */
export async function finishVillageDeletion(kd: string): Promise<{ email: string } | undefined> {
  const partition = await villagePartition(kd);
  const own = partition.find((i) => i.SK === VILLAGE_SK);
  if (!own?.deleting) {
    // a marker whose village is already gone (the last step was interrupted after its batch)
    if (!own) await transactWrite([deleteOf(keys.pendingDeletion(kd))]);
    return undefined;
  }
  const retired = villages.fromItem(own);
  const childKeys = childKeysOf(partition, codedChildren(retired));
  await removeRetired(kd, childKeys);
  return { email: retired.email };
}

/** The owner's e-mail of a retired village (undefined: no such village, or not being deleted). */
export async function retiredVillageOwner(kd: string): Promise<string | undefined> {
  if (!fitsKey(kd)) return undefined;
  const item = await getItem(keys.village(kd), { consistent: true });
  return item?.deleting ? String(item.email) : undefined;
}

/** The villages whose deletion began and has not finished (a page of codes, oldest first). */
export async function pendingDeletions(): Promise<string[]> {
  const items = await queryAll<Item>(keyQuery({ pk: ['PK', keys.pendingDeletions()] }));
  return items.map((i) => i.SK);
}

async function removeRetired(kd: string, childKeys: Key[]): Promise<void> {
  for (let i = 0; i < childKeys.length; i += TRANSACTION_LIMIT) {
    await transactWrite(childKeys.slice(i, i + TRANSACTION_LIMIT).map(deleteOf));
  }
  await transactWrite([txDelete(keys.village(kd), or(notExists(), fieldExists('deleting'))), deleteOf(keys.pendingDeletion(kd))]);
}

const villagePartition = (kd: string) => queryAll<Item>({ ...keyQuery({ pk: ['PK', keys.villagePartition(kd)] }), ConsistentRead: true });

/** Everything to delete besides the village item: its partition's other items first (what readers of the village see), then its coded children. */
const childKeysOf = (partition: Item[], coded: Key[]): Key[] => [
  ...partition.filter((i) => i.SK !== VILLAGE_SK).map((i) => ({ PK: i.PK, SK: i.SK })),
  ...coded,
];

const deleteOf = (key: Key): TransactItem => txDelete(key);
