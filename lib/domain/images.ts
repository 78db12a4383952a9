import { nowMs } from '../platform/clock';
import type { TransactItem } from '../db/entity';
import { getImageRefs, imageClaim, imageRelease, releaseImages, type ImageRefSource } from '../db/image-refs';
import { failed, invalid } from '../contract/errors';
import type { MultipartLimits, UploadedFile } from '../contract/files';
import { log } from '../platform/log';
import { MSG } from '../contract/messages';
import type { PreparedImage } from './image-processing';
export { imageVariantsOf } from '../storage/images';
import { canonicalImageUrl, deleteImages, imageExists, keyOf, putImage, uploadPrefix, villagePrefix } from '../storage/images';
import { sweepVillageImages } from './image-sweep';

/**
 * How images are made before they are stored (lib/domain/image-processing.ts, sharp): the
 * headers of a request's images checked together, then each image made. A function that
 * stores images enables it in its handler module (`storesImages` in lib/routes.ts): this
 * module is also part of functions that only release or delete images, and they must not
 * bundle or package sharp.
 */
export interface ImageMaker {
  check: (inputs: readonly Buffer[]) => Promise<void>;
  prepare: (input: Buffer) => Promise<PreparedImage>;
}
let maker: ImageMaker | undefined;
export function enableImageStoring(m: ImageMaker): void {
  maker = m;
}
function imageMaker(): ImageMaker {
  if (!maker) throw new Error('this function does not store images: its handler must call enableImageStoring');
  return maker;
}

/** Images checked together and each made (re-encoded, metadata such as GPS dropped), in order: for stores other than the public one (evidence). */
export async function madeImages(inputs: readonly Buffer[]): Promise<PreparedImage[]> {
  if (inputs.length === 0) return [];
  await imageMaker().check(inputs);
  const made: PreparedImage[] = [];
  for (const input of inputs) made.push(await imageMaker().prepare(input));
  return made;
}

/** Limits of multipart image fields. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The object-store side of one database change of village `kd`'s descriptions. New
 * objects are written before the change; if it finally fails, `rollback()` removes them
 * (nobody else knows their keys). Nothing else is deleted here: images a change stops
 * listing are released in its transaction (lib/db/image-refs.ts) and left to the orphan
 * sweep, which deletes an image only when no record lists it and nothing claimed or
 * released it for a day — so remove-item followed by an append of the same URL (the web
 * app's item edit) keeps a working image.
 */
export class ImageChanges implements ImageRefSource {
  private created: string[] = [];
  // A read-modify-write that lost a race runs again with the same input; these keep the
  // objects it already stored and the URLs it already checked, so a retry neither
  // uploads twice nor leaves copies behind.
  private readonly storedFor = new Map<UploadedFile, string>();
  private readonly accepted = new Set<string>();
  private readonly admitted = new Set<UploadedFile>();
  /** Releases that did not fit into the change's transaction: recorded after it commits. */
  private later: string[] = [];

  constructor(
    private readonly kd: string,
    private readonly callerId: number,
  ) {}

  /**
   * The request's files, before anything is read or decoded (writeWithImages, lib/domain/image-writes.ts): their
   * headers must be sound and within the request's image budget (checkImages of
   * lib/domain/image-processing.ts). Only admitted files are stored.
   */
  async admit(files: readonly UploadedFile[]): Promise<void> {
    if (files.length === 0) return;
    await imageMaker().check(files.map((f) => f.data));
    for (const f of files) this.admitted.add(f);
  }

