import { found, invalid } from '../contract/errors';
import { MSG } from '../contract/messages';
import type { TransactItem } from '../db/entity';
import { ImageReleasedError, REF_ROOM } from '../db/image-refs';
import type { UploadedFile } from '../contract/files';
import { withRetries } from '../platform/retry';
import { ImageChanges } from './images';

/** How one kind of record is read afresh for a read-modify-write, and when a lost race is retried. */
export interface RecordKind<R> {
  /** Reads the record on each attempt (strongly consistent); absent → 404 with `missing`. A create has no read. */
  read?: (kd: string) => Promise<R | undefined>;
  missing?: string;
  /** The error means "someone else wrote first": read again and retry. */
  retryable: (err: unknown) => boolean;
  /** The 409 message when every attempt lost its race. */
  busy: string;
  /** How many attempts (default 30). */
  attempts?: number;
}

export interface ReadModifyWrite<R, T> extends RecordKind<R> {
  /** The village whose record changes (new images go under its prefix). */
  kd: string;
  callerId: number;
  /** The request's files that `write` may store: checked together (headers, the image budget) before anything is read. */
  files?: readonly UploadedFile[];
  /**
   * Computes the change from what was read and writes it with a condition on the version
   * read (claims and releases of images in the same transaction: `images.refWrites`).
   */
  write: (current: R, images: ImageChanges) => Promise<T>;
}

/**
 * The one read-modify-write of the service: read (with its version), change, write
 * conditionally, and on a lost race do it all again from a fresh read (30 times by default,
 * then 409 `busy`). Images a write stores are stored once (a retry reuses them) and
 * removed if it finally fails; releases that did not fit into its transaction are
 * recorded after it committed.
 */
export async function readModifyWrite<R, T>(op: ReadModifyWrite<R, T>): Promise<T> {
  const images = new ImageChanges(op.kd, op.callerId);
  await images.admit(op.files ?? []);
  let result: T;
  try {
    result = await withRetries(
      async () => op.write(op.read ? found(await op.read(op.kd), op.missing ?? MSG.notFoundRoute) : (undefined as R), images),
      op.retryable,
      op.attempts ?? 30,
      op.busy,
    );
  } catch (err) {
    await images.rollback();
    if (err instanceof ImageReleasedError) throw invalid(MSG.imageNotFound);
    throw err;
  }
  await images.committed();
  return result;
}

/**
 * Deletes a record read afresh, on the condition of the version read, releasing every
 * image it lists in the same transaction (`remove` writes it with those `refs`).
 */
export function deleteReleasingImages<R>(
  kind: RecordKind<R>,
  village: { kd: string; callerId: number },
  imagesOf: (record: R) => Iterable<string>,
  remove: (current: R, refs: TransactItem[]) => Promise<void>,
): Promise<void> {
  return readModifyWrite({
    ...kind,
    ...village,
    write: (current, images) => remove(current, images.refWrites(imagesOf(current), [], REF_ROOM)),
  });
}
