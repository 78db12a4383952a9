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
 * 9. monitoring: the year's roll-up at 1,000 / 50,000 villages, belum-lapor of one kabupaten, the monthly PUT vs its floor;
 * 9b. import: villages (1,000 / 7,500) and monthly rows (3,000 / 12,000) checked and applied by the worker, then a recount;
 * 10. peak memory; writes bench/results.json and BENCHMARKS.md, prints the tables.
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
import { monitoringPhase, prepareMonitoring, type MonitoringResult } from './src/monitoring';
import { importPhase, type ImportResult } from './src/import';
import { offlinePhase, type OfflineResult } from './src/offline';
import { serverlessPackage, serviceCopy, type PackageResult } from './src/package';
import {
  benchmarksMd,
  type LargeScaleRun,
  monitoringMd,
  type MonitoringRun,
  importMd,
  type ImportRun,
  withImportSection,
  renderTables,
  targetsOf,
  type Results,
  withMonitoringSection,
} from './src/report';
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
  BENCH_MONITORING_SIZES: process.env.BENCH_MONITORING_SIZES ?? '1000,50000',
  BENCH_MONITORING_N: int('BENCH_MONITORING_N', 10),
  BENCH_MONITORING_PUT_N: int('BENCH_MONITORING_PUT_N', int('BENCH_N', 300)),
  BENCH_MONITORING_REPORTERS: int('BENCH_MONITORING_REPORTERS', 2),
  BENCH_IMPORT_VILLAGES: process.env.BENCH_IMPORT_VILLAGES ?? '1000,7500',
  BENCH_IMPORT_REPORTS: process.env.BENCH_IMPORT_REPORTS ?? '3000,12000',
  BENCH_IMPORT_CHECK_RUNS: int('BENCH_IMPORT_CHECK_RUNS', 3),
};
const skip = new Set(
  knobs.BENCH_SKIP.split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const sizes = knobs.BENCH_SCALE_SIZES.split(',').map((s) => Number(s.trim()));
if (sizes.some((s) => !Number.isInteger(s) || s < 10)) throw new Error('BENCH_SCALE_SIZES: integers ≥ 10, comma-separated');
const monitoringSizes = knobs.BENCH_MONITORING_SIZES.split(',').map((s) => Number(s.trim()));
if (monitoringSizes.some((s) => !Number.isInteger(s) || s < 100))
  throw new Error('BENCH_MONITORING_SIZES: integers ≥ 100, comma-separated');

const sizeList = (name: string, value: string) => {
  const list = value.split(',').map((s) => Number(s.trim()));
  if (list.some((s) => !Number.isInteger(s) || s < 10)) throw new Error(`${name}: integers ≥ 10, comma-separated`);
  return list;
};
const importVillageSizes = sizeList('BENCH_IMPORT_VILLAGES', knobs.BENCH_IMPORT_VILLAGES);
const importReportSizes = sizeList('BENCH_IMPORT_REPORTS', knobs.BENCH_IMPORT_REPORTS);

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
  let monitoring: MonitoringResult | undefined;
  let imported: ImportResult | undefined;
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
    const monitoringCtx = {
      root: ROOT,
      build,
      stack,
      floor,
      sizes: monitoringSizes,
      n: knobs.BENCH_MONITORING_N,
      putN: knobs.BENCH_MONITORING_PUT_N,
      warmup: knobs.BENCH_WARMUP,
      reportersPerRegion: knobs.BENCH_MONITORING_REPORTERS,
      seedMode: knobs.BENCH_SEED as 'bulk' | 'lib',
      log,
    };
    const needWarm = !skip.has('warm') || !skip.has('offline');
    log(
      `seeding: ${needWarm ? `${WARM_TABLE} (100 villages)` : ''}${!skip.has('scale') ? `, scale tables ${sizes.join(' / ')}` : ''}${!skip.has('monitoring') ? `, monitoring tables ${monitoringSizes.join(' / ')}` : ''}`,
    );
    const [warmFx, scaleTables, monitoringTables] = await Promise.all([
      needWarm ? prepareWarm(warmCtx) : undefined,
      !skip.has('scale') || !skip.has('cdn') ? prepareScale(scaleCtx) : undefined,
      !skip.has('monitoring') ? prepareMonitoring(monitoringCtx) : undefined,
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
    if (monitoringTables) {
      monitoring = await monitoringPhase(monitoringCtx, monitoringTables);
      if (monitoring.mirrorDiffs.length)
        errors.push(`monitoring: the bulk reports differ from lib/'s: ${monitoring.mirrorDiffs.slice(0, 5).join('; ')}`);
    }
    if (!skip.has('import')) {
      log(`import: villages ${importVillageSizes.join(' / ')}, monthly rows ${importReportSizes.join(' / ')}`);
      try {
        imported = await importPhase({
          root: ROOT,
          stack,
          villageSizes: importVillageSizes,
          reportSizes: importReportSizes,
          checkRuns: knobs.BENCH_IMPORT_CHECK_RUNS,
          log,
        });
        if (!imported.countersMatchRecount || !imported.reportCountersMatchRecount)
          errors.push(`import: counters differ from a recount: ${imported.recountFailures.join('; ')}`);
      } catch (err) {
        errors.push(`import: ${(err as Error).stack ?? err}`);
      }
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
    (scale?.routes ?? []).reduce((n, r) => n + r.points.reduce((m, p) => m + p.scans, 0), 0) +
    [...(monitoring?.summary.points ?? []), ...(monitoring?.missing.points ?? [])].reduce((n, p) => n + p.scans, 0) +
    (monitoring?.put.byCommand.Scan ?? 0);
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
    monitoring,
    import: imported,
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
  // A monitoring run at national size is kept too (bench/results-monitoring.json); a partial run
  // that measured it replaces only BENCHMARKS.md's Monitoring section.
  const MONITORING = join(ROOT, 'bench', 'results-monitoring.json');
  let monitoringUpdated = false;
  if (monitoring && monitoringSizes.at(-1)! >= 50_000 && errors.length === 0) {
    writeFileSync(
      MONITORING,
      `${JSON.stringify({ date: results.date, machine: results.machine, knobs: results.knobs, monitoring }, null, 2)}\n`,
    );
    if (!complete && existsSync(join(ROOT, 'BENCHMARKS.md'))) {
      const md = join(ROOT, 'BENCHMARKS.md');
      const run = JSON.parse(readFileSync(MONITORING, 'utf8')) as MonitoringRun;
      writeFileSync(md, await prettierMarkdown(md, withMonitoringSection(readFileSync(md, 'utf8'), monitoringMd(run))));
      monitoringUpdated = true;
    }
  }
  const monitoringRun = !monitoring && existsSync(MONITORING) ? (JSON.parse(readFileSync(MONITORING, 'utf8')) as MonitoringRun) : undefined;
  // An import run at the target size is kept too (bench/results-import.json); a partial run replaces only its section.
  const IMPORT = join(ROOT, 'bench', 'results-import.json');
  let importUpdated = false;
  if (imported && importVillageSizes.at(-1)! >= 7_500 && !errors.some((e) => e.startsWith('import'))) {
    const run: ImportRun = { date: results.date, machine: results.machine, knobs: results.knobs, import: imported };
    // formatted as the repo's Prettier config would (format:check covers it)
    writeFileSync(IMPORT, await prettierMarkdown(IMPORT, `${JSON.stringify(run, null, 2)}\n`));
    if (!complete && existsSync(join(ROOT, 'BENCHMARKS.md'))) {
      const md = join(ROOT, 'BENCHMARKS.md');
      writeFileSync(md, await prettierMarkdown(md, withImportSection(readFileSync(md, 'utf8'), importMd(run))));
      importUpdated = true;
    }
  }
  const importRun = !imported && existsSync(IMPORT) ? (JSON.parse(readFileSync(IMPORT, 'utf8')) as ImportRun) : undefined;
  if (complete)
    writeFileSync(
      join(ROOT, 'BENCHMARKS.md'),
      await prettierMarkdown(join(ROOT, 'BENCHMARKS.md'), benchmarksMd(results, tables, large, monitoringRun, importRun)),
    );
  const sections = [monitoringUpdated && 'Monitoring', importUpdated && 'Import'].filter(Boolean).join(' and ');
  log(
    `results: bench/results.json${complete ? ', BENCHMARKS.md' : sections ? `, BENCHMARKS.md's ${sections} section` : ' (BENCHMARKS.md left as is: partial run)'}`,
  );
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
