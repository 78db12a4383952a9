/**
 * Reminders of missing monthly reports (docs/monitoring.md#pengingat): the automatic rounds the
 * outbox function enqueues (the 1st of a month for the month before, the 8th to those still
 * missing), dinas's reminder now (once a day per region), the opt-out switch, and each mail
 * delivered once through the drain to the SES emulator — also when the function is killed while
 * enqueuing or sending (faults injected with SDK middleware into the calls of the run under test,
 * as tests/notifications/drain-faults.test.ts). Dates are faked with the clock seam.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as outboxFunction } from '../../functions/maintenance/outbox';
import { handler as remind } from '../../functions/monitoring/remind';
import { handler as setSwitches } from '../../functions/auth/notifications';
import { signToken } from '../../lib/auth/jwt';
import { MSG } from '../../lib/contract/messages';
import { db } from '../../lib/db/client';
import { pendingNotices } from '../../lib/db/outbox';
import { today } from '../../lib/domain/evaluations';
import { monthPlus, thisMonth } from '../../lib/domain/monitoring';
import { remindMissingReports } from '../../lib/domain/monitoring-reminders';
import { drainOutbox } from '../../lib/domain/notifications';
import { tanggal } from '../../lib/mail/format';
import { ses } from '../../lib/mail/ses';
import { setClock } from '../../lib/platform/clock';
import { config } from '../../lib/platform/config';
import { invoke, mailsTo, uniqueName } from '../support/api';
import { report } from '../support/monitoring';
import { drainAll } from '../support/outbox';
import { allItems } from '../support/table';
import { makeUser, makeUsers } from '../support/users';
import { makeVillage } from '../support/villages';

const send = (body: unknown, token?: string) => invoke(remind, { method: 'POST', resource: '/api/pemantauan/pengingat', body, token });
const switches = (body: unknown, token: string) => invoke(setSwitches, { method: 'PUT', resource: '/api/akun/notifikasi', body, token });

const reminderNotices = async () => (await pendingNotices(100)).filter((n) => n.notice.kind === 'report_reminder');
const reminderRecords = async () => (await allItems()).filter((i) => i.PK === 'PENGINGATLAPORAN');
/** The month as the mails write it ("November 2026"). */
const named = (bulan: string) => tanggal(`${bulan}-01`).replace(/^1 /, '');
const reminders = async (email: string, bulan: string) =>
  (await mailsTo(email)).filter((m) => m.subject.includes(`laporan bulanan ${named(bulan)}`));

/** Runs `fn` with the clock at `time` (WIB) of day `day` of month `month`. */
async function at<T>(month: string, day: number, time: string, fn: () => Promise<T>): Promise<T> {
  setClock(() => Date.parse(`${month}-${String(day).padStart(2, '0')}T${time}+07:00`));
  try {
    return await fn();
  } finally {
    setClock();
  }
}

/** A province of its own: an office, managers with villages (one with two), none of them reported. */
async function region() {
  const provinsi = uniqueName('Provinsi Lapor');
  const [dinas, two, one, reported, silent] = await makeUsers('dinas', 'pengelola', 'pengelola', 'pengelola', 'pengelola');
  const first = await makeVillage(two, { provinsi, kabupaten: 'Sleman', nama_desa: uniqueName('Desa Satu') });
  const second = await makeVillage(two, { provinsi, kabupaten: 'Bantul', nama_desa: uniqueName('Desa Dua') });
  const single = await makeVillage(one, { provinsi, kabupaten: 'Sleman' });
  const done = await makeVillage(reported, { provinsi, kabupaten: 'Sleman' });
  await makeVillage(silent, { provinsi, kabupaten: 'Sleman' });
  expect((await switches({ pengingat: false }, silent.token)).statusCode).toBe(200);
  return { provinsi, dinas, two, one, reported, silent, first, second, single, done };
}

/** `region()`, its `done` village reported for `bulan`. */
async function regionReportedIn(bulan: string) {
  const r = await region();
  await report(r.done.kd_desa, bulan, r.reported.token);
  return r;
}

// ---------------------------------------------------------------- faults

