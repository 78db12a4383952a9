import { countTourismDescriptions, getTourismDescription, imagesOf, tourismDescriptionPage } from '../db/tourism-descriptions';
import { getVillageDescription, villageDescriptionImages } from '../db/village-descriptions';
import { deleteImages, imageModifiedAt, keyOf, listImageObjects, urlOf } from '../storage/images';

export interface SweepResult {
  scanned: number;
  deleted: string[];
}

/** How long an upload may stay without a record referring to it. */
export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

const keysOf = (urls: string[]) => new Set(urls.map((u) => keyOf(u)).filter((k): k is string => k !== null));

/** Every upload key a tourism description refers to (read page by page through the list index). */
async function referencedUploads(): Promise<Set<string>> {
  const refs = new Set<string>();
  const total = await countTourismDescriptions(true);
  for (let page = 1; (page - 1) * 100 < total; page++) {
    for (const d of await tourismDescriptionPage(page, 100))
      for (const k of keysOf(imagesOf(d))) if (k.startsWith('images/u/')) refs.add(k);
  }
  return refs;
}

/**
 * Deletes image objects no record refers to (a mark-and-sweep over the database):
 * - under images/d/<kd>/: objects neither description of that village lists, older than
 *   `minAgeMs` (so an upload whose database write is still under way is left alone);
 * - under images/u/ (POST /api/upload/gambar): uploads no tourism description lists and
 *   that are older than a day. Items refer to uploads by their own URL and a claim renews
 *   the object's age, so an upload claimed during the sweep is young and kept; each
 *   candidate's age is read again just before deleting it.
 * It repairs what a crash between "store" and "commit" or a failed after-commit delete
 * could leave behind and collects uploads that were never used or no longer are. On AWS
 * a scheduled function runs it daily (functions/maintenance); locally `npm run images:sweep`.
 */
export async function sweepOrphanImages(opts: { minAgeMs?: number; now?: number } = {}): Promise<SweepResult> {
  const now = opts.now ?? Date.now();
  const minAge = opts.minAgeMs ?? 60 * 60 * 1000;
  const objects = await listImageObjects();

  const referencedByVillage = new Map<string, Set<string>>();
  const orphans: string[] = [];
  const oldUploads: string[] = [];
  for (const o of objects) {
    const match = /^images\/d\/([^/]+)\//.exec(o.key);
    if (match) {
      if (now - o.modified < minAge) continue;
      const kd = decodeURIComponent(match[1]!);
      let refs = referencedByVillage.get(kd);
      if (!refs) {
        const [t, v] = await Promise.all([getTourismDescription(kd, true), getVillageDescription(kd, true)]);
        refs = keysOf([...(t ? imagesOf(t) : []), ...(v ? villageDescriptionImages(v) : [])]);
        referencedByVillage.set(kd, refs);
      }
      if (!refs.has(o.key)) orphans.push(o.key);
    } else if (o.key.startsWith('images/u/') && now - o.modified > UPLOAD_GRACE_MS) {
      oldUploads.push(o.key);
    }
  }
  if (oldUploads.length > 0) {
    const refs = await referencedUploads();
    for (const key of oldUploads) {
      if (refs.has(key)) continue;
      const modified = await imageModifiedAt(key);
      if (modified !== undefined && now - modified > UPLOAD_GRACE_MS) orphans.push(key);
    }
  }
  await deleteImages(orphans.map(urlOf));
  return { scanned: objects.length, deleted: orphans };
}
