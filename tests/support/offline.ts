/**
 * serverless-offline (the `npm start` server), started once per test run and shared by
 * every file that goes through real HTTP: the first file to ask starts it, the others wait
 * for it; the run's global teardown stops it (tests/support/global-setup.ts). It runs the
 * TypeScript sources, as `npm start` does (serverless.yml, the local stage), and serves the
 * pages (web/) from the run's own build (`builtWeb`), so a running `npm start` or another
 * `npm test` shares nothing with it but the code.
 *
 * Its table and bucket are the run's shared ones: a file that uses the server imports
 * tests/support/offline-table.ts first, which points the file's own lib/ at them too.
 */
import { basename, join } from 'node:path';
import { inject } from 'vitest';
import { freePort, offlineCommand, ROOT } from '../../scripts/local-stack';
import { buildWeb } from '../../scripts/web';
import { detachedServer, oncePerRun } from './run-once';

export interface Offline {
  baseUrl: string;
}

/** Vitest hook timeout to give beforeAll hooks that call sharedOffline(). */
export const OFFLINE_START_TIMEOUT_MS = 120_000; // no build: it runs the sources (serverless.yml, the local stage)

const run = () =>
  basename(inject('runDir'))
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-');
/** The table and bucket of the run's server (tests/support/offline-table.ts points a file's lib/ at them). */
export const offlineTable = () => `offline-${run()}`;
export const offlineBucket = () => `offline-${run()}`;

export async function sharedOffline(timeoutMs = OFFLINE_START_TIMEOUT_MS - 10_000): Promise<Offline> {
  return { baseUrl: await oncePerRun('offline', (dir) => start(dir, timeoutMs), timeoutMs + 5_000) };
}

/** How long a file waits for the run's build of the pages (a few seconds alone, longer beside the run's other work). */
export const WEB_BUILD_TIMEOUT_MS = 120_000;

/**
 * The run's build of the pages (web/), built once per run, its folder: `npm test` builds it while
 * the unit tier runs (scripts/test.ts, TEST_WEB_DIST); otherwise the first file to ask builds it.
 */
export async function builtWeb(): Promise<string> {
  if (process.env.TEST_WEB_DIST) return process.env.TEST_WEB_DIST;
  return oncePerRun(
    'web',
    async (dir) => {
      await buildWeb(join(dir, 'dist'));
      return join(dir, 'dist');
    },
    WEB_BUILD_TIMEOUT_MS,
  );
}

async function start(dir: string, timeoutMs: number): Promise<string> {
  const [httpPort, lambdaPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    // the pages it serves (scripts/web-handler.ts): the run's build
    WEB_DIST: await builtWeb(),
    TABLE_NAME: offlineTable(),
    BUCKET_NAME: offlineBucket(),
    HTTP_PORT: String(httpPort),
    LAMBDA_PORT: String(lambdaPort),
    LOG_LEVEL: 'error',
  };
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  // the command `npm start` runs (scripts/start.ts), with the run's own ports, table and bucket
  const offline = offlineCommand(env);
  return detachedServer(dir, offline.command, offline.args, {
    env: offline.env,
    cwd: ROOT,
    log: 'offline.log',
    what: 'serverless offline',
    timeoutMs,
    ready: () =>
      fetch(`${baseUrl}/__ready`).then(
        () => baseUrl,
        () => undefined,
      ),
  });
}

/**
 * A request to the shared server, its answer's body parsed as JSON. An answer that is
 * not JSON (a gateway timeout's empty body, an HTML error page) fails with what came
 * back: method, path, status, the body's start and how long it took.
 */
export async function fetchJson(
  baseUrl: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, any> }> {
  const started = Date.now();
  const res = await fetch(`${baseUrl}${path}`, init);
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as Record<string, any> };
  } catch {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    throw new Error(
      `${init.method ?? 'GET'} ${path} answered ${res.status} after ${seconds} s with a body that is not JSON: ${JSON.stringify(text.slice(0, 300))}`,
    );
  }
}
