/**
 * Monitoring (lib/domain/monitoring.ts): the monthly reports at national size.
 *
 * - GET /api/pemantauan/rekap?tahun=Y (all regions, as admin) at each size: its reads are the
 *   report counters (regions × months) and the statistics' region counters, never villages, so
 *   the requests and items read must be the same at 1,000 and 50,000 villages.
 * - GET /api/pemantauan/belum-lapor for one kabupaten at each size: the items read must be that
 *   kabupaten's villages (GSI3) and their report look-ups only.
 * - PUT /api/pemantauan/desa/{kd}/{bulan} (a new month by the village's manager, 12 earlier months
 *   reported) against its bare DynamoDB commands: the same reads and the same TransactWrite
 *   (report + village check + counters + history) sent directly, its written items moved to
 *   `FLOOR#…` partitions so that the replayed transaction succeeds as the handler's did.
 *
 * Seeding: villages in bulk (bench/src/seed.ts, verified against lib/). Reports in bulk, each
 * item built by lib/'s own `newReport` + `reports.toItem`, and each region-month's counter item
 * as the unit of work leaves it (ADD of `reportCounts`, the label set once). Before the bulk
 * write, one village's three months are written through lib/'s `saveReport` and its stored
 * report and counter items compared with what the mirror builds for the same figures; any
 * difference is reported (`mirrorDiffs`). The seeded reports' history entries are not written
 * (nothing measured reads them).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ensureTable } from '../../scripts/local-stack';
import { apiEvent } from './events';
import { invoke, loadHandler, type Handler } from './handlers';
import { groups, observe, shape, type DbCall, type Floor } from './observer';
import type { ScaleContext } from './scale';
import { addRun, CallTally, newTimings, timingMedians, type TimingMedians, type Timings } from './samples';
import { batchWrite, buildSeederWith, Fixtures, loadSeeder, pool, villageFields, type Owner, type Seeder } from './seed';
import { useTable } from './stack';
import { median, p99, round } from './stats';

export const MONITORING_TABLE = 'bench-monitoring';

type MonitoringSeeder = Seeder &
  Pick<typeof import('../../lib/domain/monitoring'), 'saveReport' | 'isLate' | 'thisMonth' | 'monthsFrom' | 'monthPlus'> &
  Pick<typeof import('../../lib/db/reports'), 'reports' | 'newReport'> &
  Pick<typeof import('../../lib/db/keys'), 'regionPart'>;
type ReportRecord = import('../../lib/db/reports').ReportRecord;
type Item = Record<string, unknown>;

/** The scale phase's context (`n`: requests per size for the reads, median) without its time budget. */
export interface MonitoringContext extends Omit<ScaleContext, 'budgetMs'> {
  /** Measured PUTs (one new month each, of as many villages), after `warmup`. */
  putN: number;
  warmup: number;
  /** Villages per kabupaten that report every month of the two years read. */
  reportersPerRegion: number;
}

export interface MonitoringTable {
  size: number;
  table: string;
  fx: Fixtures;
  s: MonitoringSeeder;
  admin: Owner;
  seedSeconds: number;
  reports: number;
  counters: number;
  reporters: number;
  regions: number;
  /** The kabupaten whose unreported villages are listed, and how many of its villages reported the month. */
  kabupaten: { provinsi: string; kabupaten: string; villages: number; reported: number };
  /** Villages (with 12 earlier months reported) whose manager PUTs a new month, with the manager's token. */
  putVillages: Array<{ kd: string; token: string }>;
  mirrorDiffs: string[];
}

export interface MonitoringPoint extends TimingMedians {
  villages: number;
  n: number;
  requests: number;
  roundTrips: number;
  shape: string;
  itemsRead: number;
  /** Items read per operation and partition kind (each observed command replayed alone with its capacity). */
  itemsBy: Record<string, number>;
  rcu: number;
  responseBytes: number;
  scans: number;
}

export interface MissingPoint extends MonitoringPoint {
  kabupatenVillages: number;
  reportedInMonth: number;
  rows: number;
  /** Village items read (GSI3 Query) and report look-ups (BatchGetItem hits). */
  villageItemsRead: number;
  reportItemsRead: number;
}

