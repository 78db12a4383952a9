import type { Context } from 'aws-lambda';
import { backfillImages, type BackfillReport } from '../../lib/domain/image-backfill';
import { log } from '../../lib/platform/log';

/**
 * Invoked by hand after deploying (`serverless invoke -f imagesBackfill --stage <stage>`):
 * lib/domain/image-backfill.ts over the stage's bucket until 60 s before the function's
 * timeout; when it stops early the answer's `next` goes into the next invocation as
 * `{"startAfter": "<next>"}`.
 */
export const handler = async (
  event: { startAfter?: string } | undefined,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<Omit<BackfillReport, 'refused'> & { refused: number }> => {
  const report = await backfillImages({
    startAfter: typeof event?.startAfter === 'string' ? event.startAfter : undefined,
    outOfTime: () => (context?.getRemainingTimeInMillis() ?? Infinity) < 60_000,
  });
  for (const r of report.refused) log.warn('image left as it is: not a sound image', { key: r.key, reason: r.reason });
  const summary = { ...report, refused: report.refused.length };
  log.info('image backfill', summary);
  return summary;
};
