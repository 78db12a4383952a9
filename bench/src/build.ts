/**
 * Builds every function's bundle with esbuild, with the options of serverless.yml
 * `custom.esbuild` as `serverless print --stage dev` resolves them (so the bench follows
 * the file), in two variants:
 * - bundled: the AWS SDK inside the bundle (as shipped);
 * - external: `@aws-sdk/*` and `@smithy/*` left as require() calls, resolved from
 *   node_modules (as the Lambda runtime's own SDK copy would be).
 * Also builds the cold-start baseline (only the SDK clients) both ways, a few functions
 * as a stage with `traceAwsCalls` builds them (X-Ray SDK in), and the bench's seeding
 * helper.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import type { FunctionDef } from './functions';

export type Variant = 'bundled' | 'external';
export const VARIANTS: Variant[] = ['bundled', 'external'];
export const BASELINE = '__baseline';
const SDK_EXTERNAL = ['@aws-sdk/*', '@smithy/*'];

/** serverless.yml's `custom.esbuild` as the framework resolves it for a stage (parameters included). */
export function slsEsbuildOptions(root: string, stage = 'dev'): Record<string, unknown> {
  const run = spawnSync(
    join(root, 'node_modules', '.bin', 'serverless'),
    ['print', '--stage', stage, '--path', 'custom.esbuild', '--format', 'json'],
    { cwd: root, encoding: 'utf8', timeout: 120_000 },
  );
  if (run.status !== 0) throw new Error(`serverless print failed: ${run.stderr || run.stdout}`);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

/** esbuild options equivalent to what serverless-esbuild does with `custom.esbuild`. */
export function esbuildOptionsFrom(sls: Record<string, unknown>): BuildOptions {
  const pick = <T>(k: string) => sls[k] as T | undefined;
  return {
    bundle: pick<boolean>('bundle') ?? true,
    minify: pick<boolean>('minify') ?? false,
    sourcemap: pick<BuildOptions['sourcemap']>('sourcemap'),
    sourcesContent: pick<boolean>('sourcesContent'),
    target: pick<string>('target') ?? 'node18',
    platform: (pick<string>('platform') ?? 'node') as BuildOptions['platform'],
    format: pick<BuildOptions['format']>('format'),
    define: pick<Record<string, string>>('define'),
    // serverless-esbuild passes `external` plus `exclude` (default ['aws-sdk']) to esbuild.
    external: [...(pick<string[]>('external') ?? []), ...(pick<string[]>('exclude') ?? ['aws-sdk'])],
  };
}

/**
 * The bench's own hook: lib/db/client.ts's import of the DynamoDB client resolves to
 * bench/src/observed-dynamodb.ts, which adds the observer to the client's middleware
 * stack. Everything else, the shim's own import of the SDK included, resolves as usual.
 */
function observedDynamoDb(root: string): Plugin {
  return {
    name: 'observed-dynamodb',
    setup(b) {
      b.onResolve({ filter: /^@aws-sdk\/client-dynamodb$/ }, (args) =>
        /lib[\\/]db[\\/]client\.ts$/.test(args.importer) ? { path: join(root, 'bench/src/observed-dynamodb.ts') } : undefined,
      );
    },
  };
}

export interface BundleInfo {
  file: string;
  bytes: number;
  mapBytes: number;
}

export interface BuildResult {
  options: BuildOptions;
  /** variant → function name (or BASELINE) → output. */
  bundles: Record<Variant, Record<string, BundleInfo>>;
  /** TRACED functions built as with `--param traceAwsCalls=true` (bundled SDK). */
  traced: Record<string, BundleInfo>;
  seeder: string;
  ms: number;
}

/** The functions the cold phase also times as a stage with `traceAwsCalls` would ship them. */
export const TRACED = ['villageBySlug', 'tourismCreate'];

const info = (root: string, file: string): BundleInfo => {
  let mapBytes = 0;
  try {
    mapBytes = statSync(`${file}.map`).size;
  } catch {
    /* no map */
  }
  return { file: relative(root, file), bytes: statSync(file).size, mapBytes };
};

export async function buildAll(root: string, outDir: string, fns: FunctionDef[]): Promise<BuildResult> {
  const started = performance.now();
  rmSync(outDir, { recursive: true, force: true });
  const options = esbuildOptionsFrom(slsEsbuildOptions(root));
  const entryPoints: Record<string, string> = { [BASELINE]: join(root, 'bench/src/baseline-entry.ts') };
  for (const f of fns) entryPoints[f.name] = join(root, f.source);
  const bundles = {} as BuildResult['bundles'];
  await Promise.all(
    VARIANTS.map(async (variant) => {
      const dir = join(outDir, variant);
      await build({
        ...options,
        entryPoints,
        outdir: dir,
        absWorkingDir: root,
        external: [...(options.external ?? []), ...(variant === 'external' ? SDK_EXTERNAL : [])],
        plugins: [observedDynamoDb(root)],
        logLevel: 'warning',
      });
      bundles[variant] = Object.fromEntries(Object.keys(entryPoints).map((name) => [name, info(root, join(dir, `${name}.js`))]));
    }),
  );
  const tracedEntries = Object.fromEntries(Object.entries(entryPoints).filter(([name]) => TRACED.includes(name)));
  const tracedDir = join(outDir, 'traced');
  await build({
    ...options,
    entryPoints: tracedEntries,
    outdir: tracedDir,
    absWorkingDir: root,
    define: { ...options.define, 'process.env.POWERTOOLS_TRACE_ENABLED': '"true"' },
    logLevel: 'warning',
  });
  const traced = Object.fromEntries(Object.keys(tracedEntries).map((name) => [name, info(root, join(tracedDir, `${name}.js`))]));
  // The seeding helper: lib/ code, loaded once per table (it reads TABLE_NAME at first use).
  const seeder = join(outDir, 'seed', 'seed-entry.js');
  await build({
    entryPoints: [join(root, 'bench/src/seed-entry.ts')],
    outfile: seeder,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: SDK_EXTERNAL,
    absWorkingDir: root,
    // observed too: the outbox phase counts what opening a round sends (outside observe() nothing is kept)
    plugins: [observedDynamoDb(root)],
    logLevel: 'warning',
  });
  return { options, bundles, traced, seeder, ms: performance.now() - started };
}
