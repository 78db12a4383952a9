/**
 * Bulk import (lib/domain/import*.ts, docs/import.md): an office's spreadsheet of villages and
 * one of monthly figures, each at two sizes, through the same domain functions the routes and
 * the scheduled worker call, in this process, against the bench's own table.
 *
 * - check: POST /api/impor (startImport: the file to S3, the import `memeriksa`), then worker
 *   runs (runImportWork) until the import is `siap`. Repeated on copies of the same file
 *   (nothing is written before jalankan), median.
 * - apply: POST …/jalankan (runImport), then worker runs until `selesai`. Each run gets the
 *   deployed function's budget (it stops starting batches 15 s before its 60 s timeout) and
 *   the next starts at once: the working time. On the schedule (a run a minute) the wall
 *   time is about a minute per run but the last.
 * - afterwards: the statistics' counters and the report counters against a recount of the
 *   whole table, by the helpers the tests use (tests/support/statistics.ts, monitoring.ts).
 *
 * The managers named in the villages' file (verified pengelola accounts, one per 10 villages)
 * are written first in bulk, each account as lib/db/users.ts builds it (the seeder's mirror),
 * with the account counters as their registrations would leave them. The monthly rows are of
 * the villages just imported (12 months each, before this month), none reported before.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Plugin } from 'esbuild';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ensureTable } from '../../scripts/local-stack';
import { observe } from './observer';
import { batchWrite, buildSeederWith, Fixtures, loadSeeder, villageFields, type Seeder } from './seed';
import { useTable, type Stack } from './stack';
import { median, round } from './stats';

export const IMPORT_TABLE = 'bench-import';
/** The deployed worker's timeout and the margin it keeps (functions/maintenance/import.ts). */
const RUN_BUDGET_MS = 60_000 - 15_000;
const VILLAGES_PER_MANAGER = 10;
const MONTHS_PER_VILLAGE = 12;
const WARMUP_VILLAGES = 20;
export const IMPORT_TARGETS = { villages: 7_500, applySeconds: 300, checkSeconds: 60 };

type ImportSeeder = Seeder &
  Pick<typeof import('../../lib/domain/import'), 'startImport' | 'runImport' | 'importStatus'> &
  Pick<typeof import('../../lib/domain/import-apply'), 'runImportWork' | 'IMPORT_BATCH'> &
  Pick<typeof import('../../lib/db/villages'), 'listVillages'> &
  Pick<typeof import('../../lib/domain/monitoring'), 'thisMonth' | 'monthPlus'> &
  Pick<typeof import('../../tests/support/statistics'), 'expectCountersMatchRecount'> &
  Pick<typeof import('../../tests/support/monitoring'), 'expectReportCountersMatchRecount'> &
  Pick<typeof import('../../tests/support/table'), 'allItems'> & { benchExpectFailures: string[] };
type Caller = Parameters<ImportSeeder['startImport']>[2];
type Item = Record<string, unknown>;

export interface ImportContext {
  root: string;
  stack: Stack;
  villageSizes: number[];
  reportSizes: number[];
  /** Checks of each file (copies uploaded one after another; median). */
  checkRuns: number;
  log: (msg: string) => void;
}

export interface ImportPoint {
  rows: number;
  fileBytes: number;
  valid: number;
  refused: number;
  check: { runs: number[]; seconds: number; rowsPerSecond: number; workerRuns: number; loadAverage: number[] };
  apply: {
    seconds: number;
    rowsPerSecond: number;
    /** Worker runs (each at most the deployed run's budget); on the schedule, about a minute each but the last. */
    workerRuns: number;
    scheduledMinutes: number;
    hasil: Record<string, number>;
    /** DynamoDB requests per applied row, by operation (the progress saves included). */
    requestsPerRow: Record<string, number>;
    requestsPerRowTotal: number;
    /** The Queries per applied row, by index and partition-key prefix. */
    queriesPerRow: Record<string, number>;
    /** Summed time inside DynamoDB requests / the apply's wall time (> 1: requests overlap). */
    dbBusyRatio: number;
    loadAverage: number[];
  };
}