export interface MonitoringResult {
  year: number;
  month: string;
  tables: string[];
  sizes: number[];
  seed: Array<{ villages: number; seconds: number; reports: number; counters: number; reporters: number; regions: number }>;
  seededInBulk: boolean;
  mirrorDiffs: string[];
  summary: { id: string; points: MonitoringPoint[]; sameWork: boolean; met: boolean; verdict: string };
  missing: {
    id: string;
    region: { provinsi: string; kabupaten: string };
    points: MissingPoint[];
    met: boolean;
    verdict: string;
  };
  put: {
    id: string;
    villages: number;
    n: number;
    warmup: number;
    handler: { median: number; p99: number };
    floor: { median: number; p99: number };
    ratio: number;
    target: number;
    met: boolean;
    dbWait: number;
    outsideDb: number;
    requests: number;
    roundTrips: number;
    shape: string;
    byCommand: Record<string, number>;
    transactItems: string[];
    itemsRead: number;
    itemsBy: Record<string, number>;
    replayFailures: number;
    unexpectedStatus: number;
    firstUnexpected?: string;
  };
}

/** The last whole year (its months and the year before's are seeded), and the kabupaten listed. */
const YEAR = new Date().getUTCFullYear() - 1;
const MISSING_REGION = (() => {
  const f = villageFields('', 100 + 514, '');
  return { provinsi: f.provinsi, kabupaten: f.kabupaten };
})();

/** Plausible figures of village j in month m (within its own pattern: nothing flagged). */
function figures(j: number, m: string) {
  const k = Number(m.slice(5, 7));
  const wisnus = 200 + ((j * 37 + k * 11) % 400);
  const wisman = 5 + ((j + k) % 20);
  return {
    wisnus,
    wisman,
    pendapatan: wisnus * 25_000 + wisman * 150_000,
    tenaga_kerja: 10 + (j % 30),
    ...(j % 3 ? { malam_inap: Math.floor(wisnus / 10) } : {}),
  };
}

/** The seeding bundle with the monitoring writes added (built once, loaded fresh per table). */
const buildSeeder = (root: string) =>
  buildSeederWith(root, 'monitoring-seed', [
    "export { saveReport, isLate, thisMonth, monthsFrom, monthPlus } from './lib/domain/monitoring';",
    "export { reports, newReport } from './lib/db/reports';",
    "export { regionPart } from './lib/db/keys';",
  ]);

const get = async (s: MonitoringSeeder, key: Record<string, string>) =>
  (await s.db().send(new GetCommand({ TableName: s.tableName(), Key: key, ConsistentRead: true }))).Item;

/**
 * The counter items as the unit of work leaves them after these reports' creation: the shares
 * the entity declares (`reports.changes.counts`: the region-month's, the province-year's, …),
 * each an ADD of its counts on its own item with its label set once.
 */
function counterItems(s: MonitoringSeeder, records: ReportRecord[]): Map<string, Item> {
  const out = new Map<string, Item>();
  for (const r of records)
    for (const share of s.reports.changes!.counts!(r)) {
      if (!('on' in share)) throw new Error('a report share that is not on an item of its own: the mirror does not build it');
      const k = `${share.on.PK}\n${share.on.SK}`;
      const item = out.get(k) ?? { ...share.on, ...share.label };
      // a count that never moved is never written (the unit of work adds only what moves)
      for (const [f, v] of Object.entries(share.counts)) if (v) item[f] = Number(item[f] ?? 0) + v;
      out.set(k, item);
    }
  return out;
}

const canon = (v: unknown): unknown =>
  v instanceof Set
    ? [...v].sort()
    : Array.isArray(v)
      ? v.map(canon)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canon((v as Item)[k])]),
          )
        : v;
function diffItems(name: string, built: Item | undefined, stored: Item | undefined, diffs: string[]): void {
  const a = (built ?? {}) as Item;
  const b = (stored ?? {}) as Item;
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
    if (JSON.stringify(canon(a[k])) !== JSON.stringify(canon(b[k])))
      diffs.push(`${name}.${k}: mirror ${JSON.stringify(canon(a[k]))} ≠ lib ${JSON.stringify(canon(b[k]))}`);
}

/** The village number a bulk village was made from (its slug ends with it): its region follows (seed.ts villageFields). */
const numberOf = (slug: string) => Number(slug.slice(slug.lastIndexOf('-') + 1));

