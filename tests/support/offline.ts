/**
 * Runs serverless-offline (the `npm start` server) against the run's local services and
 * this test file's table, for tests that go through real HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort, ROOT } from '../../scripts/local-stack';

export interface Offline {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startOffline(): Promise<Offline> {
  const [httpPort, lambdaPort] = [await freePort(), await freePort()];
  const child: ChildProcess = spawn(join(ROOT, 'node_modules', '.bin', 'serverless'), ['offline', 'start', '--stage', 'local'], {
    cwd: ROOT,
    env: { ...process.env, HTTP_PORT: String(httpPort), LAMBDA_PORT: String(lambdaPort), LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serverless offline exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`serverless offline did not start:\n${output}`);
    try {
      await fetch(`${baseUrl}/__ready`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGTERM');
        setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            /* gone */
          }
        }, 5000).unref();
      }),
  };
}
