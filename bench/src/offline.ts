/**
 * Through serverless-offline (informative): GET village by slug at concurrency 10 for a
 * bounded time, with autocannon, on loopback. serverless-offline runs from the same
 * service copy as `serverless package` (its build goes to that copy's .esbuild/).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../../scripts/local-stack';
import { round } from './stats';

export interface OfflineResult {
  ok: boolean;
  url?: string;
  connections: number;
  seconds: number;
  requestsPerSecond?: number;
  latency?: { p50: number; p99: number; average: number; max: number };
  total?: number;
  non2xx?: number;
  errors?: number;
  timeouts?: number;
  startupSeconds?: number;
  error?: string;
}

export async function offlinePhase(opts: {
  root: string;
  serviceDir: string;
  env: Record<string, string>;
  slug: string;
  seconds: number;
  connections: number;
  log: (msg: string) => void;
}): Promise<OfflineResult> {
  const [httpPort, lambdaPort] = [await freePort(), await freePort()];
  const started = performance.now();
  const child: ChildProcess = spawn(join(opts.root, 'node_modules', '.bin', 'serverless'), ['offline', 'start', '--stage', 'local'], {
    cwd: opts.serviceDir,
    env: { ...process.env, ...opts.env, HTTP_PORT: String(httpPort), LAMBDA_PORT: String(lambdaPort), SLS_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const base = `http://127.0.0.1:${httpPort}`;
  const url = `${base}/api/desa-wisata/slug/${encodeURIComponent(opts.slug)}`;
  const result: OfflineResult = { ok: false, url, connections: opts.connections, seconds: opts.seconds };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`serverless offline exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`serverless offline did not start within 120 s:\n${output}`);
      try {
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status === 200) break;
        if (res.status !== 404 && res.status < 500) throw new Error(`GET by slug answered ${res.status}`);
      } catch (err) {
        if ((err as Error).message.startsWith('GET by slug')) throw err;
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    result.startupSeconds = round((performance.now() - started) / 1000, 1);
    opts.log(`offline: up in ${result.startupSeconds} s; warm-up, then ${opts.seconds} s at ${opts.connections} connections`);
    // Warm-up until every concurrent Lambda instance serverless-offline starts has loaded its bundle.
    await autocannon({ url, connections: opts.connections, amount: opts.connections * 10, timeout: 30 });
    const r = await autocannon({ url, connections: opts.connections, duration: opts.seconds, timeout: 10 });
    Object.assign(result, {
      ok: r.non2xx === 0 && r.errors === 0,
      requestsPerSecond: round(r.requests.average, 1),
      latency: { p50: r.latency.p50, p99: r.latency.p99, average: round(r.latency.average), max: r.latency.max },
      total: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
    });
  } catch (err) {
    result.error = (err as Error).message.slice(0, 2000);
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return resolve();
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 5000).unref();
    });
  }
  return result;
}
