import type { Context } from 'aws-lambda';
import { drainOutbox, hourInJakarta, remindClosingRounds, REMINDER_HOUR, type DrainReport } from '../../lib/domain/notifications';
import { remindMissingReports } from '../../lib/domain/monitoring-reminders';
import { log } from '../../lib/platform/log';

/**
 * Scheduled every minute (EventBridge), lib/domain/notifications.ts: from 08:00 WIB the day's
 * automatic reminders (rounds whose self-assessment closes in three days; once a day each;
 * on the 1st and the 8th of a month the missing monthly reports: lib/domain/monitoring-reminders.ts),
 * then the outbox drain — the mails of the oldest notices, at most NOTIFY_MAILS_PER_SECOND,
 * until 15 s before the function's timeout. `npm start` invokes it every few seconds.
 */
export const handler = async (
  _event?: unknown,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<DrainReport & { reminded: string[]; reportsReminded: string[] }> => {
  const reminded = hourInJakarta() >= REMINDER_HOUR ? await remindClosingRounds() : [];
  if (reminded.length) log.info('reminders enqueued', { rounds: reminded });
  const reports = await remindMissingReports();
  if (reports.length) log.info('monthly-report reminders enqueued', { rounds: reports });
  const report = await drainOutbox({ outOfTime: () => (context?.getRemainingTimeInMillis() ?? Infinity) < 15_000 });
  // quiet when there was nothing to do (it runs every minute, and every few seconds locally)
  if (report.notices) log.info('outbox drained', { ...report });
  return { ...report, reminded, reportsReminded: reports };
};
