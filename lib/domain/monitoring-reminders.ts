import * as z from 'zod';
import { SYSTEM, type Caller } from '../contract/caller';
import { conflict, DomainError } from '../contract/errors';
import { kabupatenWithinProvinsi, regionName } from '../contract/inputs';
import { MSG } from '../contract/messages';
import { namingRefusal, refusals, whenFieldsValid } from '../contract/validation';
import { regionPart } from '../db/keys';
import { reportReminders, type Notice, type ReportReminderRecord } from '../db/outbox';
import { reportedOf } from '../db/reports';
import { inUnitOfWork } from '../db/unit-of-work';
import { recipients, type Recipient } from '../db/users';
import { villagesByEmail, villagesPage } from '../db/villages';
import type { Mail } from '../mail/ses';
import { reportReminderMail, type NoticeMailInput } from '../mail/templates';
import { nowMs, nowSeconds } from '../platform/clock';
import { today } from './evaluations';
import { isReportMonth, missingReports, monthPlus, thisMonth } from './monitoring';

/**
 * Reminders of missing monthly reports (docs/monitoring.md#pengingat), through the outbox: the
 * automatic ones (the 1st of a month for the month before, the 8th again for those still
 * missing) and the one dinas or admin sends now for a region (once a day per region). Each is
 * a record (lib/db/outbox.ts `reportReminders`) whose key says which it is, created once with
 * its notice in the same transaction; the drain finds the managers when it sends (villages in
 * scope that existed in the month and have no report of it, a manager's all in one mail), skips
 * those who turned reminders off, and sends each manager's mail once (its delivery marker).
 */

type Round = ReportReminderRecord['putaran'];
type ReportNotice = Extract<Notice, { kind: 'report_reminder' }>;

/** The automatic rounds by day of the month (WIB): the first from the 1st (a missed day catches up until the 7th), the second from the 8th through the deadline, the 10th. */
const ROUND_DAYS: { putaran: Round; from: number; through: number }[] = [
  { putaran: 'awal', from: 1, through: 7 },
  { putaran: 'susulan', from: 8, through: 10 },
];
/** From this hour (WIB) the drain's runs enqueue the day's automatic reminders (as the evaluation reminders). */
export const REPORT_REMINDER_HOUR = 8;
/** How long a reminder's record is kept (it only has to outlive its month, or its day). */
const KEEP_DAYS = 62;

const WIB_MS = 7 * 3600_000;
const wibNow = () => new Date(nowMs() + WIB_MS);

const record = (id: string, fields: Omit<ReportReminderRecord, 'id' | 'tanggal' | 'at' | 'expiresAt'>, at: string) => ({
  id,
  ...fields,
  tanggal: today(),
  at,
  expiresAt: nowSeconds() + KEEP_DAYS * 86_400,
});

/**
 * Called by every run of the outbox drain (functions/maintenance/outbox.ts): from 08:00 WIB on the
 * days of an automatic round, enqueues that round for last month unless it went out already
 * (one GetItem; the record's key refuses a second one from a drain running at the same time).
 * The rounds enqueued (`<YYYY-MM> awal|susulan`).
 */
export async function remindMissingReports(): Promise<string[]> {
  const now = wibNow();
  if (now.getUTCHours() < REPORT_REMINDER_HOUR) return [];
  const day = now.getUTCDate();
  const round = ROUND_DAYS.find((r) => day >= r.from && day <= r.through);
  if (!round) return [];
  const bulan = monthPlus(thisMonth(), -1);
  const id = `otomatis#${bulan}#${round.putaran}`;
  if (await reportReminders.get(id, true)) return [];
  try {
    await inUnitOfWork(SYSTEM, async (uow) => {
      uow.create(reportReminders, record(id, { bulan, putaran: round.putaran }, uow.at), {
        guard: () => conflict(MSG.reportReminderAlreadySent),
      });
    });
  } catch (err) {
    // another drain enqueued it meanwhile
    if (err instanceof DomainError) return [];
    throw err;
  }
  return [`${bulan} ${round.putaran}`];
}

const oneLine = (s: string) => !/[\p{Cc}\p{Cs}]/u.test(s);
/** POST /api/pemantauan/pengingat: the month, and the region (none: every village). */
export const reportReminderInput = z
  .strictObject({
    bulan: z
      .string()
      .refine(isReportMonth)
      .meta({ description: 'The month whose missing reports are reminded (YYYY-MM, WIB), through this month', examples: ['2026-10'] }),
    provinsi: regionName().refine(oneLine).optional().meta({ description: 'Only this province' }),
    kabupaten: regionName().refine(oneLine).optional().meta({ description: 'Only this kabupaten (with provinsi)' }),
  })
  .refine(kabupatenWithinProvinsi, { path: ['kabupaten'], ...whenFieldsValid });
