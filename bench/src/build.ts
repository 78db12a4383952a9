/**
 * Builds every function's bundle with esbuild, with the options of serverless.yml
 * `custom.esbuild` (read from the file, so the bench follows it), in two variants:
 * - bundled: the AWS SDK inside the bundle (as shipped);
 * - external: `@aws-sdk/*` and `@smithy/*` left as require() calls, resolved from
 *   node_modules (as the Lambda runtime's own SDK copy would be).
 * Also builds the cold-start baseline (only the SDK clients) both ways, and the bench's
 * seeding helper.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import type { FunctionDef } from './functions';

export type Variant = 'bundled' | 'external';
export const VARIANTS: Variant[] = ['bundled', 'external'];
export const BASELINE = '__baseline';
const SDK_EXTERNAL = ['@aws-sdk/*', '@smithy/*'];

/** The flat `custom.esbuild` block of serverless.yml (scalars and inline arrays). */
export function slsEsbuildOptions(root: string): Record<string, unknown> {
  const lines = readFileSync(join(root, 'serverless.yml'), 'utf8').split('\n');
  const customAt = lines.findIndex((l) => /^custom:\s*$/.test(l));
  if (customAt < 0) throw new Error('serverless.yml has no custom: section');
  let i = lines.findIndex((l, n) => n > customAt && /^ {2}esbuild:\s*$/.test(l));
  if (i < 0) throw new Error('serverless.yml has no custom.esbuild section');
  const out: Record<string, unknown> = {};
  for (i++; i < lines.length && (/^ {4}\S/.test(lines[i]!) || lines[i]!.trim() === ''); i++) {
    const m = /^ {4}([A-Za-z]+):\s*(.*?)\s*$/.exec(lines[i]!);
    if (!m) continue;
    const raw = m[2]!.replace(/\s+#.*$/, '');
    let value: unknown = raw.replace(/^['"]|['"]$/g, '');
    if (raw === 'true' || raw === 'false') value = raw === 'true';
    else if (/^\[.*\]$/.test(raw))
      value = raw
        .slice(1, -1)
        .split(',')
        .map((s) => s.trim().replace(/^['"]|['"]$/g, ''))
        .filter(Boolean);
    out[m[1]!] = value;
  }
  return out;
}

/** esbuild options equivalent to what serverless-esbuild does with `custom.esbuild`. */
export function esbuildOptionsFrom(sls: Record<string, unknown>): BuildOptions {
  const pick = <T>(k: string) => sls[k] as T | undefined;
  return {
    bundle: pick<boolean>('bundle') ?? true,
    minify: pick<boolean>('minify') ?? false,
    sourcemap: pick<BuildOptions['sourcemap']>('sourcemap'),
    target: pick<string>('target') ?? 'node18',
    platform: (pick<string>('platform') ?? 'node') as BuildOptions['platform'],
    format: pick<BuildOptions['format']>('format'),
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
  seeder: string;
  ms: number;
}

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
      bundles[variant] = Object.fromEntries(
        Object.keys(entryPoints).map((name) => {
          const file = join(dir, `${name}.js`);
          let mapBytes = 0;
          try {
            mapBytes = statSync(`${file}.map`).size;
          } catch {
            /* no map */
          }
          return [name, { file: relative(root, file), bytes: statSync(file).size, mapBytes }];
        }),
      );
    }),
  );
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
    logLevel: 'warning',
  });
  return { options, bundles, seeder, ms: performance.now() - started };
}
