/**
 * `serverless package --stage dev` (offline; per-function zips in .serverless/). It runs
 * in a temporary copy of the service (serverless.yml, functions/, lib/, scripts/, package files,
 * node_modules linked) so that it cannot clash with a test run's serverless-offline,
 * which builds into the repo's .esbuild/ at the same time.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PackageResult {
  ok: boolean;
  seconds: number;
  /** function name → zip bytes */
  zips: Record<string, number>;
  error?: string;
}

const COPY = ['serverless.yml', 'functions', 'lib', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** A copy of the service to run serverless in (also used for serverless-offline). */
export function serviceCopy(root: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'tv-bench-sls-'));
  for (const entry of COPY) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function run(
  cmd: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; signal?: AbortSignal },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const kill = (why: string) => {
      output += `\n[bench] ${why}`;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    };
    const timer = setTimeout(() => kill(`timed out after ${opts.timeoutMs / 1000}s`), opts.timeoutMs);
    const onAbort = () => kill('stopped');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('close', (code) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      resolve({ code, output });
    });
  });
}

export async function serverlessPackage(root: string, serviceDir: string, signal?: AbortSignal): Promise<PackageResult> {
  const started = performance.now();
  const bin = join(root, 'node_modules', '.bin', 'serverless');
  const env = {
    ...process.env,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    SLS_TELEMETRY_DISABLED: '1',
    SLS_NOTIFICATIONS_MODE: 'off',
  };
  const out = await run(bin, ['package', '--stage', 'dev'], { cwd: serviceDir, env, timeoutMs: 300_000, signal });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const zips: Record<string, number> = {};
  const dir = join(serviceDir, '.serverless');
  try {
    for (const f of readdirSync(dir)) if (f.endsWith('.zip')) zips[f.replace(/\.zip$/, '')] = statSync(join(dir, f)).size;
  } catch {
    /* no output */
  }
  if (out.code !== 0 || Object.keys(zips).length === 0) {
    return { ok: false, seconds, zips, error: out.output.split('\n').slice(-15).join('\n') };
  }
  return { ok: true, seconds, zips };
}
