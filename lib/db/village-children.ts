import { tableName } from './client';
import type { TransactItem } from './entity';
import { failedConditions } from './helpers';
import { keys } from './keys';
import type { ListKind } from '../contract/lists';
import { listsChanged } from './list-versions';
import { transactWrite } from './transact';

/**
 * Items that hang off a village and have codes of their own (requests, statuses) are
 * listed on the village item; every change to them bumps the village's `child_rev`, so
 * the cascade delete (lib/db/cascade.ts) can tell when a child appeared meanwhile.
 */
type ChildCodes = { request?: string; status?: string };
const CODE_SETS = { request: 'request_codes', status: 'status_codes' } as const;

/** The TransactWrite item that records a new or removed child of a village. */
export function villageChildChange(kd: string, change: { add?: ChildCodes; remove?: ChildCodes }): TransactItem {
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
  return {
    Update: {
      TableName: tableName(),
      Key: keys.village(kd),
      UpdateExpression: `ADD ${clauses.ADD.join(', ')}${clauses.DELETE.length ? ` DELETE ${clauses.DELETE.join(', ')}` : ''}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: values,
    },
  };
}

/** The lists a change of these children changes. */
const kindsOf = (codes: ChildCodes): ListKind[] => [
  ...(codes.request ? (['requests'] as const) : []),
  ...(codes.status ? (['statuses'] as const) : []),
];

export class VillageGoneError extends Error {}

/** Stores a new item that hangs off village `kd` and records it on the village, with its history entry, in one transaction. */
export async function addVillageChild(put: TransactItem, kd: string, codes: ChildCodes, entry: TransactItem): Promise<void> {
  await transactWrite([put, villageChildChange(kd, { add: codes }), entry, ...listsChanged(...kindsOf(codes))], (failed) =>
    failed.includes(1) ? new VillageGoneError() : undefined,
  );
}

/**
 * Deletes an item that hangs off village `kd` (a request or a status) and records the
 * removal on the village, with its history entry, in one transaction. Returns false when
 * the item did not exist.
 */
export async function deleteVillageChild(
  kd: string,
  key: Record<string, string>,
  change: ChildCodes,
  entry: TransactItem,
): Promise<boolean> {
  try {
    await transactWrite([
      { Delete: { TableName: tableName(), Key: key, ConditionExpression: 'attribute_exists(PK)' } },
      villageChildChange(kd, { remove: change }),
      entry,
      ...listsChanged(...kindsOf(change)),
    ]);
    return true;
  } catch (err) {
    const failed = failedConditions(err);
    if (failed?.includes(0)) return false; // deleted meanwhile
    if (failed?.includes(1)) {
      // The village is gone already (its cascade removes its children); make sure this one is.
      await transactWrite([
        { Delete: { TableName: tableName(), Key: key, ConditionExpression: 'attribute_exists(PK)' } },
        entry,
        ...listsChanged(...kindsOf(change)),
      ]).catch((e: unknown) => {
        if (!failedConditions(e)?.includes(0)) throw e;
      });
      return true;
    }
    throw err;
  }
}
