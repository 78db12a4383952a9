/**
 * Scale: the same table grown to 100, 1,000 and 10,000 villages (each with a score and
 * a tourism description); for the paginated tourism-description list (page 1 and the
 * last page), the full village list and the score list: time per request and what
 * DynamoDB had to read.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ensureTable } from '../../scripts/local-stack';
import type { BuildResult } from './build';
import { apiEvent } from './events';
import { invoke, loadHandler, type Handler } from './handlers';
import { groups, observe, shape, type Floor } from './observer';
import { addRun, newTimings, timingMedians, type TimingMedians, type Timings } from './samples';
import { Fixtures, loadSeeder, SAMPLE_KABUPATEN_SIZE, SAMPLE_REGION } from './seed';
import { useTable, type Stack } from './stack';
import { median, round } from './stats';

export const SCALE_TABLE = 'bench-scale';
const PAGE_LIMIT = 10;

export interface ScalePoint extends TimingMedians {
  villages: number;
  n: number;
  /** Samples were cut short by the time budget. */
  budgetHit: boolean;
  requests: number;
  roundTrips: number;
  shape: string;
  itemsRead: number;
  rcu: number;
  responseBytes: number;
  /** The body a client that takes gzip gets (base64 text, as the function returns it). */
  gzipBytes: number;
  /** An export: answered inline, or 303 to the stored file (then `fileBytes` is the file's size). */
  delivered?: 'inline' | 'link';
  fileBytes?: number;
  repeat?: RepeatRead;
  scans: number;
}

export interface ScaleRoute {
  id: string;
  label: string;
  kind: 'page' | 'list';
  points: ScalePoint[];
  /** Handler time at the largest size ÷ at the smallest (pages: target ≤ 1.3). */
  growth: number;
  /** list: handler ms per village at each size (flat = linear growth). */
  perVillageMs?: number[];
  met: boolean;
  verdict: string;
}

export interface ScaleResult {
  tables: string[];
  sizes: number[];
  seedSeconds: number[];
  seededInBulk: boolean;
  routes: ScaleRoute[];
}

export interface ScaleContext {
  root: string;
  build: BuildResult;
  stack: Stack;
  floor: Floor;
  sizes: number[];
  n: number;
  budgetMs: number;
  seedMode: 'bulk' | 'lib';
  log: (msg: string) => void;
}

interface Spec {
  id: string;
  label: string;
  kind: 'page' | 'list';
  fn: string;
  event: (villages: number, table: ScaleTable) => APIGatewayProxyEvent;
  /** Read with a token (no shared cache, so no repeat read). */
  withToken?: boolean;
  /** A page: judged from this size on (where its rows are all there). */
  compareFrom?: number;
  /** The answer may be 303 to a file stored in S3 (an export larger than one Lambda answer). */
  mayLink?: boolean;
}

/** History entries seeded per village (the history pages are measured over them). */
export const HISTORY_PER_VILLAGE = Number(process.env.BENCH_HISTORY_PER_VILLAGE ?? 20);

