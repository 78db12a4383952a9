import { nowMs } from '../platform/clock';
import { allListedImageUrls } from '../db/image-holders';
import { getImageRefs, markDeletedVillageImages, markImageDeleting } from '../db/image-refs';
import { deleteImages, keyOf, listImageObjects, urlOf, villagePrefix } from '../storage/images';

export interface SweepResult {
  scanned: number;
  deleted: string[];
  /** Variants deleted because their image object is gone. */
  strayVariants: string[];
}

/** How long an image stays after its last claim or release (or its storing) before the sweep may take it. */
export const IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

/** Points where tests interleave writes with a sweep. */
export interface SweepHooks {
  /** After each page of the look for holders. */
  afterPage?: (page: number) => Promise<void>;
  /** After the look, before the first deletion mark. */
  beforeMark?: () => Promise<void>;
}

export interface SweepOptions {
  /** The sweep's "now" (epoch ms); tests move it forward instead of waiting a day. */
  now?: number;
  graceMs?: number;
  /** Villages read per page in the look for holders. */
  pageSize?: number;
  /** Only the objects under this prefix (default: all, `images/`). */
  prefix?: string;
  hooks?: SweepHooks;
}

const keysOf = (urls: Iterable<string>) => new Set([...urls].map((u) => keyOf(u)).filter((k): k is string => k !== null));

/**
 * The one way an image that a record may have listed is deleted:
 * 1. list the objects (under `prefix`) and read their reference records (consistent);
 *    candidates are those whose last activity — the latest claim or release, else the
 *    object's own time — is older than the grace period;
 * 2. look for holders: `listed()` reads every record that may list a candidate;
 * 3. mark each unlisted candidate as being deleted, conditional on the reference
 *    version read in 1 (lib/db/image-refs.ts): a claim that committed after 1 makes the
 *    mark fail and the image stays; one that committed before 1 was seen in 2;
 * 4. delete the marked objects (and any marked earlier whose delete did not happen), and
 *    the variants whose image object is gone, once they are older than the grace period
 *    (a write in flight may store a variant before its image).
 * Claims are refused once an image is marked, so no interleaving of writes and sweeps
 * deletes an image that a record lists.
 */
async function sweep(prefix: string, listed: (hooks: SweepHooks) => Promise<Set<string>>, opts: SweepOptions): Promise<SweepResult> {
  const now = opts.now ?? nowMs();
  const grace = opts.graceMs ?? IMAGE_GRACE_MS;
  const hooks = opts.hooks ?? {};
  const { images: objects, strayVariants } = await listImageObjects(prefix);
  const refs = await getImageRefs(objects.map((o) => o.key));
  const marked: string[] = [];
  const candidates: { key: string; version: number }[] = [];
  for (const o of objects) {
    const ref = refs.get(o.key);
    if (ref?.deleting !== undefined) marked.push(o.key);
    else if (now - Math.max(o.modified, ref?.touchedAt ?? 0) > grace) candidates.push({ key: o.key, version: ref?.version ?? 0 });
  }
  if (candidates.length > 0) {
    const held = await listed(hooks);
    await hooks.beforeMark?.();
    const unlisted = candidates.filter((c) => !held.has(c.key));
    for (let i = 0; i < unlisted.length; i += 25) {
      const batch = unlisted.slice(i, i + 25);
      const made = await Promise.all(batch.map((c) => markImageDeleting(c.key, c.version, now)));
      batch.forEach((c, j) => made[j] && marked.push(c.key));
    }
  }
  const stray = strayVariants.filter((v) => now - v.modified > grace).map((v) => v.key);
  await deleteImages([...marked, ...stray].map(urlOf));
  return { scanned: objects.length, deleted: marked, strayVariants: stray };
}

/**
 * Deletes image objects no record lists and nothing claimed or released for a day:
 * uploads never used or no longer used, images items and galleries dropped, and what a
 * crash between storing and committing left behind; and, a day old, variants whose image
 * is gone. On AWS a scheduled function runs it daily (functions/maintenance); locally
 * `npm run images:sweep`.
 */
export function sweepOrphanImages(opts: SweepOptions = {}): Promise<SweepResult> {
  return sweep(opts.prefix ?? 'images/', async (hooks) => keysOf(await allListedImageUrls(opts.pageSize, hooks.afterPage)), opts);
}

/**
 * After a village's deletion: its own objects (images/d/<kd>/) at once, no grace — each
 * marked in a transaction that requires both descriptions of that code to be absent, so
 * a village created again under the code keeps what its descriptions claimed.
 */
export async function sweepVillageImages(kd: string): Promise<SweepResult> {
  const { images: objects } = await listImageObjects(villagePrefix(kd)); // stray variants: left to the daily sweep's grace
  const marked = await markDeletedVillageImages(
    kd,
    objects.map((o) => o.key),
    nowMs(),
  );
  await deleteImages(marked.map(urlOf));
  return { scanned: objects.length, deleted: marked, strayVariants: [] };
}