export interface ImportResult {
  table: string;
  format: 'csv';
  batch: number;
  runBudgetSeconds: number;
  managers: { count: number; seconds: number };
  villages: ImportPoint[];
  reports: ImportPoint[];
  /** rows per second at the larger size / at the smaller (≈ 1: linear). */
  linearity: { villagesCheck: number; villagesApply: number; reportsCheck: number; reportsApply: number };
  countersMatchRecount: boolean;
  reportCountersMatchRecount: boolean;
  recountFailures: string[];
  targets: { villages: number; applySeconds: number; checkSeconds: number; applyMet: boolean; checkMet: boolean };
}

/** `vitest` for the test helpers bundled here: `expect(…).toEqual` records a difference instead of throwing. */
const VITEST_STUB = `
const { isDeepStrictEqual } = require('node:util');
export const failures = [];
export function expect(actual, message) {
  return {
    toEqual(expected) {
      if (!isDeepStrictEqual(actual, expected)) failures.push(message ?? 'toEqual');
    },
  };
}
export const inject = () => undefined;
`;

/** The seeder with the import's domain functions and the tests' recount helpers (lib/'s DynamoDB client observed). */
async function buildImportBundle(root: string): Promise<string> {
  const plugins: Plugin[] = [
    {
      name: 'vitest-stub',
      setup(b) {
        b.onResolve({ filter: /^vitest$/ }, () => ({ path: 'vitest', namespace: 'bench-vitest' }));
        b.onLoad({ filter: /.*/, namespace: 'bench-vitest' }, () => ({ contents: VITEST_STUB, loader: 'js', resolveDir: root }));
      },
    },
    {
      // as bench/src/build.ts: lib/db/client.ts's DynamoDB client reports each command to the observer
      name: 'observed-dynamodb',
      setup(b) {
        b.onResolve({ filter: /^@aws-sdk\/client-dynamodb$/ }, (args) =>
          /lib[\\/]db[\\/]client\.ts$/.test(args.importer) ? { path: join(root, 'bench/src/observed-dynamodb.ts') } : undefined,
        );
      },
    },
  ];
  return buildSeederWith(
    root,
    'import-seed',
    [
      "export { startImport, runImport, importStatus } from './lib/domain/import';",
      "export { runImportWork, IMPORT_BATCH } from './lib/domain/import-apply';",
      "export { listVillages } from './lib/db/villages';",
      "export { thisMonth, monthPlus } from './lib/domain/monitoring';",
      "export { expectCountersMatchRecount } from './tests/support/statistics';",
      "export { expectReportCountersMatchRecount } from './tests/support/monitoring';",
      "export { allItems } from './tests/support/table';",
      "export { failures as benchExpectFailures } from 'vitest';",
    ],
    plugins,
  );
}

async function bulkManagers(s: ImportSeeder, passwordHash: string, count: number, tag: string): Promise<string[]> {
  const { keys } = s;
  const counter = await s.db().send(new GetCommand({ TableName: s.tableName(), Key: keys.userCounter(), ConsistentRead: true }));
  const firstId = Number(counter.Item?.value ?? 0) + 1;
  const now = new Date().toISOString();
  const emails: string[] = [];
  const items: Item[] = [];
  for (let n = 0; n < count; n++) {
    const email = `impor-${tag}-${n}@bench.example.com`;
    const username = `impor_${tag}_${n}`;
    items.push(
      s.users.toItem({
        id: firstId + n,
        username,
        full_name: `Pengelola Impor ${n}`,
        email,
        role: 'pengelola',
        is_verified: true,
        password_hash: passwordHash,
        password_changed_at: 0,
        created_at: now,
        updated_at: now,
      }),
      { ...keys.usernameMarker(username), type: 'USERNAME', username, email },
    );
    emails.push(email);
  }
  await batchWrite(s, items);
  for (const u of s.accountCounts({ verified: count })) await s.db().send(new UpdateCommand(u.Update as never));
  await s.db().send(new PutCommand({ TableName: s.tableName(), Item: { ...keys.userCounter(), value: firstId + count - 1 } }));
  return emails;
}