export const SPECS: Spec[] = [
  {
    id: 'GET /api/deskripsi-wisata?page=1',
    label: 'tourism descriptions, page 1',
    kind: 'page',
    fn: 'tourismList',
    event: () => apiEvent({ method: 'GET', resource: '/api/deskripsi-wisata', query: { page: '1', limit: String(PAGE_LIMIT) } }),
  },
  {
    id: 'GET /api/deskripsi-wisata?page=last',
    label: 'tourism descriptions, last page',
    kind: 'page',
    fn: 'tourismList',
    event: (v) =>
      apiEvent({
        method: 'GET',
        resource: '/api/deskripsi-wisata',
        query: { page: String(Math.ceil(v / PAGE_LIMIT)), limit: String(PAGE_LIMIT) },
      }),
  },
  {
    id: 'GET /api/desa-wisata',
    label: 'village list (all)',
    kind: 'list',
    fn: 'villageList',
    event: () => apiEvent({ method: 'GET', resource: '/api/desa-wisata' }),
  },
  {
    id: 'GET /api/skor',
    label: 'score list (all)',
    kind: 'list',
    fn: 'scoreList',
    event: () => apiEvent({ method: 'GET', resource: '/api/skor' }),
  },
  {
    id: 'GET /api/desa-wisata/details',
    label: 'village details list (all)',
    kind: 'list',
    fn: 'villageDetails',
    event: () => apiEvent({ method: 'GET', resource: '/api/desa-wisata/details' }),
  },
  {
    id: 'GET /api/status-desa',
    label: 'status list (all; the bench villages have none)',
    kind: 'list',
    fn: 'statusList',
    event: () => apiEvent({ method: 'GET', resource: '/api/status-desa' }),
  },
  {
    id: 'GET /api/desa-wisata?provinsi=…&kabupaten=…',
    label: `village list of one kabupaten (${SAMPLE_KABUPATEN_SIZE} villages at every size)`,
    kind: 'page',
    compareFrom: 1000,
    fn: 'villageList',
    event: () => apiEvent({ method: 'GET', resource: '/api/desa-wisata', query: { ...SAMPLE_REGION } }),
  },
  {
    id: 'GET /api/skor?provinsi=…&kabupaten=…',
    label: `score list of one kabupaten (${SAMPLE_KABUPATEN_SIZE} villages at every size)`,
    kind: 'page',
    compareFrom: 1000,
    fn: 'scoreList',
    event: () => apiEvent({ method: 'GET', resource: '/api/skor', query: { ...SAMPLE_REGION } }),
  },
  {
    id: 'GET /api/statistik',
    label: 'statistics (all regions)',
    kind: 'page',
    compareFrom: 1000,
    fn: 'statistics',
    event: () => apiEvent({ method: 'GET', resource: '/api/statistik' }),
  },
  {
    id: 'GET /api/statistik?provinsi=…',
    label: 'statistics of one province',
    kind: 'page',
    compareFrom: 1000,
    fn: 'statistics',
    event: () => apiEvent({ method: 'GET', resource: '/api/statistik', query: { provinsi: 'Provinsi 7' } }),
  },
  {
    id: 'GET /api/desa-wisata/export?format=xlsx',
    label: 'export, XLSX (all)',
    kind: 'list',
    mayLink: true,
    fn: 'villageExport',
    withToken: true,
    event: (_v, t) => apiEvent({ method: 'GET', resource: '/api/desa-wisata/export', query: { format: 'xlsx' }, token: t.history!.token }),
  },
  {
    id: 'GET /api/desa-wisata/export?format=csv',
    label: 'export, CSV (all)',
    kind: 'list',
    mayLink: true,
    fn: 'villageExport',
    withToken: true,
    event: (_v, t) => apiEvent({ method: 'GET', resource: '/api/desa-wisata/export', query: { format: 'csv' }, token: t.history!.token }),
  },
  {
    id: 'GET /api/evaluasi/{id}/rekap',
    label: "an evaluation round's progress (counters per kabupaten)",
    kind: 'page',
    compareFrom: 1000,
    fn: 'evaluationSummary',
    withToken: true,
    event: (_v, t) =>
      apiEvent({
        method: 'GET',
        resource: '/api/evaluasi/{id_evaluasi}/rekap',
        pathParameters: { id_evaluasi: t.round! },
        token: t.history!.token,
      }),
  },
  {
    id: 'GET /api/desa-wisata/{kd_desa}/riwayat',
    label: `a village timeline, page 1 (${HISTORY_PER_VILLAGE} entries per village)`,
    kind: 'page',
    fn: 'historyVillage',
    withToken: true,
    event: (_v, t) =>
      apiEvent({
        method: 'GET',
        resource: '/api/desa-wisata/{kd_desa}/riwayat',
        pathParameters: { kd_desa: t.history!.kd },
        query: { limit: String(PAGE_LIMIT) },
        token: t.history!.token,
      }),
  },
  {
    id: 'GET /api/riwayat',
    label: `the feed, page 1 (${HISTORY_PER_VILLAGE} entries per village)`,
    kind: 'page',
    fn: 'historyFeed',
    withToken: true,
    event: (_v, t) => apiEvent({ method: 'GET', resource: '/api/riwayat', query: { limit: String(PAGE_LIMIT) }, token: t.history!.token }),
  },
];

