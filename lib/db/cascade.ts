import { tableName } from './client';
import { queryAll } from './helpers';

import { keys } from './keys';
import { listsChanged } from './list-versions';
import { positionRemoval } from './tourism-descriptions';
import { transactWrite } from './transact';
import { contributionOf, negate, regionCounts } from './stats';
import type { Journal, TransactItem } from './entity';
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

export class VillageChangedError extends Error {}

const TRANSACTION_LIMIT = 100;

/**
 * Deletes a village and everything that hangs off it. Reads the village's partition
 * with a strongly consistent Query, then deletes it all in one transaction whose village
 * delete requires the `child_rev` it read (a child added meanwhile makes it fail with
 * VillageChangedError, and the caller runs it again). When more than 100 items are
 * involved, the children go first in batches and the village last: every step is
 * idempotent and the village (with its code lists) survives until the end, so a retry
 * after any failure completes the job; its history entry rides in the last one. The
 * caller deletes the images only after this returns.
 */
export async function cascadeDeleteVillage(village: VillageRecord, journal: Journal<VillageRecord>): Promise<void> {
  const partition = await queryAll<Item>({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.villagePartition(village.kd_desa) },
    ConsistentRead: true,
  });

  const own = partition.find((i) => i.SK === VILLAGE_SK);
  const current = own ? villages.fromItem(own) : village;
  const contributions = await Promise.all(contributors.map((c) => c(current, partition)));
  const childKeys: Key[] = [
    ...partition.filter((i) => i.SK !== VILLAGE_SK).map((i) => ({ PK: i.PK, SK: i.SK })),
    ...contributions.flatMap((c) => c.deletes ?? []),
  ];
  const finalItems: TransactItem[] = [
    ...contributions.flatMap((c) => c.writes ?? []),
    // the deletion's history entry lives in the village's timeline (HIST#<kd>), which outlives it
    journal(current, undefined),
    // what it added to its region's statistics leaves with it (its month's "new" stays: it was new then)
    ...regionCounts(current, negate(contributionOf(current))),
    ...listsChanged('villages', 'requests', 'statuses', 'scores', 'tourism'),
    {
      Delete: {
        TableName: tableName(),
        Key: keys.village(current.kd_desa),
        ConditionExpression: 'child_rev = :rev',
        ExpressionAttributeValues: { ':rev': current.child_rev },
      },
    },
    {
      Delete: {
        TableName: tableName(),
        Key: keys.slugMarker(current.slug),
        ConditionExpression: 'attribute_not_exists(PK) OR kd_desa = :kd',
        ExpressionAttributeValues: { ':kd': current.kd_desa },
      },
    },
  ];
  const childDeletes: TransactItem[] = childKeys.map((Key) => ({ Delete: { TableName: tableName(), Key } }));

  if (finalItems.length + childDeletes.length > TRANSACTION_LIMIT) {
    for (let i = 0; i < childDeletes.length; i += TRANSACTION_LIMIT) await transactWrite(childDeletes.slice(i, i + TRANSACTION_LIMIT));
    childDeletes.length = 0;
  }
  // A child added meanwhile (child_rev) or list positions moved by a concurrent
  // description create/delete: read everything again and retry.
  await transactWrite([...finalItems, ...childDeletes], () => new VillageChangedError());
}
