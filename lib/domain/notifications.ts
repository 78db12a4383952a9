import * as z from 'zod';
import { SYSTEM, type Acting, type Caller } from '../contract/caller';
import { conflict, DomainError, found, unauthenticated } from '../contract/errors';
import { MSG } from '../contract/messages';
import { whenFieldsValid, refusals, namingRefusal } from '../contract/validation';
import { assessments, getAssessment, getRound, listRounds, moveOf, RoundChangedError, rounds, type RoundRecord } from '../db/evaluations';
import * as store from '../db/outbox';
import type { Notice, OutboxRecord } from '../db/outbox';
import { inUnitOfWork } from '../db/unit-of-work';
import {
  getUserByEmail,
  recipients,
  recipientsOfRole,
  setNotificationSwitches,
  switchesOf,
  type NotificationSwitches,
  type Recipient,
} from '../db/users';
import { getVillage, villagesByEmail, villagesPage, type VillageOwner, type VillageRecord } from '../db/villages';
import { sendMail, type Mail } from '../mail/ses';
import * as mails from '../mail/templates';
import { nowMs } from '../platform/clock';
import { config } from '../platform/config';
import { log } from '../platform/log';
import { inScope, roundState, today } from './evaluations';
import { reportReminderPlan } from './monitoring-reminders';

/**
 * Notification mails (docs/evaluations.md#notifications). A write that tells someone
 * something puts a notice in the outbox in its own transaction (its entity's `notify`,
 * lib/db/unit-of-work.ts); the drain here, run every minute (functions/maintenance/outbox.ts;
 * locally every few seconds by `npm start`), finds each notice's recipients when it sends,
 * skips those who turned such mails off, and sends each mail once: a marker per notice and
 * recipient is claimed before the mail goes and confirmed once SES accepted it, so a retry or
 * a second drain never sends it twice, and a crash or a stalled DynamoDB sends it at most twice,
 * never not at all (lib/db/outbox.ts). A notice to many (a round for every village of the
 * country) is read in pages, its progress kept on its outbox item.
 */

// ---------------------------------------------------------------- switches

/** PUT /api/akun/notifikasi: either switch or both; any other key is refused and named (400). */
export const notificationSwitchesInput = z
  .strictObject({
    pengingat: z.boolean().optional().meta({ description: 'Reminders: before self-assessment closes, and of a missing monthly report' }),
    perubahan: z
      .boolean()
      .optional()
      .meta({ description: 'Other notices: a round opened, a submission (dinas), a review, a request’s or a status’s change' }),
  })
  .refine((s) => s.pengingat !== undefined || s.perubahan !== undefined, { error: MSG.notificationSettingsEmpty, ...whenFieldsValid });
refusals.add(notificationSwitchesInput, namingRefusal(MSG.notificationSettingsInvalid));
export type NotificationSwitchesInput = z.output<typeof notificationSwitchesInput>;

/** GET /api/akun/notifikasi: the caller's switches as stored (both on until turned off). */
export async function getNotifications(caller: Caller): Promise<NotificationSwitches> {
  const user = await getUserByEmail(caller.email);
  if (!user) throw unauthenticated(MSG.tokenInvalid);
  return switchesOf(user);
}

/** PUT /api/akun/notifikasi: the caller's switches as they become. */
export async function setNotifications(input: NotificationSwitchesInput, caller: Caller): Promise<NotificationSwitches> {
  const switches = await setNotificationSwitches(caller.email, input, caller);
  if (!switches) throw unauthenticated(MSG.tokenInvalid);
  return switches;
}

// ---------------------------------------------------------------- reminders

/** Days before `batas_mandiri` on which the automatic reminder goes to those who have not submitted. */
export const REMINDER_DAYS_BEFORE = 3;

/**
 * POST /api/evaluasi/{id}/pengingat (and the automatic one): a reminder to the managers of the
 * villages in scope that have not submitted, at most one a day per round (the day is kept
 * on the round; its change gives the notice), only while self-assessment is open (409).
 */
export const remindRound = (id: string, who: Acting) =>
  inUnitOfWork(who, async (uow, read) => {
    const round = found(await getRound(id, read.consistent), MSG.evaluationNotFound);
    if (roundState(round) !== 'penilaian_mandiri') throw conflict(MSG.reminderOutsidePeriod);
    const day = today();
    if (round.pengingat_terakhir === day) throw conflict(MSG.reminderAlreadySent);
    uow.update(
      rounds,
      round,
      { ...round, pengingat_terakhir: day, pengingat_at: uow.at },
      { guard: () => new RoundChangedError(), action: 'evaluation.reminded' },
    );
    return { id_evaluasi: id, tanggal: day };
  });