/** The same request, conditional on the tag of an earlier answer, or asking for gzip. */
const withHeaders = (event: APIGatewayProxyEvent, headers: Record<string, string>): APIGatewayProxyEvent => ({
  ...event,
  headers: { ...event.headers, ...headers },
  multiValueHeaders: { ...event.multiValueHeaders, ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])) },
});

/** A repeat read: the same request with If-None-Match set to the first answer's tag. */
export interface RepeatRead {
  status: number;
  median: number;
  requests: number;
  roundTrips: number;
  shape: string;
  itemsRead: number;
  /** Its median time ÷ the full read's. */
  ratio: number;
}

export interface ScaleTable {
  size: number;
  table: string;
  fx: Fixtures;
  seedSeconds: number;
  /** A village whose timeline is read, and an admin's token for the history routes. */
  history?: { kd: string; token: string };
  /** An evaluation round over every village with its counters (GET /api/evaluasi/{id}/rekap). */
  round?: string;
}

/**
 * One table per size (bench-scale-<size>), all seeded up front (in parallel, while
 * nothing is being timed), each with exactly `size` villages.
 */
export async function prepareScale(ctx: ScaleContext): Promise<ScaleTable[]> {
  const tables: ScaleTable[] = [];
  for (const size of ctx.sizes) {
    const table = `${SCALE_TABLE}-${size}`;
    await ensureTable(ctx.stack.dynamo.endpoint, table);
    useTable(ctx.stack, table);
    tables.push({ size, table, fx: new Fixtures(loadSeeder(ctx.build.seeder), ctx.seedMode).bind(), seedSeconds: 0 });
  }
  await Promise.all(
    tables.map(async (t) => {
      const started = performance.now();
      await t.fx.verify();
      const made = await t.fx.villages(t.size - t.fx.created, { score: true, description: true });
      // the history as a busy service leaves it: HISTORY_PER_VILLAGE entries for every village
      const admin = await t.fx.user('admin', 'hist');
      await t.fx.history(
        made.map((v) => v.kd),
        HISTORY_PER_VILLAGE,
      );
      t.history = { kd: made[Math.floor(made.length / 2)]!.kd, token: admin.token };
      t.round = await t.fx.round(admin);
      t.seedSeconds = round((performance.now() - started) / 1000, 1);
      ctx.log(`scale: ${t.table} seeded (${t.size} villages, ${t.seedSeconds} s)`);
    }),
  );
  return tables;
}

/**
 * Sizes are measured interleaved (one request per size in turn), so a change in the
 * machine's load during the phase hits every size alike instead of skewing one of them.
 */
export async function scalePhase(ctx: ScaleContext, tables: ScaleTable[]): Promise<ScaleResult> {
  const { log } = ctx;
  // One instance of each handler per table: a bundle reads TABLE_NAME when it loads.
  const handlers = new Map<string, Handler>();
  for (const t of tables) {
    useTable(ctx.stack, t.table);
    for (const s of SPECS)
      if (!handlers.has(`${t.table}:${s.fn}`)) handlers.set(`${t.table}:${s.fn}`, loadHandler(ctx.root, ctx.build, s.fn));
  }
  const routes: ScaleRoute[] = [];
  for (const spec of SPECS) {
    // Sequentially: the observer records one invocation at a time.
    const states: PointState[] = [];
    for (const t of tables) states.push(await start(ctx, handlers.get(`${t.table}:${spec.fn}`)!, spec, t));
    for (let i = 0; i < ctx.n; i++) {
      for (const st of states) {
        if (st.done) continue;
        const run = await observe(() => invoke(st.handler, spec.event(st.size, st.table)));
        addRun(st, run);
        // The floor for every sample while it is cheap; five spread over the run for whole-table lists.
        if (spec.kind === 'page' || i % Math.ceil(ctx.n / 5) === 0) st.floors.push((await ctx.floor.replay(run.calls)).ms);
        st.spent += run.ms;
        if (st.spent > ctx.budgetMs && st.times.length >= 5 && i < ctx.n - 1) {
          st.done = true;
          st.budgetHit = true;
        }
      }
    }
    const points = states.map(finish);
    // (a repeat read is the revalidation of a public list; the history pages are read with a token, never cached)
    if (!spec.withToken) for (let k = 0; k < points.length; k++) points[k]!.repeat = await repeatRead(ctx, states[k]!, spec, points[k]!);
    for (const p of points) {
      log(
        `scale: ${spec.label}, ${p.villages} villages: median ${p.handler.median} ms (n=${p.n}${p.budgetHit ? ', time budget' : ''}), ` +
          `${p.requests} requests, ${p.itemsRead} items read`,
      );
    }
    routes.push(verdict(spec, points));
  }
  return {
    tables: tables.map((t) => t.table),
    sizes: ctx.sizes,
    seedSeconds: tables.map((t) => t.seedSeconds),
    seededInBulk: tables.every((t) => t.fx.usesBulk),
    routes,
  };
}

