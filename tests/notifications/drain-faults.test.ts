/**
 * The outbox drain under faults (docs/evaluations.md#notifications, "Once only"): a delivery
 * marker is claimed (`sending`) before its mail goes and confirmed (`sent`) once SES accepted
 * it, so a DynamoDB answer lost, a run killed half-way or a confirmation that failed never
 * loses a mail, and sends one at most twice. Against DynamoDB Local and the SES emulator; the
 * faults are injected with SDK middleware (neither emulator stalls on demand), only into the
 * calls of the drain run under test (AsyncLocalStorage), so a killed run stays dead while
 * the next one runs.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as setSwitches } from '../../functions/auth/notifications';
import { db, tableName } from '../../lib/db/client';
import { claimDelivery, outbox, pendingNotices } from '../../lib/db/outbox';
import { keys } from '../../lib/db/keys';
import { drainOutbox, type DrainReport } from '../../lib/domain/notifications';
import { ses } from '../../lib/mail/ses';
import { invoke, storedMails, uniqueName } from '../support/api';
import { newRound } from '../support/evaluations';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

/** The lease the tests give claims (the default is two minutes). */
const LEASE_MS = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CLAIM = 'DynamoDB:PutItemCommand';
const SEND = 'SES:SendEmailCommand';
const CONFIRM = 'DynamoDB:UpdateItemCommand';
/** A key attribute of a call's input, marshalled (`{ S: … }`) or not. */
const str = (v: unknown) => String(typeof v === 'object' && v && 'S' in v ? v.S : v);

/**
 * A fault in one drain run: its `at`-th AWS call (1-based) is
 * - `lost`: made, and then its answer is lost (a timeout: the claim or the mail was made all the same);
 * - `refused`: not made (DynamoDB or SES unavailable), the run goes on;
 * - `kill`: not made, and neither is any later call of the run (the process died there).
 */
interface Fault {
  at: number;
  mode: 'lost' | 'refused' | 'kill';
  /** Only calls of this command count (every call when absent). */
  only?: string;
  /** The run's calls, in order (those of `only`, when given). */
  calls: string[];
  /** The call that failed, and the input it had. */
  hit?: { label: string; input: Record<string, any> };
  dead?: boolean;
}
const scope = new AsyncLocalStorage<Fault>();
const lostAnswer = () => Object.assign(new Error('injected: the answer did not arrive in time'), { name: 'TimeoutError' });
const refused = (label: string) => Object.assign(new Error(`injected: ${label} refused`), { name: 'ServiceUnavailable' });

type AnyStack = { add(mw: unknown, opts: unknown): void; remove(name: string): boolean };
const MIDDLEWARE = 'drain-faults';
async function stacks(): Promise<[string, AnyStack][]> {
  return [
    ['DynamoDB', db().middlewareStack as unknown as AnyStack],
    ['SES', (await ses()).client.middlewareStack as unknown as AnyStack],
  ];
}

/** Runs one drain with `fault` in its calls; its report, or undefined when the run threw (abandoned). */
async function faultyRun(fault: Fault): Promise<DrainReport | undefined> {
  return scope.run(fault, () => drainOutbox({ rate: 1000, claimLeaseMs: LEASE_MS })).catch(() => undefined);
}

/**
 * Managers with a village each in a province of their own; one turned such mails off. Six keep
 * every sweep below (a fault at each of a drain's calls) to about 40 steps; the outside test's
 * 12 managers add nothing the steps of one page of recipients do not show.
 */
const MANAGERS = 6;
const WANTED = MANAGERS - 1;
let managers: { email: string }[];
let silent: { email: string };
let dinasToken: string;
let provinsi: string;

beforeAll(async () => {
  for (const [service, stack] of await stacks())
    stack.add(
      (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: { input: Record<string, any> }) => {
        const fault = scope.getStore();
        if (!fault) return next(args);
        const label = `${service}:${context.commandName ?? '?'}`;
        if (fault.dead) throw refused(label);
        if (fault.only && label !== fault.only) return next(args);
        fault.calls.push(label);
        if (fault.calls.length !== fault.at) return next(args);
        fault.hit = { label, input: args.input };
        if (fault.mode === 'lost') {
          await next(args);
          throw lostAnswer();
        }
        if (fault.mode === 'kill') fault.dead = true;
        throw refused(label);
      },
      { step: 'initialize', name: MIDDLEWARE, priority: 'high' },
    );
  provinsi = uniqueName('Provinsi Gangguan');
  const dinas = await makeUser('dinas');
  dinasToken = dinas.token;
  const all = await Promise.all(Array.from({ length: MANAGERS }, () => makeUser('pengelola')));
  for (const m of all) await makeVillage(m, { provinsi, kabupaten: 'Sleman' });
  const off = await invoke(setSwitches, {
    method: 'PUT',
    resource: '/api/akun/notifikasi',
    body: { perubahan: false },
    token: all[0]!.token,
  });
  expect(off.statusCode).toBe(200);
  silent = all[0]!;
  managers = all.slice(1);
  // the sign-up notices and the like: out of the way
  for (let more = true; more;) more = (await drainOutbox({ rate: 1000 })).more;
}, 120_000);

