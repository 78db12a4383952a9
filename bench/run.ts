/**
 * `npm run bench`: the service against the physical limit (the performance goals of docs/performance.md).
 *
 *   AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true node --import tsx bench/run.ts
 *
 * 1. starts its own DynamoDB Local (in memory), s3rver (temp dir) and SES emulator;
 * 2. builds every function with serverless.yml's esbuild options (SDK bundled and SDK
 *    external) into bench/.build/, and runs `serverless package --stage dev` (zip sizes);
 * 3. warm overhead of nine routes against the DynamoDB floor;
 * 4. DynamoDB requests per route (and Scans: 0);
 * 5. cold start of every function against an SDK-clients-only baseline;
 * 6. scale: 100 / 1,000 / 10,000 villages;
 * 7. images: storing a 12 MP photo, and the image bytes of the web app's pages (web-sized images);
 * 8. serverless-offline under load (informative);
 * 9. peak memory; writes bench/results.json and BENCHMARKS.md, prints the tables.
 * Tests never run this; it asserts nothing about times (only Scans = 0 sets the exit code).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../scripts/local-stack';
import { buildAll, type BuildResult } from './src/build';
import { coldPhase, type ColdResult } from './src/cold';
import { listFunctions } from './src/functions';
import { Floor, installObserver } from './src/observer';
import { imagesPhase, type ImagesResult } from './src/images';
import { offlinePhase, type OfflineResult } from './src/offline';
import { serverlessPackage, serviceCopy, type PackageResult } from './src/package';
import { benchmarksMd, type LargeScaleRun, renderTables, targetsOf, type Results } from './src/report';
import { cdnPhase, type CdnResult } from './src/cdn';
import { outboxPhase, type OutboxResult } from './src/outbox';
import { prepareScale, scalePhase, type ScaleResult } from './src/scale';
import { tripsPhase, type TripsResult } from './src/trips';
import { LOCAL_CREDENTIALS, LOCAL_REGION, serviceEnv, startStack, useTable, type Stack } from './src/stack';
import { round } from './src/stats';
import { prepareWarm, WARM_TABLE, warmPhase, type WarmResult } from './src/warm';

const int = (name: string, fallback: number, min = 1) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < min) throw new Error(`${name} must be an integer ≥ ${min}`);
  return v;
};

const knobs = {
  BENCH_N: int('BENCH_N', 300),
  BENCH_WARMUP: int('BENCH_WARMUP', 30, 0),
  BENCH_SCALE_SIZES: process.env.BENCH_SCALE_SIZES ?? '100,1000,10000',
  BENCH_SCALE_N: int('BENCH_SCALE_N', 20),
  BENCH_SCALE_BUDGET_S: int('BENCH_SCALE_BUDGET_S', 90),
  BENCH_COLD_RUNS: int('BENCH_COLD_RUNS', 10),
  BENCH_COLD_FUNCTIONS: process.env.BENCH_COLD_FUNCTIONS ?? 'all',
  BENCH_OFFLINE_SECONDS: int('BENCH_OFFLINE_SECONDS', 10),
  BENCH_SKIP: process.env.BENCH_SKIP ?? '',
  BENCH_SEED: process.env.BENCH_SEED === 'lib' ? 'lib' : 'bulk',
  BENCH_OUTBOX_VILLAGES: int('BENCH_OUTBOX_VILLAGES', 2000),
};
const skip = new Set(
  knobs.BENCH_SKIP.split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const sizes = knobs.BENCH_SCALE_SIZES.split(',').map((s) => Number(s.trim()));
if (sizes.some((s) => !Number.isInteger(s) || s < 10)) throw new Error('BENCH_SCALE_SIZES: integers ≥ 10, comma-separated');

const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s`;
const log = (msg: string) => console.log(`[bench ${elapsed()}] ${msg}`);

let cleanup: (() => Promise<void>) | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void (cleanup?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

/** The busiest other processes (what else was running while the bench measured). */
function busiestProcesses(): string[] {
  const out = spawnSync('ps', ['-eo', 'pcpu=,args=', '--sort=-pcpu'], { encoding: 'utf8' });
  if (out.status !== 0) return [];
  return out.stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.includes('bench/run.ts') && !/ ps -eo/.test(l))
    .slice(0, 6)
    .map((l) => l.replace(/\s+/g, ' ').slice(0, 120));
}