/** From this hour (Western Indonesian Time) on, the drain's runs send the day's automatic reminders. */
export const REMINDER_HOUR = 8;

/**
 * The automatic reminders, checked by every run of the drain from REMINDER_HOUR on: one for
 * each round whose self-assessment closes in REMINDER_DAYS_BEFORE days and that had none
 * today (by hand or by an earlier run: left alone, without a write). The rounds reminded.
 */
export async function remindClosingRounds(): Promise<string[]> {
  const day = today();
  const closing = dayAfter(day, REMINDER_DAYS_BEFORE);
  const due = (r: RoundRecord) => r.batas_mandiri === closing && r.pengingat_terakhir !== day && roundState(r) === 'penilaian_mandiri';
  const reminded: string[] = [];
  for (const round of (await listRounds()).filter(due)) {
    try {
      await remindRound(round.id_evaluasi, SYSTEM);
      reminded.push(round.id_evaluasi);
    } catch (err) {
      // reminded meanwhile, or gone
      if (!(err instanceof DomainError)) throw err;
    }
  }
  return reminded;
}

/** The hour of the day in Western Indonesian Time (UTC+7), as the evaluation dates count days. */
export const hourInJakarta = (): number => new Date(nowMs() + 7 * 3600_000).getUTCHours();

const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------- the drain

export interface DrainOptions {
  /** The most recipients (or, for a round, villages) handled in this call; default: what a minute's run sends at `rate`. */
  limit?: number;
  /** Mails per second at most (default NOTIFY_MAILS_PER_SECOND, SES's sending rate). */
  rate?: number;
  /** True when the run must stop starting pages (its time is nearly up). */
  outOfTime?: () => boolean;
  /** How long another drain's unconfirmed claim is left alone (default CLAIM_LEASE_MS; tests shorten it). */
  claimLeaseMs?: number;
}

export interface DrainReport {
  /** Outbox items worked on, and those finished (every recipient handled: the item deleted). */
  notices: number;
  finished: number;
  sent: number;
  /** Recipients who turned such mails off. */
  skipped: number;
  /** Recipients whose mail was sent before (a retry, another drain, a second village of theirs). */
  duplicates: number;
  /** A mail SES refused: the drain stopped there, the recipient's claim given back for the next run. */
  failed: number;
  /**
   * A claim or a confirmation DynamoDB did not answer (unavailable, timed out; it may have been
   * made all the same): the drain stopped there, the notice kept at that page for a later run.
   */
  unconfirmed: number;
  /**
   * Recipients another drain claimed less than a lease ago and did not confirm (it is sending, or it
   * stopped): their notice is kept at that page, and left alone for the rest of this run.
   */
  busy: number;
  /** Work is left for the next call (the limit or the time ran out, or a failure stopped it); not for `busy` alone. */
  more: boolean;
}

/** A page of a notice's recipients: each one's mail and the switch it answers to; `read`: rows read (the batch's measure). */
interface Page {
  letters: { to: Recipient; mail: Mail }[];
  read: number;
  next: string | undefined;
}
type Switch = keyof NotificationSwitches;
interface Plan {
  /** Which switch lets the recipients have the mail (`always`: a notice about the account's own rights, never turned off). */
  switch: Switch | 'always';
  page: (cursor: string | undefined, limit: number) => Promise<Page>;
}

/** Rows read per page of a notice to many (villages, dinas accounts). */
const PAGE = 100;
/** What a minute's run handles at most, in seconds of sending at the rate (the function runs every minute, 60 s at most). */
const RUN_SECONDS = 40;

/**
 * Sends the mails of the outbox's oldest notices: a batch (`limit` recipients, or rows of
 * a notice to many) per call, at most `rate` mails a second. A notice is deleted once every
 * recipient's mail is confirmed sent (or skipped); one left half-way keeps where it stopped:
 * at the page of a mail that failed, DynamoDB did not answer for, or another drain holds.
 */
