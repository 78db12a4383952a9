import { reportReminderInput, sendReportReminder } from '../../lib/domain/monitoring-reminders';
import { route } from '../../lib/http/handler';
import { json } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';

/** POST /api/pemantauan/pengingat, 202: the reminder is in the outbox; the mails go out with the next drain (within a minute). */
export const handler = route({ body: reportReminderInput }, async ({ body, caller }) =>
  json(202, { message: MSG.reportReminderQueued, data: await sendReportReminder(body, signedIn(caller)) }),
);
