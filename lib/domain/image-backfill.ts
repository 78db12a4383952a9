import { DomainError } from '../contract/errors';
import { getImageRefs } from '../db/image-refs';
import { IMAGE_VARIANTS } from '../storage/image-type';
import {
  deleteImages,
  imageExists,
  isImageKey,
  listKeyPage,
  readImage,
  rewriteImage,
  urlOf,
  variantKey,
  type ImageToStore,
} from '../storage/images';
import { prepareImage } from './image-processing';

/**
 * Brings images stored before lib/domain/image-processing.ts to the state every new image
 * has: its bytes made safe and web-sized (metadata removed, upright, long edge capped, the
 * same format) under the same key — so no record's URL changes — and its variants beside
 * it. Idempotent: an image with all its variants is done and skipped (the variants are
 * written last); one made by this service already (object metadata) only gets its
 * variants, never a second lossy re-encoding. Resumable: images are taken in key order
 * and `next` says where a run that ran out of time stopped. An image deleted while it
 * runs (the sweep, a village's deletion) is not written back, nor are its variants: it is `gone`.
 */
export interface BackfillReport {
  /** Images looked at (variants are not counted). */
  scanned: number;
  /** Already done: left untouched. */
  done: number;
  /** Re-encoded in place, with variants made. */
  remade: number;
  /** Made by this service already, only the variants were missing. */
  variantsAdded: number;
  /** Deleted since the listing: nothing written, or what was written removed again. */
  gone: number;
  /** Not a sound image (left as they are): key and the reason. */
  refused: { key: string; reason: string }[];
  /** Bytes of the remade images before and after. */
  bytesBefore: number;
  bytesAfter: number;
  /** Set when the run stopped early: pass it as `startAfter` to go on. */
  next?: string;
}

export interface BackfillOptions {
  prefix?: string;
  startAfter?: string;
  /** Asked before each image: true stops the run (a Lambda function's remaining time). */
  outOfTime?: () => boolean;
  /** Each image's outcome as it happens. */
  onImage?: (key: string, outcome: 'done' | 'remade' | 'variants' | 'refused' | 'gone', detail?: string) => void;
  /** Tests: runs after the image is made and found still there, right before its objects are written. */
  beforeWrite?: (key: string) => Promise<void>;
}

/**
 * The image is gone or being deleted: its object is absent, or the sweep (or a village's
 * deletion) marked it — it marks before it deletes, so a write that lands after that
 * delete and would bring the image back is seen by the check after the write.
 */
async function gone(key: string): Promise<boolean> {
  const [exists, refs] = await Promise.all([imageExists(key), getImageRefs([key])]);
  return !exists || refs.get(key)?.deleting !== undefined;
}

/** Writes a made image back (rewriteImage) unless it is gone; removes what it wrote if it went meanwhile. False: gone. */
async function writeBack(key: string, image: ImageToStore, variantsOnly: boolean, beforeWrite?: (key: string) => Promise<void>) {
  if (await gone(key)) return false;
  await beforeWrite?.(key);
  await rewriteImage(key, image, variantsOnly);
  if (!(await gone(key))) return true;
  await deleteImages([urlOf(key)]); // the image with its variants
  return false;
}

export async function backfillImages(opts: BackfillOptions = {}): Promise<BackfillReport> {
  const report: BackfillReport = { scanned: 0, done: 0, remade: 0, variantsAdded: 0, gone: 0, refused: [], bytesBefore: 0, bytesAfter: 0 };
  let token: string | undefined;
  let last: string | undefined;
  do {
    const page = await listKeyPage(opts.prefix ?? 'images/', { startAfter: opts.startAfter, token });
    token = page.token;
    const present = new Set(page.objects.map((o) => o.key));
    for (const { key, bytes } of page.objects) {
      if (!isImageKey(key)) continue;
      if (opts.outOfTime?.()) return { ...report, next: last ?? opts.startAfter ?? '' };
      report.scanned++;
      // (a variant may sit on the next page: asked for directly then)
      const variants = IMAGE_VARIANTS.map((v) => variantKey(key, v.name));
      const missing = await Promise.all(variants.map(async (k) => !present.has(k) && !(await imageExists(k))));
      if (!missing.some(Boolean)) {
        report.done++;
        opts.onImage?.(key, 'done');
      } else {
        const stored = await readImage(key).catch((err: { name?: string }) => {
          if (err?.name === 'NoSuchKey') return null; // deleted since the listing (the sweep, a village deletion)
          throw err;
        });
        try {
          const image = stored && (await prepareImage(stored.data));
          if (!stored || !image || !(await writeBack(key, image, stored.webSized, opts.beforeWrite))) {
            report.gone++;
            opts.onImage?.(key, 'gone');
          } else if (stored.webSized) {
            report.variantsAdded++;
            opts.onImage?.(key, 'variants');
          } else {
            report.remade++;
            report.bytesBefore += bytes;
            report.bytesAfter += image.data.length;
            opts.onImage?.(key, 'remade', `${bytes} → ${image.data.length} bytes`);
          }
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          report.refused.push({ key, reason: err.message });
          opts.onImage?.(key, 'refused', err.message);
        }
      }
      last = key;
    }
  } while (token);
  return report;
}
