import { log } from '../../lib/platform/log';
import { sweepOrphanImages } from '../../lib/domain/image-sweep';
import { finishPendingDeletions } from '../../lib/domain/villages';

/** Scheduled daily (EventBridge): interrupted village deletions completed, then the orphan sweep of lib/domain/image-sweep.ts. */
export const handler = async (): Promise<{ scanned: number; deleted: number; strayVariants: number }> => {
  const finished = await finishPendingDeletions();
  if (finished.length) log.info('village deletions completed', { villages: finished });
  const result = await sweepOrphanImages();
  const summary = { scanned: result.scanned, deleted: result.deleted.length, strayVariants: result.strayVariants.length };
  log.info('image sweep', summary);
  return summary;
};