const cell = (v: string | number) => (/[",\n;]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
const csv = (header: string[], rows: (string | number)[][]) =>
  Buffer.from([header.join(','), ...rows.map((r) => r.map(cell).join(','))].join('\n') + '\n');

const VILLAGE_HEADER = ['provinsi', 'kabupaten', 'nama_desa', 'nama_popular', 'alamat', 'pengelola', 'nomor_telepon', 'email'];
const REPORT_HEADER = ['kd_desa', 'bulan', 'wisnus', 'wisman', 'pendapatan', 'tenaga_kerja', 'malam_inap'];

/** Plausible figures of village j in month m (steady: nothing flagged). */
function figures(j: number, m: string) {
  const k = Number(m.slice(5, 7));
  const wisnus = 200 + ((j * 37 + k * 11) % 400);
  const wisman = 5 + ((j + k) % 20);
  return [wisnus, wisman, wisnus * 25_000 + wisman * 150_000, 10 + (j % 30), j % 3 ? Math.floor(wisnus / 10) : ''];
}

type View = { status: string; jumlah: Record<string, number>; hasil?: Record<string, number> };
const load1 = () => round(loadavg()[0]!, 2);

/** Worker runs until the import leaves `from` (each run with the deployed budget); the runs it took. */
async function workUntil(s: ImportSeeder, id: string, caller: Caller, from: string): Promise<{ runs: number; view: View }> {
  for (let runs = 1; ; runs++) {
    const started = performance.now();
    const report = await s.runImportWork({ outOfTime: () => performance.now() - started > RUN_BUDGET_MS });
    if (report.failed.length) throw new Error(`import ${id}: a worker run failed (${report.failed.join(', ')})`);
    const view = (await s.importStatus(id, caller)) as unknown as View;
    if (view.status !== from) return { runs, view };
    if (runs > 1000) throw new Error(`import ${id}: still ${from} after 1000 runs`);
  }
}

async function measure(
  s: ImportSeeder,
  caller: Caller,
  kind: 'desa' | 'laporan',
  file: Buffer,
  rows: number,
  checkRuns: number,
  log: (msg: string) => void,
): Promise<ImportPoint> {
  const checks: number[] = [];
  const loads: number[] = [];
  let id = '';
  let view: View | undefined;
  let checkWorkerRuns = 0;
  for (let n = 0; n < checkRuns; n++) {
    loads.push(load1());
    const t = performance.now();
    const started = await s.startImport(kind, { field: 'berkas', data: file, name: `${kind}-${rows}.csv` }, caller);
    const done = await workUntil(s, started.id_impor, caller, 'memeriksa');
    checks.push((performance.now() - t) / 1000);
    if (done.view.status !== 'siap') throw new Error(`import ${started.id_impor}: ${done.view.status} after the check`);
    // the first copy is applied (the others stay siap: nothing is written before jalankan)
    if (n === 0) [id, view, checkWorkerRuns] = [started.id_impor, done.view, done.runs];
    log(`import: ${kind} ${rows} rows checked in ${round(checks.at(-1)!, 1)} s (load ${loads.at(-1)})`);
  }
  const applyLoad = [load1()];
  const t = performance.now();
  const observed = await observe(async () => {
    await s.runImport(id, caller);
    return workUntil(s, id, caller, 'berjalan');
  });
  const seconds = (performance.now() - t) / 1000;
  applyLoad.push(load1());
  const { runs, view: after } = observed.result;
  if (after.status !== 'selesai') throw new Error(`import ${id}: ${after.status} after applying`);
  const byOp: Record<string, number> = {};
  let busy = 0;
  const queries: Record<string, number> = {};
  for (const c of observed.calls) {
    byOp[c.op] = (byOp[c.op] ?? 0) + 1;
    if (c.op === 'Query') {
      const k = queryShape(c.input);
      queries[k] = (queries[k] ?? 0) + 1;
    }
    busy += c.end - c.start;
  }
  const applied = view!.jumlah.valid!;
  log(`import: ${kind} ${applied} rows applied in ${round(seconds, 1)} s, ${runs} worker run(s) (load ${applyLoad.join(' → ')})`);
  const checkSeconds = median(checks);
  return {
    rows,
    fileBytes: file.length,
    valid: applied,
    refused: view!.jumlah.ditolak!,
    check: {
      runs: checks.map((c) => round(c, 2)),
      seconds: round(checkSeconds, 2),
      rowsPerSecond: round(rows / checkSeconds, 1),
      workerRuns: checkWorkerRuns,
      loadAverage: loads,
    },
    apply: {
      seconds: round(seconds, 2),
      rowsPerSecond: round(applied / seconds, 1),
      workerRuns: runs,
      scheduledMinutes: round(runs - 1 + Math.min(seconds, RUN_BUDGET_MS / 1000) / 60, 1),
      hasil: after.hasil ?? {},
      requestsPerRow: Object.fromEntries(Object.entries(byOp).map(([op, n]) => [op, round(n / applied, 2)])),
      requestsPerRowTotal: round(observed.calls.length / applied, 2),
      queriesPerRow: Object.fromEntries(Object.entries(queries).map(([k, n]) => [k, round(n / applied, 2)])),
      dbBusyRatio: round(busy / 1000 / seconds, 2),
      loadAverage: applyLoad,
    },
  };
}

/** A Query's index and partition kind (`GSI3:DESAKAT#Maju`, `table:LAPORAN#…`): codes and numbers left out. */
export function queryShape(input: Record<string, unknown>): string {
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, { S?: string }>;
  const [head, next] = (Object.values(values).find((v) => typeof v?.S === 'string')?.S ?? '?').split('#');
  const kind = next === undefined ? head : /^[A-Za-z]{1,12}$/.test(next) ? `${head}#${next}` : `${head}#…`;
  return `${(input.IndexName as string | undefined) ?? 'table'}:${kind}`;
}

const ratio = (points: ImportPoint[], pick: (p: ImportPoint) => number) =>
  points.length >= 2 ? round(pick(points.at(-1)!) / pick(points[0]!), 2) : NaN;

export async function importPhase(ctx: ImportContext): Promise<ImportResult> {
  const { log } = ctx;
  await ensureTable(ctx.stack.dynamo.endpoint, IMPORT_TABLE);
  useTable(ctx.stack, IMPORT_TABLE);
  const s = loadSeeder(await buildImportBundle(ctx.root)) as ImportSeeder;
  const f = new Fixtures(s, 'lib').bind();
  const office = await f.user('dinas', 'impor-dinas');
  const rec = (await s.getUserByEmail(office.email))!;
  const caller: Caller = {
    id: rec.id,
    username: rec.username,
    full_name: rec.full_name,
    email: rec.email,
    role: rec.role,
    is_verified: true,
  };
  const hash = (await s.getUserByEmail((await f.user('pengelola', 'impor-hash')).email))!.password_hash;

  const total = ctx.villageSizes.reduce((a, b) => a + b, 0) + WARMUP_VILLAGES;
  const m0 = performance.now();
  const managers = await bulkManagers(s, hash, Math.ceil(total / VILLAGES_PER_MANAGER), caller.username.slice(-6));
  const managerSeconds = round((performance.now() - m0) / 1000, 1);
  log(`import: ${managers.length} verified pengelola accounts written in bulk in ${managerSeconds} s`);

  // untimed: the reader and the worker's code paths loaded and run once (20 villages, 2 months of 12 of them)
  let i = 0;
  const warmRows = Array.from({ length: WARMUP_VILLAGES }, () => {
    const v = villageFields('Pemanasan', i + 21, managers[Math.floor(i++ / VILLAGES_PER_MANAGER)]!);
    return VILLAGE_HEADER.map((h) => v[h as keyof typeof v]);
  });
  await measure(s, caller, 'desa', csv(VILLAGE_HEADER, warmRows), WARMUP_VILLAGES, 1, () => undefined);
  const warmKds = new Set((await s.listVillages()).map((v) => v.kd_desa));
  const warmMonths = [s.monthPlus(s.thisMonth(), -13), s.monthPlus(s.thisMonth(), -14)];
  const warmReports = [...warmKds].flatMap((kd, n) => warmMonths.map((m) => [kd, m, ...figures(n, m)]));
  await measure(s, caller, 'laporan', csv(REPORT_HEADER, warmReports), warmReports.length, 1, () => undefined);
  log('import: warmed up (20 villages, 40 monthly rows imported untimed)');

  const villages: ImportPoint[] = [];
  for (const [k, size] of ctx.villageSizes.entries()) {
    const rows = Array.from({ length: size }, () => {
      const n = i++;
      const v = villageFields(`Impor${k}`, n + 21, managers[Math.floor(n / VILLAGES_PER_MANAGER)]!);
      return VILLAGE_HEADER.map((h) => v[h as keyof typeof v]);
    });
    villages.push(await measure(s, caller, 'desa', csv(VILLAGE_HEADER, rows), size, ctx.checkRuns, log));
  }

  // monthly rows of the imported villages, each village's 12 months before this one, disjoint per size
  const kds = (await s.listVillages())
    .map((v) => v.kd_desa)
    .filter((kd) => !warmKds.has(kd))
    .sort();
  const months = Array.from({ length: MONTHS_PER_VILLAGE }, (_, n) => s.monthPlus(s.thisMonth(), n - MONTHS_PER_VILLAGE));
  const reports: ImportPoint[] = [];
  let j = 0;
  for (const size of ctx.reportSizes) {
    const need = Math.ceil(size / MONTHS_PER_VILLAGE);
    if (j + need > kds.length) throw new Error(`import: ${size} monthly rows need ${need} more villages than the ${kds.length} imported`);
    const rows: (string | number)[][] = [];
    for (let r = 0; r < size; r++) {
      const v = j + Math.floor(r / MONTHS_PER_VILLAGE);
      const m = months[r % MONTHS_PER_VILLAGE]!;
      rows.push([kds[v]!, m, ...figures(v, m)]);
    }
    j += need;
    reports.push(await measure(s, caller, 'laporan', csv(REPORT_HEADER, rows), size, ctx.checkRuns, log));
  }

  log('import: counters against a recount of the table');
  const items = await s.allItems();
  await s.expectCountersMatchRecount('import', items);
  const afterCounters = s.benchExpectFailures.length;
  await s.expectReportCountersMatchRecount();
  const failures = [...s.benchExpectFailures];
  const largest = villages.find((p) => p.rows >= IMPORT_TARGETS.villages) ?? villages.at(-1)!;
  return {
    table: IMPORT_TABLE,
    format: 'csv',
    batch: s.IMPORT_BATCH,
    runBudgetSeconds: RUN_BUDGET_MS / 1000,
    managers: { count: managers.length, seconds: managerSeconds },
    villages,
    reports,
    linearity: {
      villagesCheck: ratio(villages, (p) => p.check.rowsPerSecond),
      villagesApply: ratio(villages, (p) => p.apply.rowsPerSecond),
      reportsCheck: ratio(reports, (p) => p.check.rowsPerSecond),
      reportsApply: ratio(reports, (p) => p.apply.rowsPerSecond),
    },
    countersMatchRecount: afterCounters === 0,
    reportCountersMatchRecount: failures.length === afterCounters,
    recountFailures: failures,
    targets: {
      ...IMPORT_TARGETS,
      applyMet: largest.rows >= IMPORT_TARGETS.villages && largest.apply.seconds <= IMPORT_TARGETS.applySeconds,
      checkMet: largest.rows >= IMPORT_TARGETS.villages && largest.check.seconds <= IMPORT_TARGETS.checkSeconds,
    },
  };
}
