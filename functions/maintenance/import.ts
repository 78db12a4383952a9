import type { Context } from 'aws-lambda';
import { runImportWork, type ImportRunReport } from '../../lib/domain/import-apply';
import { log } from '../../lib/platform/log';

/**
 * Scheduled every minute (EventBridge), lib/domain/import-apply.ts: checks uploaded import files
 * and applies started imports in batches, until 15 s before the function's timeout.
 */
export const handler = async (_event?: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<ImportRunReport> => {
  const report = await runImportWork({ outOfTime: () => (context?.getRemainingTimeInMillis() ?? Infinity) < 15_000 });
  if (report.checked.length || report.applied) log.info('imports worked', { ...report });
  return report;
};
