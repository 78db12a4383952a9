import { tableName } from './client';
import type { TransactItem } from './entity';
import { and, eq, fieldMissing, ifAbsent, notExists, txCheck, txUpdate, updateInput } from './expression';
import { guarded, transactWrite, type GuardedItem } from './transact';
import { batchGetItems, unlessConditionFails, updateItem } from './helpers';
import { keys } from './keys';

/**
 * An image object's reference record, IMG#<object key>: the one place where the writes
 * that start or stop listing an image and the orphan sweep meet.
 *
 * - A write that adds an image it did not store itself (an upload, or an image the
 *   village's descriptions held before) *claims* it in its own transaction: `version`
 *   goes up, `touched_at` becomes now, and the claim is refused once the sweep has
 *   marked the object (`deleting`).
 * - A write that stops listing an image *releases* it the same way (no condition), so the
 *   grace period starts again: the image stays claimable for a day (remove-item followed
 *   by an append of the same URL, as the web app edits an item).
 * - The sweep deletes an object only after marking it, and the mark requires the
 *   `version` it read before it looked for holders: a claim that commits after that read
 *   makes the mark fail, one before it is seen by the look.
 * An image that was never claimed or released has no record; its object's own time is
 * its last activity. The mark of a deleted object stays as a tombstone until its TTL.
 */
export interface ImageRef {
  key: string;
  /** Grows with every claim and release (0: no record). */
  version: number;
  /** Epoch ms of the latest claim or release. */
  touchedAt: number;
  /** Villages whose descriptions have held the image. */
  villages: Set<string>;
  /** Epoch ms at which the sweep marked it for deletion. */
  deleting?: number;
}

/** A claim in a change's transaction found the image marked by the sweep: it is being deleted. */
export class ImageReleasedError extends Error {}

/** How many reference writes a change may add to its transaction (100 actions; a description write itself takes at most 10). */
export const REF_ROOM = 90;

/**
 * Where a unit of work gets the image reference writes of a change (lib/domain/images.ts
 * ImageChanges, given by writeWithImages): claims of the images `after` lists that `before`
 * did not (unless this request stored them), releases of those it no longer lists, within `room`.
 */
export interface ImageRefSource {
  refWrites(before: Iterable<string>, after: Iterable<string>, room: number): TransactItem[];
}

/**
 * A change's reference writes, each guarded: a failed claim means the image is being
 * deleted. Placed after the change's own items, whose guards come first.
 */
export const guardedRefs = (refs: readonly TransactItem[]): GuardedItem[] => refs.map((r) => guarded(r, () => new ImageReleasedError()));

/** How long a deletion mark is kept after the object is gone (far longer than any request). */
const TOMBSTONE_TTL_S = 7 * 24 * 3600;

/**
 * Written out, not compiled (lib/db/expression.ts): tests/unit/transactions.test.ts states
 * this item's expression literally.
 */
const touch = (objectKey: string, kd: string, now: number, claim: boolean): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.imageRef(objectKey),
    UpdateExpression: 'SET object_key = :key, touched_at = :now ADD version :one, villages :kd',
    ...(claim ? { ConditionExpression: 'attribute_not_exists(deleting)' } : {}),
    ExpressionAttributeValues: { ':key': objectKey, ':now': now, ':one': 1, ':kd': new Set([kd]) },
  },
});

/** The transaction item of a claim by village `kd`'s description; its condition fails once the sweep marked the object. */
export const imageClaim = (objectKey: string, kd: string, now: number) => touch(objectKey, kd, now, true);
/** The transaction item of a release by village `kd`'s description. */
export const imageRelease = (objectKey: string, kd: string, now: number) => touch(objectKey, kd, now, false);

/** Releases outside a transaction (what did not fit into the change's own), 25 at a time. */
export async function releaseImages(objectKeys: string[], kd: string, now: number): Promise<void> {
  for (let i = 0; i < objectKeys.length; i += 25) {
    await Promise.all(
      objectKeys.slice(i, i + 25).map((k) => {
        const { TableName: _table, ...update } = imageRelease(k, kd, now).Update!;
        return updateItem(update);
      }),
    );
  }
}

const toRef = (item: Record<string, unknown>): ImageRef => ({
  key: String(item.object_key),
  version: Number(item.version ?? 0),
  touchedAt: Number(item.touched_at ?? 0),
  villages: new Set((item.villages as Set<string> | undefined) ?? []),
  ...(item.deleting !== undefined ? { deleting: Number(item.deleting) } : {}),
});

/** The reference records of these objects (strongly consistent), by object key; absent ones are missing. */
export async function getImageRefs(objectKeys: string[]): Promise<Map<string, ImageRef>> {
  const out = new Map<string, ImageRef>();
  for (const item of await batchGetItems(
    [...new Set(objectKeys)].map((k) => keys.imageRef(k)),
    { consistent: true },
  )) {
    const ref = toRef(item);
    out.set(ref.key, ref);
  }
  return out;
}

/**
 * The sweep's mark: only if nothing claimed or released the object since the sweep read
 * `version` (0: it had no record). False when something did (the object is kept).
 */
export function markImageDeleting(objectKey: string, version: number, now: number): Promise<boolean> {
  return unlessConditionFails(
    updateItem(
      updateInput(
        keys.imageRef(objectKey),
        { set: { object_key: objectKey, deleting: now, expiresAt: Math.ceil(now / 1000) + TOMBSTONE_TTL_S } },
        version === 0 ? notExists() : and(eq('version', version), fieldMissing('deleting')),
      ),
    ),
  );
}

/**
 * After village `kd` was deleted: marks these objects of its own as being deleted, in
 * one transaction per 98 that also requires both of its descriptions to be absent (a
 * village created again under the same code may have claimed them; then nothing is
 * marked and the daily sweep decides). A claim after the mark is refused. Returns the
 * marked keys.
 */
export async function markDeletedVillageImages(kd: string, objectKeys: string[], now: number): Promise<string[]> {
  const marked: string[] = [];
  const absent = (key: { PK: string; SK: string }): TransactItem => txCheck(key, notExists());
  for (let i = 0; i < objectKeys.length; i += 98) {
    const batch = objectKeys.slice(i, i + 98);
    const marks: TransactItem[] = batch.map((k) =>
      txUpdate(keys.imageRef(k), { set: { object_key: k, deleting: ifAbsent(now), expiresAt: Math.ceil(now / 1000) + TOMBSTONE_TTL_S } }),
    );
    const made = await transactWrite([absent(keys.tourismDescription(kd)), absent(keys.villageDescription(kd)), ...marks], () => new Held())
      .then(() => true)
      .catch((err) => {
        if (err instanceof Held) return false;
        throw err;
      });
    if (made) marked.push(...batch);
  }
  return marked;
}

class Held extends Error {}
