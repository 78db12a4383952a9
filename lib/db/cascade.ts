import { and, eq, fieldExists, fieldMissing, keyQuery, notExists, or, txDelete, txPut, txUpdate } from './expression';
import { getItem, queryAll } from './helpers';

import { fitsKey, keys } from './keys';
import { positionRemoval } from './tourism-descriptions';
import { transactWrite } from './transact';
import type { TransactItem } from './entity';
import { RaceLostError, type UnitOfWork } from './unit-of-work';
import { villages, type VillageRecord } from './villages';

type Item = Record<string, unknown> & { PK: string; SK: string };

/** Sort keys of the items of a village's partition that the cascade treats specially. */
const VILLAGE_SK = keys.village('').SK;
const POSITION_SK = keys.tourismPosition('').SK;
type Key = { PK: string; SK: string };

/**
 * What one kind of dependent data adds to a village's deletion: extra items to delete
 * (beyond the village's own partition, which is always deleted whole) and other writes.
 * Work outside the table (images) is the domain's, after this has committed.
 */
export interface CascadeContribution {
  deletes?: Key[];
  /** Other writes of the final transaction (e.g. a counter). */
  writes?: TransactItem[];
}
export type CascadeContributor = (village: VillageRecord, partition: Item[]) => CascadeContribution | Promise<CascadeContribution>;

/** Requests and statuses: their own partitions, listed on the village item. */
const childrenByCode: CascadeContributor = (village) => ({
  deletes: [
    ...[...(village.request_codes ?? [])].map((c) => keys.request(c)),
    ...[...(village.status_codes ?? [])].map((c) => keys.status(c)),
  ],
});

/**
 * Descriptions (both kinds) live in the village's partition and are deleted with it; a
 * tourism description also leaves the paginated list (the last one moves into its
 * position). Their images are the domain's to delete once this has committed
 * (lib/domain/villages.ts).
 */
const descriptions: CascadeContributor = async (village, partition) => ({
  // The partition delete removes DESKWIS#POS itself; keep only the index and counter writes.
  writes: partition.some((i) => i.SK === POSITION_SK)
    ? (await positionRemoval(village.kd_desa)).filter((w) => w.Delete?.Key?.SK !== POSITION_SK)
    : [],
});

/** Every kind of data that hangs off a village registers here, once. */
const contributors: CascadeContributor[] = [childrenByCode, descriptions];

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
  const contributions = await Promise.all(contributors.map((c) => c(current, partition)));
  const childKeys = childKeysOf(partition, contributions);
  // A child added meanwhile (child_rev) or list positions moved by a concurrent
  // description create/delete: the unit of work reads everything again and retries.
  const changed = () => new VillageChangedError();
  for (const w of contributions.flatMap((c) => c.writes ?? [])) uow.include(w, changed);
  uow.include(slugFreed(current), changed);
  // the children's lists change with it
  uow.listsChange('requests', 'statuses', 'scores', 'tourism');
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
  const childKeys = childKeysOf(partition, [await childrenByCode(retired, partition)]);
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
const childKeysOf = (partition: Item[], contributions: CascadeContribution[]): Key[] => [
  ...partition.filter((i) => i.SK !== VILLAGE_SK).map((i) => ({ PK: i.PK, SK: i.SK })),
  ...contributions.flatMap((c) => c.deletes ?? []),
];

const deleteOf = (key: Key): TransactItem => txDelete(key);