interface PointState extends Timings {
  handler: Handler;
  size: number;
  table: ScaleTable;
  first: Awaited<ReturnType<typeof observe<Awaited<ReturnType<Handler>>>>>;
  probe: Awaited<ReturnType<Floor['replay']>>;
  spent: number;
  done: boolean;
  budgetHit: boolean;
  gzipBytes: number;
  delivered?: 'inline' | 'link';
  fileBytes?: number;
}

/** Warm-up request; it also gives the requests sent, and (replayed with ReturnConsumedCapacity) the items and capacity read. */
async function start(ctx: ScaleContext, handler: Handler, spec: Spec, table: ScaleTable): Promise<PointState> {
  const size = table.size;
  const first = await observe(() => invoke(handler, spec.event(size, table)));
  const linked = spec.mayLink && first.result.statusCode === 303;
  if (first.result.statusCode !== 200 && !linked)
    throw new Error(`${spec.id} at ${size}: ${first.result.statusCode} ${first.result.body.slice(0, 200)}`);
  // (a stored export is downloaded once, to state its size)
  const file = linked ? await fetchBytes(String(first.result.headers?.Location)) : undefined;
  const probe = await ctx.floor.replay(first.calls, true);
  const gz = await invoke(handler, withHeaders(spec.event(size, table), { Accept: 'application/json', 'Accept-Encoding': 'gzip' }));
  const gzipBytes = Buffer.byteLength(gz.body);
  return {
    handler,
    size,
    table,
    first,
    probe,
    ...newTimings(),
    spent: 0,
    done: false,
    budgetHit: false,
    gzipBytes,
    ...(spec.mayLink ? { delivered: linked ? 'link' : 'inline', fileBytes: file ?? fileSize(first.result) } : {}),
  };
}