export async function prepareMonitoring(ctx: MonitoringContext): Promise<MonitoringTable[]> {
  const seederFile = await buildSeeder(ctx.root);
  const tables: MonitoringTable[] = [];
  for (const size of ctx.sizes) {
    const table = `${MONITORING_TABLE}-${size}`;
    await ensureTable(ctx.stack.dynamo.endpoint, table);
    useTable(ctx.stack, table);
    const s = loadSeeder(seederFile) as MonitoringSeeder;
    const fx = new Fixtures(s, ctx.seedMode).bind();
    tables.push({
      size,
      table,
      fx,
      s,
      admin: undefined as never,
      seedSeconds: 0,
      reports: 0,
      counters: 0,
      reporters: 0,
      regions: 0,
      kabupaten: { ...MISSING_REGION, villages: 0, reported: 0 },
      putVillages: [],
      mirrorDiffs: [],
    });
  }
  const largest = Math.max(...ctx.sizes);
  await Promise.all(tables.map((t) => seedTable(ctx, t, t.size === largest)));
  return tables;
}

async function seedTable(ctx: MonitoringContext, t: MonitoringTable, withPuts: boolean): Promise<void> {
  const started = performance.now();
  const { s, fx } = t;
  await fx.verify();
  t.admin = await fx.user('admin', 'mon');
  // The mirror's check: three months of one village through lib/'s saveReport, then the same figures built in bulk.
  const sample = await fx.libVillage(undefined, { score: false, description: false });
  const owner = (await s.getUserByEmail(sample.email))!;
  const caller = {
    id: owner.id,
    username: owner.username,
    full_name: owner.full_name,
    email: owner.email,
    role: owner.role,
    is_verified: owner.is_verified,
  };
  const checkMonths = s.monthsFrom(`${YEAR - 1}-01`, `${YEAR - 1}-03`).map((m) => s.monthPlus(m, -12));
  for (const m of checkMonths) await s.saveReport(sample.kd, m, figures(0, m), caller);
  const village = (await get(s, s.keys.village(sample.kd)))!;
  const region = { provinsi: String(village.provinsi), kabupaten: String(village.kabupaten) };
  const checked: ReportRecord[] = [];
  for (const m of checkMonths) {
    const stored = await get(s, s.keys.report(sample.kd, m));
    const rec = s.newReport(
      {
        kd_desa: sample.kd,
        bulan: m,
        ...region,
        kategori: 'belum',
        ...figures(0, m),
        terlambat: s.isLate(m, String(stored?.created_at)),
        perlu_cek: false,
      },
      String(stored?.created_at),
    );
    checked.push(rec);
    diffItems(`report ${m}`, s.reports.toItem(rec) as Item, stored, t.mirrorDiffs);
  }
  for (const [, item] of counterItems(s, checked))
    diffItems(
      `counters ${String(item.PK)} ${String(item.SK)}`,
      item,
      await get(s, { PK: String(item.PK), SK: String(item.SK) }),
      t.mirrorDiffs,
    );

  const made = await fx.villages(t.size - fx.created, { score: false, description: false });
  const seededVillages = performance.now();
  // Which villages report: the first `reportersPerRegion` of each kabupaten, every month of the two years.
  const byRegion = new Map<string, Array<{ kd: string; email: string; j: number; provinsi: string; kabupaten: string }>>();
  for (const v of made) {
    const j = numberOf(v.slug);
    const f = villageFields('', j, '');
    const key = `${f.provinsi}\n${f.kabupaten}`;
    const list = byRegion.get(key) ?? [];
    list.push({ kd: v.kd, email: v.email, j, provinsi: f.provinsi, kabupaten: f.kabupaten });
    byRegion.set(key, list);
  }
  const reporters = [...byRegion.values()].flatMap((l) => l.slice(0, ctx.reportersPerRegion));
  const months = s.monthsFrom(`${YEAR - 1}-01`, `${YEAR}-12`);
  const at = new Date().toISOString();
  const records: ReportRecord[] = [];
  const newRecord = (v: (typeof reporters)[number], m: string) =>
    s.newReport(
      {
        kd_desa: v.kd,
        bulan: m,
        provinsi: v.provinsi,
        kabupaten: v.kabupaten,
        kategori: 'belum', // the villages have no score
        ...figures(v.j, m),
        terlambat: s.isLate(m, at),
        perlu_cek: false,
      },
      at,
    );
  for (const v of reporters) for (const m of months) records.push(newRecord(v, m));
  // The listed kabupaten: every other village has this month's report (the villages exist since this month).
  const listed = byRegion.get(`${MISSING_REGION.provinsi}\n${MISSING_REGION.kabupaten}`) ?? [];
  const month = s.thisMonth();
  const reportedNow = listed.filter((_, k) => k % 2 === 0);
  for (const v of reportedNow) records.push(newRecord(v, month));
  const counters = counterItems(s, records);
  await batchWrite(s, [...records.map((r) => s.reports.toItem(r) as Item), ...counters.values()]);
  t.reports = records.length;
  t.counters = counters.size;
  t.reporters = reporters.length;
  t.regions = byRegion.size;
  t.kabupaten = { ...MISSING_REGION, villages: listed.length, reported: reportedNow.length };

  if (withPuts) {
    const wanted = ctx.putN + ctx.warmup;
    const skipRegion = (v: { kabupaten: string }) => v.kabupaten === MISSING_REGION.kabupaten || v.kabupaten === region.kabupaten;
    const chosen = reporters.filter((v) => !skipRegion(v)).slice(0, wanted);
    if (chosen.length < wanted) ctx.log(`monitoring: only ${chosen.length} villages with 12 earlier months for ${wanted} PUTs`);
    t.putVillages = new Array(chosen.length);
    await pool(chosen, 8, async (v, k) => {
      const user = (await s.getUserByEmail(v.email))!;
      t.putVillages[k] = { kd: v.kd, token: await s.signToken(user) };
    });
  }
  t.seedSeconds = round((performance.now() - started) / 1000, 1);
  ctx.log(
    `monitoring: ${t.table} seeded (${t.size} villages in ${round((seededVillages - started) / 1000, 1)} s; ` +
      `${t.reports} reports, ${t.counters} counter items; ${t.seedSeconds} s in all)`,
  );
}

