/**
 * Outbox: what opening an evaluation round for every village costs the request, and how fast
 * its mails leave.
 *
 * - Opening: `createRound` (what POST /api/evaluasi calls) over a table of `villages`
 *   villages, each with its own manager: its time and DynamoDB commands, which must not grow
 *   with the villages (one notice in the outbox, written in the round's own transaction).
 * - Drain, unthrottled: `drainOutbox` (what the scheduled function runs) sends that notice's
 *   mails through the SES emulator with no rate limit: its own ceiling, which must leave SES's
 *   sending rate the limit. Beside it the floor: the same number of the same mails sent with
 *   `sendMail` alone, as many at a time as the drain sends (8). The difference is the drain's
 *   own work per mail: the page of villages, the recipients' switches, and the claim (one
 *   conditional write) that keeps each mail to one sending.
 * - Drain at the stage's rate (NOTIFY_MAILS_PER_SECOND): a second round's notice drained for
 *   `paceSeconds`; the rate reached must be the one configured, not more.
 */
import { ensureTable } from '../../scripts/local-stack';
import type { BuildResult } from './build';
import { observe } from './observer';
import { Fixtures, loadSeeder } from './seed';
import { useTable, type Stack } from './stack';
import { median, round } from './stats';

export const OUTBOX_TABLE = 'bench-outbox';

export interface OutboxContext {
  build: BuildResult;
  stack: Stack;
  villages: number;
  paceSeconds: number;
  seedMode: 'bulk' | 'lib';
  log: (msg: string) => void;
}

export interface OutboxResult {
  villages: number;
  /** createRound over every village: median of 3, and the DynamoDB commands of one. */
  open: { medianMs: number; commands: string[] };
  /** The first round's notice drained with no rate limit. */
  drain: { mails: number; seconds: number; perSecond: number; calls: number };
  /** The same number of mails with sendMail alone, 8 at a time. */
  floor: { mails: number; seconds: number; perSecond: number };
  /** Floor rate over drain rate. */
  ratio: number;
  /** A second notice drained at the configured rate for paceSeconds. */
  paced: { configured: number; mails: number; seconds: number; perSecond: number };
}

const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

export async function outboxPhase(ctx: OutboxContext): Promise<OutboxResult> {
  await ensureTable(ctx.stack.dynamo.endpoint, OUTBOX_TABLE);
  useTable(ctx.stack, OUTBOX_TABLE);
  const fx = new Fixtures(loadSeeder(ctx.build.seeder), ctx.seedMode).bind();
  const s = fx.s;
  await fx.verify();
  const made = await fx.villages(ctx.villages - fx.created, { score: false, description: false });
  const office = await fx.user('dinas', 'outbox');
  const caller = (await s.getUserByEmail(office.email))!;
  ctx.log(`outbox: ${made.length} villages, each with its own manager`);

  // Opening: three rounds over every village; each leaves one notice.
  const opens: number[] = [];
  let commands: string[] = [];
  for (let i = 0; i < 3; i++) {
    const { ms, calls } = await observe(() =>
      s.createRound({ nama: `Bench outbox ${i}`, mulai: day(0), batas_mandiri: day(10), selesai: day(30) }, caller),
    );
    opens.push(ms);
    commands = calls.map((c) => c.op);
  }

  // Unthrottled drain of everything the three rounds queued (3 mails per manager).
  const drainStarted = performance.now();
  let sent = 0;
  let calls = 0;
  for (let more = true; more;) {
    const r = await s.drainOutbox({ rate: 100_000, limit: 100_000 });
    sent += r.sent;
    calls++;
    if (r.failed) throw new Error(`outbox: SES refused a mail during the drain`);
    more = r.more || r.notices > 0;
  }
  const drainSeconds = (performance.now() - drainStarted) / 1000;
  ctx.log(`outbox: drained ${sent} mails in ${round(drainSeconds, 1)} s`);

  // The floor: the same mails with sendMail alone, 8 in flight, as the drain sends them.
  const mails = made.flatMap((v, i) =>
    [0, 1, 2].map((k) =>
      s.roundOpenedMail(
        v.email,
        { name: `Pengelola ${i}`, web: 'http://127.0.0.1:3000' },
        { id_evaluasi: `EVAL-bench${k}`, nama: `Bench outbox ${k}`, mulai: day(0), batas_mandiri: day(10), selesai: day(30) },
      ),
    ),
  );
  const floorStarted = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < mails.length) await s.sendMail(mails[next++]!);
    }),
  );
  const floorSeconds = (performance.now() - floorStarted) / 1000;

  // At the configured rate: a fourth round, drained for paceSeconds.
  const configured = s.config().notifyMailsPerSecond;
  await s.createRound({ nama: 'Bench outbox paced', mulai: day(0), batas_mandiri: day(10), selesai: day(30) }, caller);
  const pacedStarted = performance.now();
  const paced = await s.drainOutbox({ limit: configured * ctx.paceSeconds });
  const pacedSeconds = (performance.now() - pacedStarted) / 1000;

  const drainRate = sent / drainSeconds;
  const floorRate = mails.length / floorSeconds;
  return {
    villages: ctx.villages,
    open: { medianMs: round(median(opens), 1), commands },
    drain: { mails: sent, seconds: round(drainSeconds, 1), perSecond: round(drainRate, 1), calls },
    floor: { mails: mails.length, seconds: round(floorSeconds, 1), perSecond: round(floorRate, 1) },
    ratio: round(floorRate / drainRate, 2),
    paced: { configured, mails: paced.sent, seconds: round(pacedSeconds, 1), perSecond: round(paced.sent / pacedSeconds, 1) },
  };
}
