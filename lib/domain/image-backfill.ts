import { DomainError } from '../contract/errors';
import { IMAGE_VARIANTS } from '../storage/image-type';
import { imageExists, isImageKey, listKeyPage, readImage, rewriteImage, variantKey } from '../storage/images';
import { prepareImage } from './image-processing';

/**
 * Brings images stored before lib/domain/image-processing.ts to the state every new image
 * has: its bytes made safe and web-sized (metadata removed, upright, long edge capped, the
 * same format) under the same key — so no record's URL changes — and its variants beside
 * it. Idempotent: an image with all its variants is done and skipped (the variants are
 * written last); one made by this service already (object metadata) only gets its
 * variants, never a second lossy re-encoding. Resumable: images are taken in key order
 * and `next` says where a run that ran out of time stopped.
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
  onImage?: (key: string, outcome: 'done' | 'remade' | 'variants' | 'refused', detail?: string) => void;
}

export async function backfillImages(opts: BackfillOptions = {}): Promise<BackfillReport> {
  const report: BackfillReport = { scanned: 0, done: 0, remade: 0, variantsAdded: 0, refused: [], bytesBefore: 0, bytesAfter: 0 };
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
        if (!stored) continue;
        try {
          const image = await prepareImage(stored.data);
          await rewriteImage(key, image, stored.webSized);
          if (stored.webSized) {
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