afterAll(async () => {
  for (const [, stack] of await stacks()) stack.remove(MIDDLEWARE);
});

/** A round opened over the managers' villages: its outbox notice, and the text its mails' subjects carry. */
async function openRound(): Promise<{ id: string; nama: string }> {
  const nama = uniqueName('Evaluasi Gangguan');
  const round = await newRound(dinasToken, { provinsi, nama });
  const [notice] = (await pendingNotices(25)).filter((n) => n.notice.kind === 'round_opened' && n.notice.id_evaluasi === round);
  expect(notice).toBeDefined();
  return { id: notice!.id, nama };
}

/** How many of the round's mails each manager received (one read of the SES emulator's store). */
async function mailed(nama: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const m of (await storedMails()).filter((m) => m.subject.includes(nama)))
    for (const to of m.to) counts.set(to.toLowerCase(), (counts.get(to.toLowerCase()) ?? 0) + 1);
  return counts;
}
/** Whether the notice is still in the outbox (one strongly consistent read of its item, not a read of every shard). */
const waiting = async (id: string) => (await outbox.get(id, true)) !== undefined;

/** Every wanted manager mailed at least once (none of them more than twice), the silent one never; the mails beyond one each. */
async function delivered(nama: string): Promise<{ all: boolean; extra: number }> {
  const counts = await mailed(nama);
  expect(counts.get(silent.email) ?? 0).toBe(0);
  for (const m of managers) expect(counts.get(m.email) ?? 0).toBeLessThanOrEqual(2);
  return {
    all: managers.every((m) => (counts.get(m.email) ?? 0) >= 1),
    extra: managers.reduce((n, m) => n + Math.max(0, (counts.get(m.email) ?? 0) - 1), 0),
  };
}

/**
 * After a faulty run: the notice is gone only once every mail arrived. Then a run at once, with
 * the default lease (the faulty run's claims are still another drain's: left alone), and runs
 * after the tests' lease until the notice is gone; the mails sent more than once.
 */
async function recover(notice: { id: string; nama: string }): Promise<number> {
  const check = async () => {
    const gone = !(await waiting(notice.id));
    if (gone) expect((await delivered(notice.nama)).all).toBe(true);
    return gone;
  };
  if (await check()) return (await delivered(notice.nama)).extra;
  await drainOutbox({ rate: 1000 });
  for (let run = 0; !(await check()); run++) {
    expect(run).toBeLessThan(5);
    await sleep(LEASE_MS + 20);
    await drainOutbox({ rate: 1000, claimLeaseMs: LEASE_MS });
  }
  const { all, extra } = await delivered(notice.nama);
  expect(all).toBe(true);
  return extra;
}

describe('the drain when DynamoDB stalls', () => {
  it('a call made whose answer is lost, at every step of a drain (6 managers, 5 to mail): every mail arrives, at most one twice', async () => {
    let steps = 0;
    for (let at = 1; ; at++) {
      const notice = await openRound();
      const fault: Fault = { at, mode: 'lost', calls: [] };
      const report = await faultyRun(fault);
      if (!fault.hit) {
        // past the drain's last call: a clean run, which sent every mail once
        expect(report).toMatchObject({ sent: WANTED, finished: 1, unconfirmed: 0, failed: 0 });
        break;
      }
      steps++;
      const extra = await recover(notice);
      expect(extra, `lost answer of step ${at} (${fault.hit.label})`).toBeLessThanOrEqual(1);
    }
    // the pages' reads, a claim, a mail and a confirmation per manager, the notice's deletion
    expect(steps).toBeGreaterThanOrEqual(3 * WANTED + 2);
  }, 300_000);

  it('a claim whose answer is lost stops the run, keeps the notice, and is taken over after its lease (the finding: 6 of 11 were never mailed)', async () => {
    const notice = await openRound();
    const fault: Fault = { at: 3, mode: 'lost', only: CLAIM, calls: [] };
    const report = await faultyRun(fault);
    expect(report).toMatchObject({ unconfirmed: 1, failed: 0, finished: 0, more: true });
    expect(await waiting(notice.id)).toBe(true);
    // the claim was made: within its lease another run leaves that manager alone, and keeps the notice
    const early = await drainOutbox({ rate: 1000 });
    expect(early).toMatchObject({ busy: 1, finished: 0, unconfirmed: 0 });
    expect(await waiting(notice.id)).toBe(true);
    const email = str(fault.hit!.input.Item.SK);
    expect((await mailed(notice.nama)).get(email) ?? 0).toBe(0);
    await sleep(LEASE_MS + 20);
    expect(await drainOutbox({ rate: 1000, claimLeaseMs: LEASE_MS })).toMatchObject({ sent: 1, busy: 0, finished: 1 });
    expect((await mailed(notice.nama)).get(email)).toBe(1);
    expect(await delivered(notice.nama)).toEqual({ all: true, extra: 0 });
    expect(await waiting(notice.id)).toBe(false);
  });
});