async function main(): Promise<number> {
  const loadAtStart = loadavg().map((l) => round(l, 2));
  const othersAtStart = busiestProcesses();
  const fns = listFunctions(ROOT);
  const coldNames =
    knobs.BENCH_COLD_FUNCTIONS === 'all' ? fns.map((f) => f.name) : knobs.BENCH_COLD_FUNCTIONS.split(',').map((s) => s.trim());
  const unknown = coldNames.filter((n) => !fns.some((f) => f.name === n));
  if (unknown.length) {
    console.error(`BENCH_COLD_FUNCTIONS names no function: ${unknown.join(', ')} (the names are the route table's \`fn\`, e.g. authLogin)`);
    return 2;
  }
  const errors: string[] = [];
  const copy = serviceCopy(ROOT);
  const abort = new AbortController();
  let stack: Stack | undefined;
  let packaging: Promise<PackageResult> | undefined;
  cleanup = async () => {
    abort.abort();
    await packaging?.catch(() => undefined);
    await stack?.stop();
    copy.remove();
  };

  let build: BuildResult;
  let pkg: PackageResult | undefined;
  let warm: WarmResult | undefined;
  let scale: ScaleResult | undefined;
  let cdn: CdnResult | undefined;
  let outbox: OutboxResult | undefined;
  let trips: TripsResult | undefined;
  let cold: ColdResult | undefined;
  let offline: OfflineResult | undefined;
  let images: ImagesResult | undefined;
  try {
    // Untimed work first, overlapped: packaging runs while the stack starts, the bundles build and the tables fill.
    if (!skip.has('package')) {
      log('serverless package --stage dev (in a temporary copy of the service, in the background)');
      packaging = serverlessPackage(ROOT, copy.dir, abort.signal);
    }
    log(`starting DynamoDB Local, s3rver, SES emulator; building ${fns.length} functions × 2 variants with esbuild`);
    [stack, build] = await Promise.all([startStack(), buildAll(ROOT, join(ROOT, 'bench', '.build'), fns)]);
    log(`stack up (DynamoDB ${stack.dynamo.endpoint}); bundles built in ${round(build.ms / 1000, 1)} s`);
    installObserver();
    const floor = new Floor(stack.dynamo.endpoint, LOCAL_REGION, LOCAL_CREDENTIALS);
    const warmCtx = {
      root: ROOT,
      build,
      stack,
      floor,
      n: knobs.BENCH_N,
      warmup: knobs.BENCH_WARMUP,
      seedMode: knobs.BENCH_SEED as 'bulk' | 'lib',
      log,
    };
    const scaleCtx = {
      root: ROOT,
      build,
      stack,
      floor,
      sizes,
      n: knobs.BENCH_SCALE_N,
      budgetMs: knobs.BENCH_SCALE_BUDGET_S * 1000,
      seedMode: knobs.BENCH_SEED as 'bulk' | 'lib',
      log,
    };
    const needWarm = !skip.has('warm') || !skip.has('offline');
    log(`seeding: ${needWarm ? `${WARM_TABLE} (100 villages)` : ''}${!skip.has('scale') ? `, scale tables ${sizes.join(' / ')}` : ''}`);
    const [warmFx, scaleTables] = await Promise.all([
      needWarm ? prepareWarm(warmCtx) : undefined,
      !skip.has('scale') || !skip.has('cdn') ? prepareScale(scaleCtx) : undefined,
    ]);
    if (warmFx && !warmFx.fx.usesBulk && knobs.BENCH_SEED === 'bulk') {
      errors.push(`bulk seeding differed from lib/, seeded through lib/ instead: ${warmFx.fx.diffs.slice(0, 5).join('; ')}`);
    }
    if (packaging) {
      log('waiting for serverless package');
      pkg = await packaging;
      packaging = undefined;
      log(pkg.ok ? `packaged ${Object.keys(pkg.zips).length} functions in ${pkg.seconds} s` : `serverless package failed: ${pkg.error}`);
      if (!pkg.ok) errors.push(`serverless package failed: ${pkg.error}`);
    }

    // Timed work, one thing at a time.
    if (warmFx && !skip.has('warm')) warm = await warmPhase(warmCtx, warmFx);
    if (scaleTables && !skip.has('scale')) scale = await scalePhase(scaleCtx, scaleTables);
    // after the scale phase: its write (a village more) would change the tables' sizes
    if (scaleTables && !skip.has('cdn')) {
      cdn = await cdnPhase(scaleCtx, scaleTables);
      if (cdn.skipped) log(`cdn: skipped (${cdn.skipped})`);
    }
    if (!skip.has('outbox')) {
      log(`outbox: a round over ${knobs.BENCH_OUTBOX_VILLAGES} villages, its mails drained`);
      outbox = await outboxPhase({
        build,
        stack,
        villages: knobs.BENCH_OUTBOX_VILLAGES,
        paceSeconds: 10,
        seedMode: knobs.BENCH_SEED as 'bulk' | 'lib',
        log,
      });
    }
    if (warmFx && !skip.has('images')) {
      useTable(stack, WARM_TABLE);
      images = await imagesPhase({ root: ROOT, build, env: serviceEnv(stack, WARM_TABLE), fixtures: warmFx, runs: 5, log });
    }
    if (!skip.has('cold')) {
      log(`cold start: ${coldNames.length} functions + baseline, 2 variants, ${knobs.BENCH_COLD_RUNS} fresh processes each`);
      cold = await coldPhase({
        root: ROOT,
        build,
        functions: coldNames,
        zips: pkg?.zips ?? {},
        env: serviceEnv(stack, WARM_TABLE),
        runs: knobs.BENCH_COLD_RUNS,
        log,
      });
    }
    if (warmFx && !skip.has('offline')) {
      log('serverless offline start --stage local');
      offline = await offlinePhase({
        root: ROOT,
        serviceDir: copy.dir,
        env: serviceEnv(stack, WARM_TABLE),
        slug: warmFx.target.slug,
        seconds: knobs.BENCH_OFFLINE_SECONDS,
        connections: 10,
        log,
      });
      if (offline.error) errors.push(`serverless-offline: ${offline.error.split('\n')[0]}`);
    }
  } catch (err) {
    errors.push(`bench failed: ${(err as Error).stack ?? err}`);
    console.error(err);
  } finally {
    log('stopping the local stack');
    await cleanup();
    cleanup = undefined;
  }
  // After the stack: the round-trip test starts its own emulators (vitest global setup).
  if (!skip.has('trips')) {
    log('round trips per route: tests/perf/round-trips.test.ts');
    try {
      trips = tripsPhase(ROOT, log);
    } catch (err) {
      errors.push(`round trips: ${(err as Error).message}`);
    }
  }

  const scans =
    (warm?.routes ?? []).reduce((n, r) => n + r.scans, 0) +
    (scale?.routes ?? []).reduce((n, r) => n + r.points.reduce((m, p) => m + p.scans, 0), 0);
  const partial: Omit<Results, 'targets'> = {
    date: new Date().toISOString(),
    durationSeconds: round((performance.now() - t0) / 1000, 1),
    machine: {
      cpuModel: cpus()[0]?.model ?? 'unknown',
      cpus: cpus().length,
      totalMemoryGiB: round(totalmem() / 2 ** 30, 1),
      node: process.version,
      os: `${osType()} ${release()}`,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: loadavg().map((l) => round(l, 2)),
      busiestProcessesAtStart: othersAtStart,
    },
    knobs,
    build: { seconds: round((build! ? build.ms : 0) / 1000, 1), esbuild: (build! ? build.options : {}) as Record<string, unknown> },
    package: pkg,
    warm,
    scale,
    cdn,
    outbox,
    trips,
    cold,
    offline,
    images,
    memory: { maxRssMiB: round(process.resourceUsage().maxRSS / 1024, 1) },
    scans,
    errors,
  };
  const results: Results = { ...partial, targets: targetsOf(partial) };
  writeFileSync(join(ROOT, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const tables = renderTables(results);
  console.log(`\n${tables}`);
  const complete = !!warm && !!scale && !!cold && !skip.size && errors.length === 0;
  // A scale-only run at national size (BENCH_SCALE_SIZES=1000,50000 BENCH_SKIP=package,warm,cold,offline,trips)
  // is kept beside the full run's results, and BENCHMARKS.md shows it after the full run's tables.
  const LARGE = join(ROOT, 'bench', 'results-scale-50000.json');
  if (scale && sizes.at(-1)! >= 50_000 && errors.length === 0)
    writeFileSync(LARGE, `${JSON.stringify({ date: results.date, machine: results.machine, knobs: results.knobs, scale }, null, 2)}\n`);
  const large = existsSync(LARGE) ? (JSON.parse(readFileSync(LARGE, 'utf8')) as LargeScaleRun) : undefined;
  if (complete)
    writeFileSync(join(ROOT, 'BENCHMARKS.md'), await prettierMarkdown(join(ROOT, 'BENCHMARKS.md'), benchmarksMd(results, tables, large)));
  log(`results: bench/results.json${complete ? ', BENCHMARKS.md' : ' (BENCHMARKS.md left as is: partial run)'}`);
  if (scans > 0) {
    console.error(`FAIL: ${scans} Scan requests`);
    return 1;
  }
  return errors.length ? 1 : 0;
}

/** Formats the generated Markdown as the repo's Prettier config would (so `format:check` passes); as is without Prettier. */
async function prettierMarkdown(file: string, text: string): Promise<string> {
  try {
    const prettier = await import('prettier');
    return await prettier.format(text, { ...((await prettier.resolveConfig(file)) ?? {}), filepath: file });
  } catch {
    return text;
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