const summaryEvent = (t: MonitoringTable) =>
  apiEvent({ method: 'GET', resource: '/api/pemantauan/rekap', query: { tahun: String(YEAR) }, token: t.admin.token });
const missingEvent = (t: MonitoringTable) =>
  apiEvent({
    method: 'GET',
    resource: '/api/pemantauan/belum-lapor',
    query: { bulan: t.s.thisMonth(), ...MISSING_REGION },
    token: t.admin.token,
  });

/** Which partition a command reads, by its key condition's value (USER#, REKAPLAPORAN#, the region counters…). */
function partitionOf(c: DbCall): string {
  const values = JSON.stringify(c.input.ExpressionAttributeValues ?? c.input.Key ?? c.input.RequestItems ?? {});
  const m = /"S":"([A-Z]+)[#"]/.exec(values);
  return `${c.op}${c.input.IndexName ? ` ${String(c.input.IndexName)}` : ''} ${m ? m[1] : ''}`.trim();
}

/** Items read per command kind: each call replayed alone with its capacity. */
async function itemsBy(floor: Floor, calls: DbCall[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const c of calls) {
    if (!['GetItem', 'Query', 'BatchGetItem', 'TransactGetItems', 'Scan'].includes(c.op)) continue;
    const k = partitionOf(c);
    out[k] = (out[k] ?? 0) + (await floor.replay([c], true)).itemsRead;
  }
  return out;
}

interface ReadState {
  t: MonitoringTable;
  handler: Handler;
  event: APIGatewayProxyEvent;
  first: Awaited<ReturnType<typeof observe<Awaited<ReturnType<Handler>>>>>;
  timings: Timings;
}

/** A read at each size, interleaved (one request per size in turn) as the scale phase measures. */
async function measureRead(
  ctx: MonitoringContext,
  fn: string,
  tables: MonitoringTable[],
  event: (t: MonitoringTable) => APIGatewayProxyEvent,
) {
  const states: ReadState[] = [];
  for (const t of tables) {
    useTable(ctx.stack, t.table);
    const handler = loadHandler(ctx.root, ctx.build, fn);
    const ev = event(t);
    const first = await observe(() => invoke(handler, ev));
    if (first.result.statusCode !== 200)
      throw new Error(`${fn} at ${t.size}: ${first.result.statusCode} ${first.result.body.slice(0, 300)}`);
    states.push({ t, handler, event: ev, first, timings: newTimings() });
  }
  for (let i = 0; i < ctx.n; i++)
    for (const st of states) {
      const run = await observe(() => invoke(st.handler, st.event));
      addRun(st.timings, run);
      st.timings.floors.push((await ctx.floor.replay(run.calls)).ms);
    }
  const points: Array<MonitoringPoint & { body: string }> = [];
  for (const st of states) {
    const probe = await ctx.floor.replay(st.first.calls, true);
    points.push({
      villages: st.t.size,
      n: st.timings.times.length,
      ...timingMedians(st.timings),
      requests: st.first.calls.length,
      roundTrips: groups(st.first.calls).length,
      shape: shape(st.first.calls),
      itemsRead: probe.itemsRead,
      itemsBy: await itemsBy(ctx.floor, st.first.calls),
      rcu: round(probe.rcu, 1),
      responseBytes: Buffer.byteLength(st.first.result.body),
      scans: st.first.calls.filter((c) => c.op === 'Scan').length,
      body: st.first.result.body,
    });
  }
  return points;
}