/** A fault in one run: its `at`-th call of `only` is made and its answer lost (`lost`), or it and every later call are not made (`kill`). */
interface Fault {
  at: number;
  mode: 'lost' | 'kill';
  only: string;
  calls: number;
  hit?: boolean;
  dead?: boolean;
}
const faults = new AsyncLocalStorage<Fault>();
type AnyStack = { add(mw: unknown, opts: unknown): void; remove(name: string): boolean };
const MIDDLEWARE = 'report-reminder-faults';
const LEASE_MS = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  const stacks: [string, AnyStack][] = [
    ['DynamoDB', db().middlewareStack as unknown as AnyStack],
    ['SES', (await ses()).client.middlewareStack as unknown as AnyStack],
  ];
  for (const [service, stack] of stacks)
    stack.add(
      (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
        const fault = faults.getStore();
        if (!fault) return next(args);
        const label = `${service}:${context.commandName ?? '?'}`;
        if (fault.dead) throw Object.assign(new Error(`injected: ${label} after the kill`), { name: 'ServiceUnavailable' });
        if (label !== fault.only || ++fault.calls !== fault.at) return next(args);
        fault.hit = true;
        if (fault.mode === 'lost') {
          await next(args);
          throw Object.assign(new Error('injected: the answer did not arrive in time'), { name: 'TimeoutError' });
        }
        fault.dead = true;
        throw Object.assign(new Error(`injected: killed at ${label}`), { name: 'ServiceUnavailable' });
      },
      { step: 'initialize', name: MIDDLEWARE, priority: 'high' },
    );
  // the sign-up notices: out of the way
  await drainAll({ rate: 1000 });
}, 60_000);

afterAll(async () => {
  db().middlewareStack.remove(MIDDLEWARE);
  (await ses()).client.middlewareStack.remove(MIDDLEWARE);
});

// ---------------------------------------------------------------- the automatic rounds