export async function drainOutbox(opts: DrainOptions = {}): Promise<DrainReport> {
  const rate = opts.rate ?? config().notifyMailsPerSecond;
  let budget = opts.limit ?? rate * RUN_SECONDS;
  const report: DrainReport = {
    notices: 0,
    finished: 0,
    sent: 0,
    skipped: 0,
    duplicates: 0,
    failed: 0,
    unconfirmed: 0,
    busy: 0,
    more: false,
  };
  const run: Run = { pace: pacer(rate), leaseMs: opts.claimLeaseMs ?? store.CLAIM_LEASE_MS, report };
  const stop = () => budget <= 0 || !!opts.outOfTime?.() || halted(report);
  // notices with a recipient another drain holds: not read again in this run
  const waiting = new Set<string>();
  while (!stop()) {
    const items = (await store.pendingNotices(Math.min(budget, NOTICES_PER_READ) + waiting.size)).filter((i) => !waiting.has(i.id));
    if (!items.length) return report;
    for (const item of items) {
      if (stop()) break;
      report.notices++;
      const { read, busy } = await drainNotice(item, () => budget, stop, run);
      budget -= read;
      if (busy) waiting.add(item.id);
    }
  }
  // the batch or the time ran out, or SES refused a mail or DynamoDB did not answer: the next run goes on
  report.more = true;
  return report;
}
/** Notices read from the outbox at a time. */
const NOTICES_PER_READ = 25;

/** What one call of the drain shares among its notices. */
interface Run {
  /** Waits until one more mail may start. */
  pace: () => Promise<void>;
  leaseMs: number;
  report: DrainReport;
}
/** A mail failed, or DynamoDB did not answer for one: the run stops starting anything. */
const halted = (report: DrainReport) => report.failed > 0 || report.unconfirmed > 0;

/**
 * Mails a notice's recipients, a page at a time, until it is done (deleted) or the run must stop (its
 * cursor kept): the rows it read, and whether a recipient another drain holds keeps it at a page.
 */
async function drainNotice(item: OutboxRecord, budget: () => number, stop: () => boolean, run: Run) {
  const plan = await planOf(item.notice);
  let cursor = item.cursor;
  let handled = item.handled ?? 0;
  let read = 0;
  for (;;) {
    const page = await plan.page(cursor, Math.max(1, Math.min(budget() - read, PAGE)));
    const done = await deliverAll(item, page.letters, plan.switch, run);
    // this page again on a later run: its mails confirmed are skipped there, the others claimed (again) and sent
    if (halted(run.report)) return { read, busy: false };
    // not counted: the batch goes on with other notices (this one is not read again in this run)
    if (!done) return { read, busy: true };
    read += Math.max(1, page.read);
    handled += page.letters.length;
    if (!page.next) {
      await store.finishNotice(item);
      run.report.finished++;
      return { read, busy: false };
    }
    cursor = page.next;
    await store.saveProgress(item, cursor, handled);
    if (budget() - read <= 0 || stop()) return { read, busy: false };
  }
}

/**
 * Mails one page's recipients (`rate` at a time), those who turned it off skipped: true when
 * every other one's mail is confirmed sent (now or before), so the page is done.
 */
async function deliverAll(item: OutboxRecord, letters: Page['letters'], on: Switch | 'always', run: Run): Promise<boolean> {
  const wanted = letters.filter((l) => {
    const wants = on === 'always' || l.to[on];
    if (!wants) run.report.skipped++;
    return wants;
  });
  let done = true;
  for (let i = 0; i < wanted.length && !halted(run.report); i += CONCURRENT) {
    const handled = await Promise.all(
      wanted.slice(i, i + CONCURRENT).map(async ({ to, mail }) => {
        await run.pace();
        // the run stops: the rest of the page is left to the next one
        return !halted(run.report) && deliver(item, to.email, mail, run);
      }),
    );
    done &&= handled.every(Boolean);
  }
  return done && !halted(run.report);
}
/**
 * Mails in flight together: one. A mail SES accepted and the drain has not yet confirmed is
 * sent again after a crash, so one at a time keeps it to at most one duplicate per crash
 * (docs/evaluations.md); a send and its confirmation take well under 1/14 s, SES's rate.
 */
const CONCURRENT = 1;

/**
 * Sends one recipient's mail once: claimed first, confirmed once SES accepted it. True when it is
 * sent (now or before). A DynamoDB call that throws stops the run but not the others in flight:
 * whether it was made is unknown, so the recipient's page is done again by a later run (once the
 * lease of a claim that was made is over), which sends the mail at most once more.
 */