/**
 * The floor of a write: the observed commands again, the transaction's written items moved to
 * `FLOOR#<n>#…` partitions (the report's creation and the history entry succeed again; the
 * counters are not counted twice; the village's condition check is the same).
 */
function floorCalls(calls: DbCall[], n: number): DbCall[] {
  const move = (key: Record<string, { S?: string }> | undefined) => {
    if (key?.PK?.S) key.PK.S = `FLOOR#${n}#${key.PK.S}`;
  };
  return calls.map((c) => {
    if (c.op !== 'TransactWriteItems') return c;
    const input = structuredClone(c.input) as { TransactItems: Array<Record<string, { Item?: never; Key?: never }>> };
    for (const ti of input.TransactItems) {
      if (ti.Put) move(ti.Put.Item);
      if (ti.Update) move(ti.Update.Key);
      if (ti.Delete) move(ti.Delete.Key);
    }
    return { ...c, input: input as unknown as Record<string, unknown> };
  });
}

function transactSteps(calls: DbCall[]): string[] {
  const tx = calls.find((c) => c.op === 'TransactWriteItems');
  const items = (tx?.input.TransactItems ?? []) as Array<Record<string, { Item?: Item; Key?: Item }>>;
  return items.map((ti) => {
    const [op, body] = Object.entries(ti)[0]!;
    const key = (body.Item ?? body.Key ?? {}) as Record<string, { S?: string }>;
    return `${op} ${String(key.PK?.S ?? '').replace(/#.*/, '#')}`;
  });
}

async function measurePut(ctx: MonitoringContext, t: MonitoringTable): Promise<MonitoringResult['put']> {
  useTable(ctx.stack, t.table);
  const handler = loadHandler(ctx.root, ctx.build, 'monitoringSave');
  const month = t.s.thisMonth();
  const timings = newTimings();
  const tally = new CallTally();
  let failures = 0;
  let sampleCalls: DbCall[] = [];
  const warmup = Math.min(ctx.warmup, Math.floor(t.putVillages.length / 10));
  for (const [i, v] of t.putVillages.entries()) {
    const event = apiEvent({
      method: 'PUT',
      resource: '/api/pemantauan/desa/{kd_desa}/{bulan}',
      pathParameters: { kd_desa: v.kd, bulan: month },
      token: v.token,
      body: { ...figures(i, month), catatan: 'Libur sekolah; dua rombongan study tour.' },
    });
    const run = await observe(() => invoke(handler, event));
    const replay = await ctx.floor.replay(floorCalls(run.calls, i));
    if (i < warmup) continue;
    tally.check(run.result, 200);
    if (!sampleCalls.length) sampleCalls = run.calls;
    addRun(timings, run);
    timings.floors.push(replay.ms);
    failures += replay.failed;
    tally.add(run.calls);
  }
  const { times: handlerMs, floors: floorMs } = timings;
  const n = handlerMs.length;
  const ratio = round(median(handlerMs) / median(floorMs));
  const reads = sampleCalls.filter((c) => c.op !== 'TransactWriteItems');
  return {
    id: 'PUT /api/pemantauan/desa/{kd_desa}/{bulan}',
    villages: t.size,
    n,
    warmup,
    handler: { median: round(median(handlerMs)), p99: round(p99(handlerMs)) },
    floor: { median: round(median(floorMs)), p99: round(p99(floorMs)) },
    ratio,
    target: 1.5,
    met: ratio <= 1.5 && tally.unexpected === 0,
    dbWait: round(median(timings.waits)),
    outsideDb: round(median(timings.outside)),
    requests: sampleCalls.length,
    roundTrips: groups(sampleCalls).length,
    shape: tally.commonShape(),
    byCommand: Object.fromEntries([...tally.byCommand].map(([op, count]) => [op, round(count / Math.max(1, n))])),
    transactItems: transactSteps(sampleCalls),
    itemsRead: (await ctx.floor.replay(reads, true)).itemsRead,
    itemsBy: await itemsBy(ctx.floor, reads),
    replayFailures: failures,
    unexpectedStatus: tally.unexpected,
    firstUnexpected: tally.firstUnexpected,
  };
}

