import { tableName } from './client';
import type { TransactItem } from './entity';
import { failedConditions } from './helpers';
import { keys, villageFilterKeys } from './keys';
import type { ListKind } from '../contract/lists';
import { listsChanged } from './list-versions';
import { transactWrite } from './transact';
import { addCounts, regionCounts, tallyChange, type Counts, type Region } from './stats';

/**
 * Items that hang off a village and have codes of their own (requests, statuses) are
 * listed on the village item; every change to them bumps the village's `child_rev`, so
 * the cascade delete (lib/db/cascade.ts) can tell when a child appeared meanwhile.
 */
type ChildCodes = { request?: string; status?: string };
const CODE_SETS = { request: 'request_codes', status: 'status_codes' } as const;

/**
 * How a child's write changes what the village adds to the statistics (lib/db/stats.ts):
 * its tallies (`nreq_<status>`, `nstat_<status>`) and its score's category. Given, the
 * write also requires the village to be as read (`child_rev`), so the region counted and
 * the tallies it started from are still the village's; a write that finds it changed
 * reads it again.
 */
export interface VillageTally {
  village: { child_rev: number };
  counts: Counts;
  /** The score's category now (null: unscored); absent: unchanged. */
  kategori?: string | null;
}

/** The TransactWrite item that records a new or removed child of a village (and, with `tally`, its statistics). */
export function villageChildChange(kd: string, change: { add?: ChildCodes; remove?: ChildCodes }, tally?: VillageTally): TransactItem {
  const clauses = { ADD: ['child_rev :one'], DELETE: [] as string[] };
  const values: Record<string, unknown> = { ':one': 1 };
  for (const [verb, codes] of [
    ['ADD', change.add],
    ['DELETE', change.remove],
  ] as const)
    for (const kind of ['request', 'status'] as const) {
      const code = codes?.[kind];
      if (!code) continue;
      const name = `:${verb}${kind}`;
      clauses[verb].push(`${CODE_SETS[kind]} ${name}`);
      values[name] = new Set([code]);
    }
  const counts = addCounts(tally?.counts ?? {}, 't');
  if (counts.clause) clauses.ADD.push(counts.clause);
  Object.assign(values, counts.values);
  let set = '';
  if (tally?.kategori !== undefined) {
    // its place in the filtered lists' index moves with it
    values[':gsi3pk'] = villageFilterKeys(tally.kategori ?? undefined, { provinsi: '', kabupaten: '' }, kd).GSI3PK;
    set = tally.kategori === null ? ' SET GSI3PK = :gsi3pk REMOVE kategori' : ' SET kategori = :kategori, GSI3PK = :gsi3pk';
    if (tally.kategori !== null) values[':kategori'] = tally.kategori;
  }
  if (tally) values[':rev'] = tally.village.child_rev;
  return {
    Update: {
      TableName: tableName(),
      Key: keys.village(kd),
      UpdateExpression: `ADD ${clauses.ADD.join(', ')}${clauses.DELETE.length ? ` DELETE ${clauses.DELETE.join(', ')}` : ''}${set}`,
      ConditionExpression: tally ? 'child_rev = :rev' : 'attribute_exists(PK) AND attribute_not_exists(deleting)',
      ...(counts.clause ? { ExpressionAttributeNames: counts.names } : {}),
      ExpressionAttributeValues: values,
    },
  };
}

/** The lists a change of these children changes. */
const kindsOf = (codes: ChildCodes): ListKind[] => [
  ...(codes.request ? (['requests'] as const) : []),
  ...(codes.status ? (['statuses'] as const) : []),
];

/** The village changed since the child's write read it (or is gone): read it again. */
export class VillageStaleError extends Error {}

/** The village as a child's write read it: its code, region, `child_rev` and tallies. */
export type ReadVillage = Region & { kd_desa: string; child_rev: number };

/** The village's item change and its region's counts, for a child's change of the tallies. */
export function villageTallyItems(village: ReadVillage, codes: { add?: ChildCodes; remove?: ChildCodes }, change: Counts): TransactItem[] {
  const t = tallyChange(village, change);
  return [villageChildChange(village.kd_desa, codes, { village, counts: t.village }), ...regionCounts(village, t.region)];
}

/**
 * Stores a new item that hangs off `village` (as read) and records it on the village, with
 * its tallies (`tally`), its region's counts and its history entry, in one transaction;
 * VillageStaleError when the village changed meanwhile.
 */
export async function addVillageChild(
  put: TransactItem,
  village: ReadVillage,
  codes: ChildCodes,
  tally: Counts,
  entry: TransactItem,
): Promise<void> {
  await transactWrite([put, ...villageTallyItems(village, { add: codes }, tally), entry, ...listsChanged(...kindsOf(codes))], (failed) =>
    failed.includes(1) ? new VillageStaleError() : undefined,
  );
}

/**
 * Deletes an item that hangs off a village (a request or a status) and records the
 * removal on the village as read (`village`; undefined: the village is gone, the cascade
 * removes its children), with its tallies, its region's counts and its history entry, in
 * one transaction. Returns false when the item did not exist; VillageStaleError when the
 * village changed meanwhile.
 */
export async function deleteVillageChild(
  village: ReadVillage | undefined,
  key: Record<string, string>,
  codes: ChildCodes,
  tally: Counts,
  entry: TransactItem,
): Promise<boolean> {
  try {
    await transactWrite([
      { Delete: { TableName: tableName(), Key: key, ConditionExpression: 'attribute_exists(PK)' } },
      entry,
      ...listsChanged(...kindsOf(codes)),
      ...(village ? villageTallyItems(village, { remove: codes }, tally) : []),
    ]);
    return true;
  } catch (err) {
    const failed = failedConditions(err);
    if (failed?.includes(0)) return false; // deleted meanwhile
    if (failed?.length) throw new VillageStaleError();
    throw err;
  }
}