describe('the drain killed half-way', () => {
  it('killed at every step, then run again: every mail arrives, at most one twice (the one in flight at the kill)', async () => {
    let steps = 0;
    const twice: number[] = [];
    for (let at = 1; ; at++) {
      const notice = await openRound();
      const fault: Fault = { at, mode: 'kill', calls: [] };
      const report = await faultyRun(fault);
      if (!fault.hit) {
        expect(report).toMatchObject({ sent: WANTED, finished: 1 });
        break;
      }
      steps++;
      // a mail goes twice only when SES took it and its confirmation died with the run
      const made = fault.calls.slice(0, at - 1);
      const inFlight = made.filter((c) => c === SEND).length - made.filter((c) => c === CONFIRM).length;
      const extra = await recover(notice);
      expect(extra, `killed at step ${at} (${fault.hit.label})`).toBeLessThanOrEqual(Math.max(inFlight, 0));
      expect(extra).toBeLessThanOrEqual(1); // one mail in flight at a time: at most one duplicate per crash
      twice.push(extra);
    }
    expect(steps).toBeGreaterThanOrEqual(3 * WANTED + 2);
    console.log(`drain killed at each of ${steps} steps: mails sent twice per kill ${twice.join(' ')}`);
  }, 300_000);
});

describe('a confirmation that fails after SES accepted the mail', () => {
  it('stops the run and keeps the notice; a later run sends that mail once more, and no other', async () => {
    for (let nth = 1; nth <= WANTED; nth++) {
      const notice = await openRound();
      const fault: Fault = { at: nth, mode: 'refused', only: CONFIRM, calls: [] };
      const report = await faultyRun(fault);
      expect(fault.hit?.label).toBe(CONFIRM);
      expect(report).toMatchObject({ unconfirmed: 1, failed: 0, finished: 0, more: true });
      const email = str(fault.hit!.input.Key.SK);
      // the mail went: its marker still says `sending`, so the notice stays
      expect((await mailed(notice.nama)).get(email)).toBe(1);
      const [marker] = (await allItems()).filter((i) => i.PK === keys.delivery(notice.id, email).PK && i.SK === email);
      expect(marker).toMatchObject({ state: 'sending' });
      expect(await waiting(notice.id)).toBe(true);

      expect(await recover(notice)).toBe(1);
      expect((await mailed(notice.nama)).get(email)).toBe(2);
    }
  }, 120_000);
});

describe('claims', () => {
  it("another drain's fresh claim: that manager is left alone and the notice kept; after the lease, mailed once", async () => {
    const notice = await openRound();
    const other = managers[4]!.email;
    expect(await claimDelivery(notice.id, other)).toMatchObject({ outcome: 'claimed', token: expect.any(String) });
    expect(await claimDelivery(notice.id, other)).toEqual({ outcome: 'busy' });

    const first = await drainOutbox({ rate: 1000 });
    expect(first).toMatchObject({ sent: WANTED - 1, busy: 1, finished: 0, more: false });
    expect((await mailed(notice.nama)).get(other) ?? 0).toBe(0);
    expect(await waiting(notice.id)).toBe(true);

    await sleep(LEASE_MS + 20);
    expect(await drainOutbox({ rate: 1000, claimLeaseMs: LEASE_MS })).toMatchObject({
      sent: 1,
      duplicates: WANTED - 1,
      busy: 0,
      finished: 1,
    });
    expect(await delivered(notice.nama)).toEqual({ all: true, extra: 0 });
    expect(await claimDelivery(notice.id, other, 0)).toEqual({ outcome: 'sent' });
  });

  it('a marker without a state (put before claims had one) counts as sent', async () => {
    const notice = await openRound();
    const old = managers[2]!.email;
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...keys.delivery(notice.id, old), type: 'SENT', expiresAt: 2_000_000_000 } }),
    );
    expect(await claimDelivery(notice.id, old, 0)).toEqual({ outcome: 'sent' });
    expect(await drainOutbox({ rate: 1000 })).toMatchObject({ sent: WANTED - 1, duplicates: 1, finished: 1 });
    expect((await mailed(notice.nama)).get(old) ?? 0).toBe(0);
  });
});
