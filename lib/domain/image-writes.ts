import { invalid } from '../contract/errors';
import { MSG } from '../contract/messages';
import type { UploadedFile } from '../contract/files';
import type { Who } from '../db/history';
import { ImageReleasedError } from '../db/image-refs';
import { inUnitOfWork, type Attempt, type UnitOfWork } from '../db/unit-of-work';
import { ImageChanges } from './images';

/** The village whose record changes (new images go under its prefix) and who stores them. */
export interface ImageScope {
  kd: string;
  callerId: number;
  /** The request's files that the write may store: checked together (headers, the image budget) before anything is read. */
  files?: readonly UploadedFile[];
}

/**
 * A write that stores or releases images, as one unit of work (inUnitOfWork: its attempts
 * read afresh and decide again). The images it stores are processed and stored once, outside
 * the attempts (a retry reuses them), and removed if the write finally fails. The unit of work
 * derives the image references (claims and releases) of each change from the records before and
 * after (an entity's `images` declaration) through `images`, in its transaction; releases that
 * did not fit are recorded after the commit.
 */
export async function writeWithImages<T>(
  scope: ImageScope,
  who: Who,
  work: (uow: UnitOfWork, images: ImageChanges, attempt: Attempt) => Promise<T>,
  opts: { busy?: string } = {},
): Promise<T> {
  const images = new ImageChanges(scope.kd, scope.callerId);
  await images.admit(scope.files ?? []);
  let result: T;
  try {
    result = await inUnitOfWork(
      who,
      (uow, attempt) => {
        uow.useImages(images);
        return work(uow, images, attempt);
      },
      opts,
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
 * Deletes a record read afresh on each attempt (`read`): `record` records the deletion, whose
 * releases of every image the record lists the unit of work derives.
 */
export function deleteReleasingImages<R>(
  scope: ImageScope,
  who: Who,
  read: () => Promise<R>,
  record: (uow: UnitOfWork, current: R) => void | Promise<void>,
  opts: { busy?: string } = {},
): Promise<void> {
  return writeWithImages(scope, who, async (uow) => record(uow, await read()), opts);
}
