import { withRetries } from '../retry';
import { found, invalid } from '../errors';
import type { UploadedFile } from '../files';
import { log } from '../log';
import { MSG } from '../messages';
import { count } from '../metrics';
import { detectImageType } from '../storage/image-type';
import {
  deleteAllUnder,
  deleteImages,
  ImageMissingError,
  isUploadUrl,
  keyOf,
  putImage,
  touchImage,
  uploadPrefix,
  villagePrefix,
} from '../storage/images';

/** Limits of multipart image fields. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The object-store side of one database change. New objects are written before the
 * change; if it fails, `rollback()` removes them. Objects the change stops referencing
 * are removed by `commit()` only after the change has committed — except uploads
 * (POST /api/upload/gambar): an item refers to those by their own URL, so they are left
 * to the orphan sweep, which removes them once no record refers to them (a client that
 * removes an item and adds it back with the same image, as the web app's edit does,
 * keeps a working image).
 */
export class ImageChanges {
  private readonly created: string[] = [];
  private dropped: string[] = [];
  // A read-modify-write that lost a race runs again with the same input; these keep the
  // objects it already stored, so a retry neither uploads twice nor leaves copies behind.
  private readonly storedFor = new Map<UploadedFile, string>();
  private readonly claimed = new Set<string>();

  constructor(
    private readonly kd: string,
    private readonly callerId: number,
  ) {}

  /** Checks every file's bytes first (nothing is stored if one is not an image), then stores them all. */
  async store(files: UploadedFile[]): Promise<string[]> {
    const types = files.map((f) => detectImageType(f.data));
    if (types.some((t) => t === null)) {
      count('ImagesRejected', types.filter((t) => t === null).length);
      throw invalid(MSG.imageTypeInvalid);
    }
    const results = await Promise.allSettled(
      files.map(async (f, i) => this.storedFor.get(f) ?? (await putImage(f.data, types[i]!, villagePrefix(this.kd)))),
    );
    results.forEach((r, i) => {
      if (r.status === 'fulfilled' && !this.storedFor.has(files[i]!)) {
        this.storedFor.set(files[i]!, r.value);
        this.created.push(r.value);
      }
    });
    const failure = results.find((r) => r.status === 'rejected');
    if (failure) throw (failure as PromiseRejectedResult).reason;
    return results.map((r) => (r as PromiseFulfilledResult<string>).value);
  }

  /**
   * Resolves an image URL an item refers to: one it already has (`current`) stays; an
   * upload of the caller's own (POST /api/upload/gambar) is used under the same URL —
   * the record that refers to it is its owner from now on — after checking it exists and
   * renewing its age, so the sweep's grace period starts again; anything else is a 400.
   */
  async claim(url: unknown, current: ReadonlySet<string>): Promise<string> {
    if (typeof url !== 'string') throw invalid(MSG.imageUrlInvalid);
    if (current.has(url) || this.claimed.has(url)) return url;
    const key = keyOf(url);
    if (!key || !key.startsWith(uploadPrefix(this.callerId))) throw invalid(MSG.imageUrlInvalid);
    try {
      await touchImage(key);
    } catch (err) {
      if (err instanceof ImageMissingError) throw invalid(MSG.imageNotFound);
      throw err;
    }
    this.claimed.add(url);
    return url;
  }

  /** Marks images the change stops referencing, to delete after it commits (uploads go to the sweep). */
  drop(urls: Iterable<string>): void {
    for (const url of urls) if (!isUploadUrl(url)) this.dropped.push(url);
  }

  /** A new attempt of the change starts: what the last attempt meant to drop no longer counts. */
  startAttempt(): void {
    this.dropped = [];
  }

  /** The database change failed: remove what this change stored. */
  async rollback(): Promise<void> {
    try {
      await deleteImages(this.created.splice(0));
    } catch (err) {
      log.error('image rollback failed; objects left for the sweep', err, { kd_desa: this.kd });
    }
  }

  /** The database change committed: remove what it no longer references. */
  async commit(): Promise<void> {
    this.created.length = 0;
    await deleteAfterCommit(this.dropped.splice(0), this.kd);
  }

  /** Runs `write`; rolls the stored objects back if it throws, deletes dropped ones if it succeeds. */
  async around<T>(write: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await write();
    } catch (err) {
      await this.rollback();
      throw err;
    }
    await this.commit();
    return result;
  }
}

/**
 * Runs a change that stores or drops images, retrying it while `retryable` says it lost
 * a race: each attempt starts afresh (`startAttempt`), stored images are reused across
 * attempts, rolled back if the change finally fails, and dropped ones are deleted only
 * after it committed.
 */
export function changeWithImages<T>(
  kd: string,
  callerId: number,
  attempt: (images: ImageChanges) => Promise<T>,
  retryable: (err: unknown) => boolean,
  attempts = 30,
): Promise<T> {
  const images = new ImageChanges(kd, callerId);
  return images.around(() =>
    withRetries(
      () => {
        images.startAttempt();
        return attempt(images);
      },
      retryable,
      attempts,
    ),
  );
}

/** How a kind of image-holding record is read afresh for a read-modify-write, and when a lost race is retried. */
export interface StoredRecord<R> {
  read: (kd: string) => Promise<R | undefined>;
  /** The not-found message when the village has no such record. */
  missing: string;
  retryable: (err: unknown) => boolean;
}

/**
 * changeWithImages for the record of `kind` of village `kd`: each attempt reads it afresh
 * (not found → `kind.missing`) and hands it to `change`.
 */
export function changeStored<R, T>(
  kind: StoredRecord<R>,
  kd: string,
  callerId: number,
  change: (current: R, images: ImageChanges) => Promise<T>,
): Promise<T> {
  return changeWithImages(kd, callerId, async (images) => change(found(await kind.read(kd), kind.missing), images), kind.retryable);
}

/**
 * Deletes images after a committed change. A failure here cannot undo the change, so it
 * is logged (the objects are then orphans for `npm run images:sweep`), not thrown.
 */
export async function deleteAfterCommit(urls: string[], kd: string): Promise<void> {
  if (urls.length === 0) return;
  try {
    await deleteImages(urls);
  } catch (err) {
    log.error('image delete after commit failed; objects left for the sweep', err, { kd_desa: kd, count: urls.length });
  }
}

/** Groups uploaded files by field, keeping their order. */
export function filesByField(files: UploadedFile[]): Map<string, UploadedFile[]> {
  const map = new Map<string, UploadedFile[]>();
  for (const f of files) map.set(f.field, [...(map.get(f.field) ?? []), f]);
  return map;
}

/** After a village's deletion committed: every object under its prefix (leftovers included). Failures are logged for the sweep. */
export async function deleteVillageImages(kd: string): Promise<void> {
  try {
    await deleteAllUnder(villagePrefix(kd));
  } catch (err) {
    log.error('image delete after village deletion failed; objects left for the sweep', err, { kd_desa: kd });
  }
}

/** POST /api/upload/gambar: an image (checked by its bytes) stored under the caller's upload prefix; its URL. */
export async function storeUpload(data: Buffer, callerId: number): Promise<string> {
  const type = detectImageType(data);
  if (!type) {
    count('ImagesRejected');
    throw invalid(MSG.imageTypeInvalid);
  }
  return putImage(data, type, uploadPrefix(callerId));
}