refusals.add(
  reportReminderInput,
  namingRefusal(MSG.reportReminderInvalid, 'body', {
    fields: { bulan: MSG.fieldReportReminderMonth, provinsi: MSG.fieldProvince, kabupaten: MSG.fieldKabupaten },
  }),
);
export type ReportReminderInput = z.output<typeof reportReminderInput>;

/**
 * POST /api/pemantauan/pengingat (dinas, admin): a reminder now to the managers of the region's
 * villages without a report of the month, at most one a day per region (409 after; the same
 * region spelled in another case is the same region). The villages without a report now and
 * their managers who will be mailed (reminders on); the drain sends within a minute.
 */
export async function sendReportReminder(input: ReportReminderInput, caller: Caller) {
  const { bulan, provinsi, kabupaten } = input;
  const tanggal = today();
  const id = `manual#${tanggal}#${regionPart(provinsi ?? '')}#${regionPart(kabupaten ?? '')}`;
  const [missing, sent] = await Promise.all([
    missingReports({ bulan, provinsi, kabupaten } as Parameters<typeof missingReports>[0]).then((page) => page.data),
    reportReminders.get(id, true),
  ]);
  if (sent) throw conflict(MSG.reportReminderAlreadySent);
  const [mailed] = await Promise.all([
    recipients(missing.map((v) => v.email)).then((all) => all.filter((r) => r.pengingat)),
    // the key refuses a second one sent meanwhile (409 as well)
    inUnitOfWork(caller, async (uow) => {
      const fields = { bulan, putaran: 'dinas' as const, ...(provinsi ? { provinsi } : {}), ...(kabupaten ? { kabupaten } : {}) };
      uow.create(reportReminders, record(id, { ...fields, oleh: caller.username }, uow.at), {
        guard: () => conflict(MSG.reportReminderAlreadySent),
      });
    }),
  ]);
  return { bulan, tanggal, provinsi: provinsi ?? null, kabupaten: kabupaten ?? null, desa: missing.length, pengelola: mailed.length };
}

// ---------------------------------------------------------------- the drain's side

/** What the drain needs of a notice to many (lib/domain/notifications.ts `Plan`). */
interface ReminderPlan {
  switch: 'pengingat';
  page: (
    cursor: string | undefined,
    limit: number,
  ) => Promise<{ letters: { to: Recipient; mail: Mail }[]; read: number; next: string | undefined }>;
}

/** Start of the month after `bulan` (WIB), as epoch ms: a village registered later did not exist in the month. */
const monthEnd = (bulan: string) => Date.parse(`${monthPlus(bulan, 1)}-01T00:00:00+07:00`);

/**
 * The recipients of a report reminder, a page of the scope's villages at a time: each manager on
 * the page with every village of theirs in scope that existed in the month and has no report of
 * it (those on other pages too: one mail names all; the delivery marker keeps it to one).
 */
export function reportReminderPlan(notice: ReportNotice, to: (r: Recipient) => NoticeMailInput): ReminderPlan {
  const region = { provinsi: notice.provinsi, kabupaten: notice.kabupaten };
  const inScope = (v: { provinsi: string; kabupaten: string }) =>
    (!region.provinsi || regionPart(v.provinsi) === regionPart(region.provinsi)) &&
    (!region.kabupaten || regionPart(v.kabupaten) === regionPart(region.kabupaten));
  const end = monthEnd(notice.bulan);
  const deadline = `${monthPlus(notice.bulan, 1)}-10`;
  const late = today() > deadline;
  const missingOf = async (email: string) => {
    const theirs = (await villagesByEmail(email)).filter((v) => !v.deleting && inScope(v) && Date.parse(v.created_at) < end);
    const reported = await reportedOf(
      theirs.map((v) => v.kd_desa),
      notice.bulan,
    );
    return theirs
      .filter((v) => !reported.has(v.kd_desa))
      .map(({ kd_desa, nama_desa }) => ({ kd_desa, nama_desa }))
      .sort((a, b) => a.nama_desa.localeCompare(b.nama_desa));
  };
  return {
    switch: 'pengingat',
    page: async (cursor, limit) => {
      const { villages, next } = await villagesPage(region, cursor, limit);
      const owners = [...new Set(villages.map((v) => v.email))];
      const open = new Map(await Promise.all(owners.map(async (email) => [email, await missingOf(email)] as const)));
      const letters = (await recipients(owners.filter((e) => open.get(e)?.length))).map((r) => ({
        to: r,
        mail: reportReminderMail(r.email, to(r), {
          bulan: notice.bulan,
          kedua: notice.putaran === 'susulan',
          batas: deadline,
          lewat: late,
          villages: open.get(r.email) ?? [],
        }),
      }));
      return { letters, read: villages.length, next };
    },
  };
}
