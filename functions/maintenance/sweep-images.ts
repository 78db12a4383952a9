import { log } from '../../lib/platform/log';
import { sweepOrphanImages } from '../../lib/domain/image-sweep';

/** Scheduled daily (EventBridge): the orphan sweep of lib/domain/image-sweep.ts. */
export const handler = async (): Promise<{ scanned: number; deleted: number }> => {
  const result = await sweepOrphanImages();
  log.info('image sweep', { scanned: result.scanned, deleted: result.deleted.length });
  return { scanned: result.scanned, deleted: result.deleted.length };
};