  /**
   * Prepares every file first, one after another (lib/domain/image-processing.ts: nothing
   * is stored if one is not a sound image, and a refusal stops the rest), then stores them
   * all with their variants.
   */
  async store(files: UploadedFile[]): Promise<string[]> {
    if (!files.every((f) => this.admitted.has(f))) throw new Error('files to store must be the request files given to writeWithImages');
    const prepared = new Map<UploadedFile, PreparedImage>();
    for (const f of files) if (!this.storedFor.has(f)) prepared.set(f, await imageMaker().prepare(f.data));
    const results = await Promise.allSettled(
      files.map(async (f) => this.storedFor.get(f) ?? (await putImage(prepared.get(f)!, villagePrefix(this.kd)))),
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
   * Resolves an image URL a record is to list, in its canonical form
   * (canonicalImageUrl): one the record already lists (`held`) stays; otherwise it must
   * exist and be the caller's own upload, an image of this village's descriptions, or
   * an image this village's descriptions held before (after a hand-over, another
   * manager's upload); anything else is a 400. The change's transaction then claims it
   * (refWrites), which fails if the sweep is deleting it.
   */
  async claim(url: unknown, held: ReadonlySet<string>): Promise<string> {
    if (typeof url === 'string' && held.has(url)) return url;
    const canonical = canonicalImageUrl(url);
    if (!canonical) throw invalid(MSG.imageUrlInvalid);
    if (held.has(canonical) || this.accepted.has(canonical)) return canonical;
    const key = keyOf(canonical)!;
    const own = key.startsWith(uploadPrefix(this.callerId)) || key.startsWith(villagePrefix(this.kd));
    const [exists, refs] = await Promise.all([imageExists(key), own ? undefined : getImageRefs([key])]);
    if (!own && !refs?.get(key)?.villages.has(this.kd)) throw invalid(MSG.imageUrlInvalid);
    if (!exists) throw invalid(MSG.imageNotFound);
    this.accepted.add(canonical);
    return canonical;
  }

  /**
   * The reference writes of a change from the images `before` to those `after`: a claim
   * of each added image this change did not store, a release of each dropped one. At
   * most `room` go into the change's transaction: claims must (else 400), releases that
   * do not fit are recorded after it commits.
   */
  refWrites(before: Iterable<string>, after: Iterable<string>, room: number): TransactItem[] {
    const was = new Set(before);
    const is = new Set(after);
    const fresh = new Set(this.created);
    const keysOf = (urls: string[]) => urls.map((u) => keyOf(u)).filter((k): k is string => k !== null);
    const claims = keysOf([...is].filter((u) => !was.has(u) && !fresh.has(u)));
    const releases = keysOf([...was].filter((u) => !is.has(u)));
    if (claims.length > room) throw invalid(MSG.tooManyImageChanges);
    const fit = room - claims.length;
    this.later = releases.slice(fit);
    const now = nowMs();
    return [...claims.map((k) => imageClaim(k, this.kd, now)), ...releases.slice(0, fit).map((k) => imageRelease(k, this.kd, now))];
  }

  /** The database change failed: remove what this change stored. */
  async rollback(): Promise<void> {
    try {
      await deleteImages(this.created.splice(0));
    } catch (err) {
      log.error('image rollback failed; objects left for the sweep', err, { kd_desa: this.kd });
    }
  }

  /** The database change committed: record the releases that did not fit into it (a failure only shortens their grace). */
  async committed(): Promise<void> {
    this.created = [];
    if (this.later.length === 0) return;
    try {
      await releaseImages(this.later.splice(0), this.kd, nowMs());
    } catch (err) {
      log.error('image release after commit failed; the sweep may collect them before their grace period ends', err, {
        kd_desa: this.kd,
      });
    }
  }
}

/** Groups uploaded files by field, keeping their order. */
export function filesByField(files: UploadedFile[]): Map<string, UploadedFile[]> {
  const map = new Map<string, UploadedFile[]>();
  for (const f of files) map.set(f.field, [...(map.get(f.field) ?? []), f]);
  return map;
}

/**
 * After a village's deletion committed: its own objects (images/d/<kd>/) go at once,
 * through the sweep's protocol (no grace: the village is gone, yet a village created
 * again under the same code could claim them, and the protocol keeps what it claims).
 * Uploads its descriptions listed are left to the daily sweep. Failures are logged.
 */
export async function deleteVillageImages(kd: string): Promise<void> {
  try {
    await sweepVillageImages(kd);
  } catch (err) {
    log.error('image delete after village deletion failed; objects left for the sweep', err, { kd_desa: kd });
  }
}

/** POST /api/upload/gambar takes one file, in the field `file`. */
export const UPLOAD_LIMITS: MultipartLimits = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  filesPerField: 1,
  fileFields: ['file'],
  fields: 5,
  fieldSize: 1024,
};

/** What an answer needs to get out once the image is stored: with less time left, the caller would likely never get it. */
export const ANSWER_MARGIN_MS = 1000;

/**
 * POST /api/upload/gambar: an image (made safe and web-sized, with its variants) stored
 * under the caller's upload prefix; its URL. An upload that finishes with less than
 * ANSWER_MARGIN_MS left before the function's deadline (`timeLeft`) is removed again and
 * fails (500, "unggah ulang"): nobody would receive its URL. If the function is stopped
 * before that, the orphan sweep takes the image a day later (no record lists it).
 */
export async function storeUpload(data: Buffer, callerId: number, timeLeft: () => number = () => Infinity): Promise<string> {
  const url = await putImage(await imageMaker().prepare(data), uploadPrefix(callerId));
  if (timeLeft() >= ANSWER_MARGIN_MS) return url;
  try {
    await deleteImages([url]);
  } catch (err) {
    log.error('removing an upload past its deadline failed; left for the sweep', err);
  }
  throw failed(MSG.uploadTimedOut);
}