async function deliver(item: OutboxRecord, email: string, mail: Mail, run: Run): Promise<boolean> {
  const { report } = run;
  const unanswered = (step: string, err: unknown) => {
    report.unconfirmed++;
    log.error(`notification mail ${step} not recorded; the page is done again on a later run`, {
      notice: item.id,
      kind: item.notice.kind,
      err,
    });
    return false;
  };
  let claim: store.Claim;
  try {
    claim = await store.claimDelivery(item.id, email, run.leaseMs);
  } catch (err) {
    return unanswered('claim', err);
  }
  if (claim.outcome === 'sent') {
    report.duplicates++;
    return true;
  }
  if (claim.outcome === 'busy') {
    report.busy++;
    return false;
  }
  try {
    await sendMail(mail);
  } catch (err) {
    report.failed++;
    log.error('notification mail not sent; it is tried again on the next run', { notice: item.id, kind: item.notice.kind, err });
    // not given back (DynamoDB fails too): a later run takes the claim over once its lease is over
    await store.releaseDelivery(item.id, email, claim.token).catch(() => false);
    return false;
  }
  report.sent++;
  try {
    // false: the claim outlived its lease and another drain took it over (it sends this mail once more)
    await store.confirmDelivery(item.id, email, claim.token);
    return true;
  } catch (err) {
    return unanswered('confirmation', err);
  }
}

/** Waits until one more mail may start: at most `rate` in any second. */
function pacer(rate: number): () => Promise<void> {
  const started: number[] = [];
  return async () => {
    for (;;) {
      const now = Date.now();
      while (started.length && started[0]! <= now - 1000) started.shift();
      if (started.length < rate) {
        started.push(now);
        return;
      }
      await new Promise((r) => setTimeout(r, started[0]! + 1000 - now));
    }
  };
}