describe('the automatic reminders', () => {
  it(
    'the 1st (from 08:00 WIB): once per manager with a village missing last month’s report, naming all; the 8th: only those still missing; never twice',
    { timeout: 120_000 },
    async () => {
      const bulan = thisMonth(); // the villages exist in it; "last month" seen from the 1st of the next
      const r = await regionReportedIn(bulan);
      const next = monthPlus(bulan, 1);

      // before 08:00, and on a day that is no reminder's: nothing
      expect((await at(next, 1, '07:59:00', () => outboxFunction())).reportsReminded).toEqual([]);
      expect(await at(next, 15, '09:00:00', () => remindMissingReports())).toEqual([]);
      // the 1st, 08:00: one notice; the next runs (and a second drain meanwhile) enqueue nothing more
      expect(await at(next, 1, '08:00:00', () => remindMissingReports())).toEqual([`${bulan} awal`]);
      expect(await at(next, 1, '08:01:00', () => remindMissingReports())).toEqual([]);
      expect((await at(next, 1, '09:30:00', () => outboxFunction())).reportsReminded).toEqual([]);
      expect(await at(next, 3, '09:30:00', () => remindMissingReports())).toEqual([]);
      await drainAll({ rate: 1000 });
      await drainAll({ rate: 1000 }); // drained again: still once each
      expect(await reminderNotices()).toEqual([]);

      const [two] = await reminders(r.two.email, bulan);
      expect(await reminders(r.two.email, bulan)).toHaveLength(1);
      expect(two!.subject).toBe(`Pengingat: laporan bulanan ${named(bulan)} belum diisi`);
      for (const v of [r.first, r.second]) expect(two!.text).toContain(`${config().webBaseUrl}/pemantauan/desa/${v.kd_desa}`);
      expect(two!.text).toContain(`Laporan bulanan 2 desa Anda untuk ${named(bulan)}`);
      expect(two!.text).toContain(tanggal(`${next}-10`)); // the deadline
      expect(two!.text).toContain(`${config().webBaseUrl}/akun`);
      expect(await reminders(r.one.email, bulan)).toHaveLength(1);
      expect(await reminders(r.reported.email, bulan)).toHaveLength(0); // reported
      expect(await reminders(r.silent.email, bulan)).toHaveLength(0); // reminders off

      // one manager reports before the 8th; the other one reports one of his two villages
      await report(r.single.kd_desa, bulan, r.one.token);
      await report(r.first.kd_desa, bulan, r.two.token);
      expect(await at(next, 8, '07:00:00', () => remindMissingReports())).toEqual([]);
      expect(await at(next, 8, '08:10:00', () => remindMissingReports())).toEqual([`${bulan} susulan`]);
      expect(await at(next, 9, '08:10:00', () => remindMissingReports())).toEqual([]);
      expect(await at(next, 11, '08:10:00', () => remindMissingReports())).toEqual([]);
      await drainAll({ rate: 1000 });

      const both = await reminders(r.two.email, bulan);
      expect(both).toHaveLength(2);
      const second = both.find((m) => m.subject.startsWith('Pengingat kedua'))!;
      expect(second.text).toContain(r.second.kd_desa);
      expect(second.text).not.toContain(r.first.kd_desa);
      expect(await reminders(r.one.email, bulan)).toHaveLength(1);
      expect(await reminders(r.reported.email, bulan)).toHaveLength(0);
      expect(await reminders(r.silent.email, bulan)).toHaveLength(0);
      // one record per round of the month
      expect((await reminderRecords()).filter((i) => i.bulan === bulan && i.putaran !== 'dinas')).toHaveLength(2);
    },
  );

  it(
    'a run killed while enqueuing (the transaction made, its answer lost; or not made) enqueues the round once',
    { timeout: 120_000 },
    async () => {
      const r = await region();
      const bulan = monthPlus(thisMonth(), 1); // a month of its own: seen from the 1st of the month after it
      const day1 = monthPlus(bulan, 1);
      const lost: Fault = { at: 1, mode: 'lost', only: 'DynamoDB:TransactWriteItemsCommand', calls: 0 };
      // it throws, or a retry finds it made (its condition fails): either way it is there once
      await at(day1, 1, '08:00:00', () => faults.run(lost, () => remindMissingReports())).catch(() => undefined);
      expect(lost.hit).toBe(true);
      expect(await at(day1, 1, '08:01:00', () => remindMissingReports())).toEqual([]); // it was made
      expect(await reminderNotices()).toHaveLength(1);

      const killed: Fault = { at: 1, mode: 'kill', only: 'DynamoDB:TransactWriteItemsCommand', calls: 0 };
      await expect(at(day1, 8, '08:00:00', () => faults.run(killed, () => remindMissingReports()))).rejects.toThrow();
      expect(await reminderNotices()).toHaveLength(1); // nothing of it written
      expect(await at(day1, 8, '08:01:00', () => remindMissingReports())).toEqual([`${bulan} susulan`]);
      expect(await at(day1, 8, '08:02:00', () => remindMissingReports())).toEqual([]);
      expect(await reminderNotices()).toHaveLength(2);
      await drainAll({ rate: 1000 });
      // both rounds: two mails to the manager of two villages, none twice
      expect(await reminders(r.two.email, bulan)).toHaveLength(2);
      expect(await reminders(r.one.email, bulan)).toHaveLength(2);
    },
  );
});

// ---------------------------------------------------------------- dinas's reminder now