export async function monitoringPhase(ctx: MonitoringContext, tables: MonitoringTable[]): Promise<MonitoringResult> {
  const { log } = ctx;
  log(`monitoring: GET /api/pemantauan/rekap?tahun=${YEAR} (all regions) at ${ctx.sizes.join(' / ')} villages, n=${ctx.n}`);
  const summary = await measureRead(ctx, 'monitoringSummary', tables, summaryEvent);
  for (const p of summary)
    log(`monitoring: rekap at ${p.villages}: median ${p.handler.median} ms, ${p.requests} requests, ${p.itemsRead} items read`);
  const first = summary[0]!;
  const sameWork = summary.every((p) => p.requests === first.requests && p.itemsRead === first.itemsRead);

  log(`monitoring: GET /api/pemantauan/belum-lapor (${MISSING_REGION.kabupaten}) at ${ctx.sizes.join(' / ')} villages`);
  const missingRaw = await measureRead(ctx, 'monitoringMissing', tables, missingEvent);
  const missing: MissingPoint[] = missingRaw.map((p, k) => {
    const t = tables[k]!;
    const villageItems = Object.entries(p.itemsBy)
      .filter(([op]) => op.startsWith('Query'))
      .reduce((sum, [, v]) => sum + v, 0);
    const reportItems = Object.entries(p.itemsBy)
      .filter(([op]) => op.startsWith('BatchGetItem'))
      .reduce((sum, [, v]) => sum + v, 0);
    const body = JSON.parse(p.body) as { pagination?: { total?: number }; data?: unknown[] };
    const { body: _b, ...point } = p;
    return {
      ...point,
      kabupatenVillages: t.kabupaten.villages,
      reportedInMonth: t.kabupaten.reported,
      rows: Number(body.pagination?.total ?? body.data?.length ?? 0),
      villageItemsRead: villageItems,
      reportItemsRead: reportItems,
    };
  });
  for (const p of missing)
    log(
      `monitoring: belum-lapor at ${p.villages}: median ${p.handler.median} ms, ${p.itemsRead} items read ` +
        `(${p.villageItemsRead} villages of ${p.kabupatenVillages} in the kabupaten, ${p.reportItemsRead} reports)`,
    );
  const missingMet = missing.every((p) => p.villageItemsRead === p.kabupatenVillages && p.reportItemsRead <= p.kabupatenVillages);

  const largest = tables.find((t) => t.putVillages.length > 0)!;
  log(`monitoring: PUT a new month, ${largest.putVillages.length} villages at ${largest.size} (warm-up first), against its bare commands`);
  const put = await measurePut(ctx, largest);
  log(`monitoring: PUT median ${put.handler.median} ms, floor ${put.floor.median} ms, ${put.ratio}× (${put.shape})`);

  const last = summary.at(-1)!;
  return {
    year: YEAR,
    month: largest.s.thisMonth(),
    tables: tables.map((t) => t.table),
    sizes: ctx.sizes,
    seed: tables.map((t) => ({
      villages: t.size,
      seconds: t.seedSeconds,
      reports: t.reports,
      counters: t.counters,
      reporters: t.reporters,
      regions: t.regions,
    })),
    seededInBulk: tables.every((t) => t.fx.usesBulk),
    mirrorDiffs: tables.flatMap((t) => t.mirrorDiffs.map((d) => `${t.size}: ${d}`)),
    summary: {
      id: `GET /api/pemantauan/rekap?tahun=${YEAR}`,
      points: summary.map(({ body: _b, ...p }) => p),
      sameWork,
      met: sameWork,
      verdict:
        `${summary.map((p) => `${p.villages}: ${p.requests} requests, ${p.itemsRead} items read, ${p.handler.median} ms`).join('; ')}` +
        (sameWork ? ' — the same requests and items at every size' : ' — requests or items read change with the villages') +
        ` (own time ${round(last.outsideDb / first.outsideDb)}×)`,
    },
    missing: {
      id: 'GET /api/pemantauan/belum-lapor?bulan=…&provinsi=…&kabupaten=…',
      region: MISSING_REGION,
      points: missing,
      met: missingMet,
      verdict: missing
        .map(
          (p) =>
            `${p.villages}: ${p.villageItemsRead} village items read for the kabupaten's ${p.kabupatenVillages} villages ` +
            `(+ ${p.reportItemsRead} reports found), ${p.itemsRead} items read in all`,
        )
        .join('; '),
    },
    put,
  };
}
