/**
 * Cold start: the module-initialisation time of each bundle (require() in a fresh Node
 * process, timed inside it with process.hrtime; CPU time too, which load on the machine
 * disturbs less), median of several spawns, against the baseline bundle that only creates
 * the SDK clients. Spawns go round-robin over all bundles, so drift in the machine's load
 * hits every bundle alike. The child gets the function's environment, including the
 * NODE_OPTIONS that serverless.yml sets for the Lambda.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASELINE, TRACED, VARIANTS, type BuildResult, type Variant } from './build';
import { median, round } from './stats';

export interface InitStat {
  /** Median wall time of require(), ms. */
  ms: number;
  /** Median CPU time (user + system) of require(), ms. */
  cpuMs: number;
  /** ÷ the baseline of the same variant. */
  ratio: number;
  bytes: number;
  mapBytes: number;
}

export interface ColdFunction {
  name: string;
  zipBytes?: number;
  variants: Record<Variant, InitStat>;
  faster: Variant;
  met: boolean;
}

export interface ColdResult {
  runs: number;
  nodeOptions: string;
  baseline: Record<Variant, InitStat>;
  functions: ColdFunction[];
  target: number;
  /** Functions over the target, per variant. */
  over: Record<Variant, string[]>;
  /** Which variant initialises faster for most functions, and the median of (external ÷ bundled). */
  summary: { fasterMostly: Variant; medianExternalOverBundled: number };
  /** Bundled variant as deployed by default and as a stage with `traceAwsCalls` builds and runs it (the X-Ray SDK in, lib/platform/tracing.ts). */
  xray: {
    name: string;
    /** Init time, ms, and its ratio to the baseline. */
    offMs: number;
    onMs: number;
    offRatio: number;
    onRatio: number;
    offBytes: number;
    onBytes: number;
  }[];
  seconds: number;
}

/** NODE_OPTIONS from serverless.yml provider.environment (what the Lambda runs with). */
export function lambdaNodeOptions(root: string): string {
  const m = /^\s+NODE_OPTIONS:\s*['"]?([^'"\n]+?)['"]?\s*$/m.exec(readFileSync(join(root, 'serverless.yml'), 'utf8'));
  return m?.[1] ?? '';
}

const CHILD = `
const file = process.argv[1];
const c0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
require(file);
const t = process.hrtime.bigint() - t0;
const c = process.cpuUsage(c0);
process.stdout.write(JSON.stringify({ ms: Number(t) / 1e6, cpu: (c.user + c.system) / 1000 }));
`;

function spawnOnce(file: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD, file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolve(JSON.parse(out) as { ms: number; cpu: number });
      } catch (e) {
        reject(new Error(`init of ${file} failed (${(e as Error).message}): ${err.slice(-500)}`));
      }
    });
  });
}

export async function coldPhase(opts: {
  root: string;
  build: BuildResult;
  functions: string[];
  zips: Record<string, number>;
  env: Record<string, string>;
  runs: number;
  log: (msg: string) => void;
}): Promise<ColdResult> {
  const started = performance.now();
  const nodeOptions = lambdaNodeOptions(opts.root);
  const env = { ...process.env, ...opts.env, NODE_OPTIONS: nodeOptions };
  const names = [BASELINE, ...opts.functions];
  const samples = new Map<string, { ms: number[]; cpu: number[] }>();
  const key = (v: Variant, n: string) => `${v}:${n}`;
  for (const v of VARIANTS) for (const n of names) samples.set(key(v, n), { ms: [], cpu: [] });
  const probes = TRACED.filter((n) => opts.functions.includes(n) && opts.build.traced[n]);
  const traced = new Map<string, number[]>(probes.map((n) => [n, []]));
  const envTraced = { ...env, POWERTOOLS_TRACE_ENABLED: 'true' };
  for (let r = 0; r < opts.runs; r++) {
    opts.log(`cold: round ${r + 1}/${opts.runs} (${names.length * VARIANTS.length + probes.length} spawns)`);
    for (const n of names) {
      for (const v of VARIANTS) {
        const s = await spawnOnce(join(opts.root, opts.build.bundles[v][n]!.file), env);
        samples.get(key(v, n))!.ms.push(s.ms);
        samples.get(key(v, n))!.cpu.push(s.cpu);
      }
    }
    // What a stage with traceAwsCalls pays at load: the same functions built and run with the X-Ray SDK.
    for (const n of probes) traced.get(n)!.push((await spawnOnce(join(opts.root, opts.build.traced[n]!.file), envTraced)).ms);
  }
  const stat = (v: Variant, n: string, base?: InitStat): InitStat => {
    const s = samples.get(key(v, n))!;
    const info = opts.build.bundles[v][n]!;
    const ms = median(s.ms);
    return {
      ms: round(ms, 1),
      cpuMs: round(median(s.cpu), 1),
      ratio: base ? round(ms / base.ms) : 1,
      bytes: info.bytes,
      mapBytes: info.mapBytes,
    };
  };
  const baseline = { bundled: stat('bundled', BASELINE), external: stat('external', BASELINE) };
  const target = 1.3;
  const functions: ColdFunction[] = opts.functions.map((name) => {
    const variants = { bundled: stat('bundled', name, baseline.bundled), external: stat('external', name, baseline.external) };
    const faster: Variant = variants.external.ms < variants.bundled.ms ? 'external' : 'bundled';
    return { name, zipBytes: opts.zips[name], variants, faster, met: variants.bundled.ratio <= target };
  });
  const over = {
    bundled: functions.filter((f) => f.variants.bundled.ratio > target).map((f) => f.name),
    external: functions.filter((f) => f.variants.external.ratio > target).map((f) => f.name),
  };
  const externalWins = functions.filter((f) => f.faster === 'external').length;
  return {
    runs: opts.runs,
    nodeOptions,
    baseline,
    functions,
    target,
    over,
    summary: {
      fasterMostly: externalWins > functions.length / 2 ? 'external' : 'bundled',
      medianExternalOverBundled: round(median(functions.map((f) => f.variants.external.ms / f.variants.bundled.ms))),
    },
    xray: probes.map((n) => {
      const offMs = median(samples.get(key('bundled', n))!.ms);
      const onMs = median(traced.get(n)!);
      return {
        name: n,
        offMs: round(offMs, 1),
        onMs: round(onMs, 1),
        offRatio: round(offMs / baseline.bundled.ms),
        onRatio: round(onMs / baseline.bundled.ms),
        offBytes: opts.build.bundles.bundled[n]!.bytes,
        onBytes: opts.build.traced[n]!.bytes,
      };
    }),
    seconds: round((performance.now() - started) / 1000, 1),
  };
}
