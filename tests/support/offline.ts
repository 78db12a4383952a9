/**
 * Runs serverless-offline (the `npm start` server) against the run's local services and
 * this test file's table, for tests that go through real HTTP. esbuild bundles every
 * function before the server listens (about a minute on a loaded 2-CPU machine), hence
 * the generous deadline; when it does not come up, its process group is stopped so a
 * slow start never leaves a server behind.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, ROOT } from '../../scripts/local-stack';

export interface Offline {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Vitest hook timeout to give beforeAll hooks that call startOffline(). */
export const OFFLINE_START_TIMEOUT_MS = 240_000;

export async function startOffline(timeoutMs = OFFLINE_START_TIMEOUT_MS - 10_000): Promise<Offline> {
  const [httpPort, lambdaPort] = [await freePort(), await freePort()];
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'serverless'), ['offline', 'start', '--stage', 'local'], {
    cwd: ROOT,
    env: { ...process.env, HTTP_PORT: String(httpPort), LAMBDA_PORT: String(lambdaPort), LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      /* gone */
    }
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      signal('SIGTERM');
      setTimeout(() => signal('SIGKILL'), 5000).unref();
    });
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serverless offline exited early:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`serverless offline did not start within ${timeoutMs / 1000} s:\n${output}`);
    }
    try {
      await fetch(`${baseUrl}/__ready`);
      return { baseUrl, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