async function fetchBytes(url: string): Promise<number> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`the stored export at ${url}: ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

const fileSize = (r: { body: string; isBase64Encoded?: boolean }) =>
  r.isBase64Encoded ? Buffer.from(r.body, 'base64').byteLength : Buffer.byteLength(r.body);

/** n conditional requests with the first answer's tag: what a browser or CDN revalidating an unchanged list costs. */
async function repeatRead(ctx: ScaleContext, st: PointState, spec: Spec, point: ScalePoint): Promise<RepeatRead> {
  const etag = String(st.first.result.headers?.ETag ?? '');
  const event = withHeaders(spec.event(st.size, st.table), { 'If-None-Match': etag });
  const first = await observe(() => invoke(st.handler, event));
  const probe = await ctx.floor.replay(first.calls, true);
  const times: number[] = [];
  for (let i = 0; i < Math.max(5, Math.min(ctx.n, 50)); i++) times.push((await observe(() => invoke(st.handler, event))).ms);
  return {
    status: first.result.statusCode,
    median: round(median(times), 3),
    requests: first.calls.length,
    roundTrips: groups(first.calls).length,
    shape: shape(first.calls),
    itemsRead: probe.itemsRead,
    ratio: round(median(times) / point.handler.median, 3),
  };
}

function finish(st: PointState): ScalePoint {
  const { first, probe } = st;
  return {
    villages: st.size,
    n: st.times.length,
    budgetHit: st.budgetHit,
    ...timingMedians(st),
    requests: first.calls.length,
    roundTrips: groups(first.calls).length,
    shape: shape(first.calls),
    itemsRead: probe.itemsRead,
    rcu: round(probe.rcu, 1),
    responseBytes: Buffer.byteLength(first.result.body),
    gzipBytes: st.gzipBytes,
    ...(st.delivered ? { delivered: st.delivered, fileBytes: st.fileBytes } : {}),
    scans: first.calls.filter((c) => c.op === 'Scan').length,
  };
}

export function verdict(spec: Spec, points: ScalePoint[]): ScaleRoute {
  const firstP = points[0]!;
  const lastP = points[points.length - 1]!;
  if (spec.kind === 'page') {
    // From the size where the page's rows are all there (a kabupaten's 20 villages, all 514
    // regions): the same requests and items at every larger size, and the same cost. Judged on
    // the handler's own time (outside DynamoDB), as the lists are; the total is shown beside it.
    const from = points.find((p) => p.villages >= (spec.compareFrom ?? 0)) ?? firstP;
    const judged = points.filter((p) => p.villages >= from.villages);
    const growth = round(lastP.handler.median / from.handler.median);
    const own = round(lastP.outsideDb / from.outsideDb);
    const sameWork = judged.every((p) => p.requests === from.requests && p.itemsRead === from.itemsRead);
    const met = own <= 1.3 && sameWork;
    return {
      id: spec.id,
      label: spec.label,
      kind: spec.kind,
      points,
      growth,
      met,
      verdict:
        `${lastP.villages} vs ${from.villages}: own time ${own}×, total ${growth}× (floor ${round(lastP.floor / from.floor)}×); ` +
        (sameWork ? `same requests and items read from ${from.villages} on` : 'requests or items read change with size'),
    };
  }
  const perVillage = (f: (p: ScalePoint) => number) => points.map((p) => round(f(p) / p.villages, 4));
  const stepGrowth = (v: number[]) => round(v[v.length - 1]! / v[Math.max(0, v.length - 2)]!);
  const perVillageMs = perVillage((p) => p.handler.median);
  const growth = round(lastP.handler.median / firstP.handler.median);
  // Per-village round trips would show as few items per request; 1 MB Query pages hold hundreds.
  const itemsPerRequest = round(lastP.itemsRead / Math.max(1, lastP.requests), 0);
  const perItemTrips = itemsPerRequest < 100;
  const perVillageGrowth = stepGrowth(perVillageMs);
  // Judged on the handler's own time per village (its total minus the time DynamoDB had a
  // request in flight): DynamoDB Local's own time per item grows with its table (the
  // replayed Queries alone grow 1.2–1.7× per village from 1,000 to 10,000), which says
  // nothing of this service.
  const ownGrowth = stepGrowth(perVillage((p) => p.outsideDb));
  const linear = ownGrowth <= 1.3;
  const prev = points[Math.max(0, points.length - 2)]!;
  return {
    id: spec.id,
    label: spec.label,
    kind: spec.kind,
    points,
    growth,
    perVillageMs,
    met: linear && !perItemTrips,
    verdict:
      `handler's own time per village grows ${ownGrowth}× over the last step; ms per village ${perVillageMs.join(' / ')} (last step ${perVillageGrowth}×: DynamoDB wait ${stepGrowth(perVillage((p) => p.dbWait))}×, ` +
      `rest of the handler ${stepGrowth(perVillage((p) => p.outsideDb))}×, floor ${stepGrowth(perVillage((p) => p.floor))}× from ${prev.villages} to ${lastP.villages}); ` +
      `requests ${points.map((p) => p.requests).join(' / ')}, ${itemsPerRequest} items per request at ${lastP.villages}` +
      (perItemTrips ? ' — round trips grow per item' : ' (1 MB Query pages, no per-item round trips)'),
  };
}