describe('POST /api/pemantauan/pengingat', () => {
  it(
    'dinas reminds a region now: 202 with the counts; again the same day (any month, any spelling) 409; another region still can',
    { timeout: 120_000 },
    async () => {
      const bulan = thisMonth();
      const r = await regionReportedIn(bulan);
      const res = await send({ bulan, provinsi: r.provinsi }, r.dinas.token);
      expect(res.statusCode).toBe(202);
      expect(res.body).toEqual({
        status: 'success',
        message: MSG.reportReminderQueued,
        // 4 villages without a report (the silent manager's among them); 2 managers to mail (the silent one is off)
        data: { bulan, tanggal: today(), provinsi: r.provinsi, kabupaten: null, desa: 4, pengelola: 2 },
      });
      const again = { status: 'fail', message: MSG.reportReminderAlreadySent };
      expect(await send({ bulan, provinsi: r.provinsi }, r.dinas.token)).toMatchObject({ statusCode: 409, body: again });
      const admin = await makeUser('admin');
      expect(await send({ bulan: monthPlus(bulan, -1), provinsi: ` ${r.provinsi.toUpperCase()}` }, admin.token)).toMatchObject({
        statusCode: 409,
        body: again,
      });
      // a kabupaten of it is a region of its own
      const kab = await send({ bulan, provinsi: r.provinsi, kabupaten: 'Bantul' }, r.dinas.token);
      expect(kab.statusCode).toBe(202);
      expect(kab.body.data).toMatchObject({ kabupaten: 'Bantul', desa: 1, pengelola: 1 });

      await drainAll({ rate: 1000 });
      // the province's reminder and the kabupaten's: two mails to the manager with a village in Bantul, one to the other
      expect(await reminders(r.two.email, bulan)).toHaveLength(2);
      expect(await reminders(r.one.email, bulan)).toHaveLength(1);
      expect(await reminders(r.reported.email, bulan)).toHaveLength(0);
      expect(await reminders(r.silent.email, bulan)).toHaveLength(0);
    },
  );

  it(
    'only dinas and admin (403); a bad month, an unknown field, a kabupaten without its province: 400 naming the field, nothing queued',
    { timeout: 120_000 },
    async () => {
      const r = await region();
      expect(await send({ bulan: thisMonth(), provinsi: r.provinsi }, r.one.token)).toMatchObject({
        statusCode: 403,
        body: { status: 'fail', message: MSG.officeOnlyMonitoring },
      });
      expect((await send({ bulan: thisMonth(), provinsi: r.provinsi })).statusCode).toBe(401);
      const before = (await reminderRecords()).length;
      for (const [body, field] of [
        [{ bulan: '2026-13', provinsi: r.provinsi }, 'bulan'],
        [{ bulan: '0000-00' }, 'bulan'],
        [{ bulan: monthPlus(thisMonth(), 1) }, 'bulan'],
        [{ bulan: 202611 }, 'bulan'],
        [{ provinsi: r.provinsi }, 'bulan'],
        [{ bulan: thisMonth(), kabupaten: 'Sleman' }, 'kabupaten'],
        [{ bulan: thisMonth(), provinsi: 'A#B' }, 'provinsi'],
        [{ bulan: thisMonth(), provinsi: r.provinsi, semua: true }, 'semua'],
      ] as const) {
        const res = await send(body, r.dinas.token);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.body.message).toMatch(new RegExp(`^${MSG.reportReminderInvalid}: .*${field}`));
      }
      expect((await reminderRecords()).length).toBe(before);
    },
  );

  it(
    'a drain killed while sending (at a claim, at a mail, at a confirmation made whose answer is lost) sends each mail once',
    { timeout: 180_000 },
    async () => {
      const r = await region();
      const bulan = thisMonth();
      const cases = [
        ['DynamoDB:PutItemCommand', 'kill'],
        ['SES:SendEmailCommand', 'kill'],
        ['DynamoDB:UpdateItemCommand', 'lost'],
      ] as const;
      for (const [n, [only, mode]] of cases.entries()) {
        // a reminder of a day of its own (once a day per region), sent at this time of day
        const day = new Date(Date.parse(`${today()}T00:00:00Z`) + (n + 1) * 86_400_000).toISOString().slice(0, 10);
        const time = new Date(Date.now() + 7 * 3600_000).toISOString().slice(11, 19);
        const sent = await at(day.slice(0, 7), Number(day.slice(8)), time, async () =>
          send({ bulan, provinsi: r.provinsi }, await signToken(r.dinas)),
        );
        expect(sent.statusCode).toBe(202);
        // the second manager's step fails
        const fault: Fault = { at: 2, mode, only, calls: 0 };
        await faults.run(fault, () => drainOutbox({ rate: 1000, claimLeaseMs: LEASE_MS })).catch(() => undefined);
        expect(fault.hit, only).toBe(true);
        await sleep(LEASE_MS + 20);
        await drainAll({ rate: 1000, claimLeaseMs: LEASE_MS });
        expect(await reminderNotices()).toEqual([]);
        for (const m of [r.two, r.one, r.reported]) expect(await reminders(m.email, bulan), `${only} ${mode}`).toHaveLength(n + 1);
        expect(await reminders(r.silent.email, bulan)).toHaveLength(0);
      }
    },
  );
});