/** The existing web app (the stage's first front-end origin), when it names one: where a request's or a status's mail points. */
function appLink(): string | undefined {
  return config().corsOrigins.find((o) => /^https?:\/\//.test(o));
}

/** One page holding the letters of a notice with a single recipient (or none: what it names is gone). */
const single = (letters: Page['letters']): Page => ({ letters, read: 1, next: undefined });
const nothing: Plan = { switch: 'perubahan', page: async () => single([]) };

/**
 * A notice to a village's manager: one letter, written by `write` once the village and its
 * manager's account are found (none when either is gone).
 */
async function toOwnerOf(kd: string, write: (owner: Recipient, village: VillageRecord) => Mail | Promise<Mail>): Promise<Plan> {
  const village = await getVillage(kd, true);
  const [owner] = village ? await recipients([village.email]) : [];
  if (!village || !owner) return nothing;
  const mail = await write(owner, village);
  return { switch: 'perubahan', page: async () => single([{ to: owner, mail }]) };
}

/** How a notice finds its recipients and what each is sent. */
async function planOf(notice: Notice): Promise<Plan> {
  const link = appLink();
  const web = config().webBaseUrl;
  const to = (r: Recipient) => ({ name: r.full_name, web, ...(link ? { link } : {}) });
  switch (notice.kind) {
    case 'round_opened':
    case 'reminder': {
      const round = await getRound(notice.id_evaluasi, true);
      const state = round && roundState(round);
      // a round already over (recorded afterwards), or gone: nobody to tell; a reminder only while it is open
      if (!round || state === 'selesai' || (notice.kind === 'reminder' && state !== 'penilaian_mandiri')) return nothing;
      const reminder = notice.kind === 'reminder';
      return {
        switch: reminder ? 'pengingat' : 'perubahan',
        page: async (cursor, limit) => {
          const { villages, next } = await villagesPage(round, cursor, limit);
          const open = reminder ? await notSubmitted(round, villages) : villages;
          const byOwner = new Map<string, VillageOwner[]>();
          for (const v of open) byOwner.set(v.email, [...(byOwner.get(v.email) ?? []), v]);
          // a manager's villages may lie on several pages, and the mail goes once: it names all of them
          if (reminder)
            await Promise.all(
              [...byOwner].map(async ([email, onPage]) => byOwner.set(email, [...onPage, ...(await openElsewhere(round, email, onPage))])),
            );
          const letters = (await recipients([...byOwner.keys()])).map((r) => ({
            to: r,
            mail: reminder
              ? mails.reminderMail(r.email, to(r), round, byOwner.get(r.email) ?? [])
              : mails.roundOpenedMail(r.email, to(r), round),
          }));
          return { letters, read: villages.length, next };
        },
      };
    }
    case 'assessment_submitted': {
      const [round, village] = await Promise.all([getRound(notice.id_evaluasi), getVillage(notice.kd_desa)]);
      if (!round || !village) return nothing;
      return {
        switch: 'perubahan',
        page: async (cursor, limit) => {
          const { recipients: dinas, next } = await recipientsOfRole('dinas', cursor, limit);
          const letters = dinas.map((r) => ({ to: r, mail: mails.assessmentSubmittedMail(r.email, to(r), round, village) }));
          return { letters, read: dinas.length, next };
        },
      };
    }
    case 'review_published': {
      // the round and the assessment (its category before the round) beside the village and its manager
      const reading = Promise.all([getRound(notice.id_evaluasi), getAssessment(notice.id_evaluasi, notice.kd_desa)]);
      reading.catch(() => undefined); // awaited only when both are found; a failure then still throws
      return toOwnerOf(notice.kd_desa, async (owner, village) => {
        const [round, assessment] = await reading;
        const named = round ?? { id_evaluasi: notice.id_evaluasi, nama: notice.id_evaluasi, mulai: '', batas_mandiri: '', selesai: '' };
        const sebelum = assessment?.kategori_sebelum;
        const before = sebelum && sebelum !== 'belum' ? { kategori: sebelum, gerak: moveOf(sebelum, notice.kategori_desa) } : undefined;
        return mails.reviewPublishedMail(owner.email, to(owner), named, village, notice.kategori_desa, notice.rata_rata, before);
      });
    }
    case 'assessment_returned': {
      const reading = getRound(notice.id_evaluasi); // beside the village and its manager
      reading.catch(() => undefined); // awaited only when both are found
      return toOwnerOf(notice.kd_desa, async (owner, village) => {
        const round = await reading;
        const named = round ?? { id_evaluasi: notice.id_evaluasi, nama: notice.id_evaluasi, mulai: '', batas_mandiri: '', selesai: '' };
        return mails.assessmentReturnedMail(owner.email, to(owner), named, village, notice.catatan);
      });
    }
    case 'request_changed':
      return toOwnerOf(notice.kd_desa, (owner, village) =>
        mails.requestChangedMail(owner.email, to(owner), village, notice.kd_permintaan, notice.status_permintaan),
      );
    case 'status_changed':
      return toOwnerOf(notice.kd_desa, (owner, village) =>
        mails.statusChangedMail(owner.email, to(owner), village, notice.status, notice.keterangan),
      );
    case 'report_reminder':
      return reportReminderPlan(notice, to);
    case 'village_handed_over': {
      // both managers, whatever their switches: who may manage the village changed
      const people = await recipients([notice.dari, notice.kepada]);
      const named = (email: string) => {
        const r = people.find((p) => p.email === email);
        return { email, name: r?.full_name || email };
      };
      const handover = mails.villageHandedOverMails({
        village: { kd_desa: notice.kd_desa, nama_popular: notice.nama_popular },
        previous: named(notice.dari),
        next: named(notice.kepada),
      });
      const letters = people.map((r) => ({ to: r, mail: r.email === notice.dari ? handover.previous : handover.next }));
      return { switch: 'always', page: async () => single(letters) };
    }
  }
}

/**
 * A manager's other villages in the round's scope (not on this page) whose self-assessment is
 * not submitted: one Query, and one BatchGetItem only if they have any.
 */
async function openElsewhere(round: RoundRecord, email: string, onPage: VillageOwner[]): Promise<VillageOwner[]> {
  const others = (await villagesByEmail(email)).filter(
    (v) => !v.deleting && inScope(round, v) && !onPage.some((p) => p.kd_desa === v.kd_desa),
  );
  return others.length
    ? notSubmitted(
        round,
        others.map(({ kd_desa, email: owner, nama_desa }) => ({ kd_desa, email: owner, nama_desa })),
      )
    : [];
}

/** The villages of a page whose self-assessment in the round is not submitted (none yet, a draft, or returned for correction): one BatchGetItem per 100. */
async function notSubmitted(round: RoundRecord, villages: VillageOwner[]): Promise<VillageOwner[]> {
  const written = await assessments.getMany(villages.map((v) => `${round.id_evaluasi}/${v.kd_desa}`));
  return villages.filter((v) => {
    const a = written.get(`${round.id_evaluasi}/${v.kd_desa}`);
    return !a || a.status === 'draf' || a.status === 'dikembalikan';
  });
}
