/**
 * `npm start`: DynamoDB Local (data in .local/dynamodb), s3rver (.local/s3), the SES
 * emulator, the table if missing, then serverless-offline on http://127.0.0.1:3000, which
 * also serves the pages (web/, built by `vite build --watch` into web/dist and rebuilt on every
 * change: a reload shows it) at /evaluasi, /statistik, /akun as the CDN does on AWS (scripts/web.ts).
 * Ctrl-C (SIGINT) or SIGTERM stops everything this script started.
 *
 * Ports: DYNAMODB_PORT (8000), S3_PORT (4569), SES_PORT (8005), HTTP_PORT (3000), LAMBDA_PORT (3002);
 * CDN_PORT (unset: none) starts the CDN's stand-in (Varnish) in front of the API.
 * It runs the TypeScript sources (no build); a change under functions/ or lib/ restarts the API.
 * Once it is up, the outbox drain runs every few seconds (notification mails in the SES emulator's /store), and so
 * does the import worker (an uploaded file is checked, a started import applied, within seconds: docs/import.md).
 * A setting of the README's configuration table set here (`EXPORT_INLINE_MAX_BYTES=600 npm start`)
 * reaches the functions: serverless.yml declares every one (scripts/serverless-environment.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { isReadyLine, offlineLine, readyBanner } from './offline-output';
import { WEB_DIST, WEB_PAGES, watchWeb } from './web';
import {
  checkJava,
  ensureTable,
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  offlineCommand,
  PrerequisiteError,
  ROOT,
  startCdn,
  startDynamo,
  startS3,
  startSes,
  stop,
  type Service,
} from './local-stack';

const port = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < 1 || v > 65535) throw new PrerequisiteError(`${name} must be a port number, got "${process.env[name]}"`);
  return v;
};

/** Vite's lines `npm start` leaves out: its steps and the list of files of every build (the pages' weight: README). */
const VITE_DROPPED = [
  /^\s*$/,
  /^vite v\d/,
  /^(watching for file changes|build started|transforming|rendering chunks|computing gzip size)\.\.\.$/,
  /^✓ \d+ modules transformed\.$/,
  /^\S+\s+[\d.]+ kB\b/,
];

/** How often `npm start` runs the outbox drain (on AWS: every minute), so notification mails reach the SES emulator at once. */
const OUTBOX_DRAIN_MS = 5000;

/**
 * Invokes the outbox drain (functions/maintenance/outbox.ts, through serverless-offline's
 * Lambda endpoint) every `ms`, one run at a time: an empty outbox costs it eight small Queries.
 * An invocation that does not answer within `timeoutMs` (default 75 s: the function's own
 * timeout is 60 s, functions/maintenance/functions.yml) is given up, so a stalled one (a frozen
 * DynamoDB, a hung connection) cannot stop the ticks; its run, if still going, holds its mails'
 * claims, so a run started meanwhile does not send them twice (lib/db/outbox.ts). The timer.
 */
export function drainOutboxEvery(ms: number, lambdaEndpoint: string, stopped: () => boolean, timeoutMs = 75_000): NodeJS.Timeout {
  return invokeEvery('notificationsOutbox', ms, lambdaEndpoint, stopped, timeoutMs);
}

/** How often `npm start` runs the import worker (on AWS: every minute), so a check or an apply takes seconds. */
const IMPORT_WORK_MS = 3000;

/**
 * Invokes a scheduled function of the local stage (functions/maintenance/functions.yml: its name)
 * every `ms`, one run at a time, as drainOutboxEvery does. The import worker's runs claim each
 * import with a lease (docs/import.md), so one still going when given up is never doubled.
 */
export function invokeEvery(fn: string, ms: number, lambdaEndpoint: string, stopped: () => boolean, timeoutMs = 75_000): NodeJS.Timeout {
  const url = `${lambdaEndpoint}/2015-03-31/functions/tourism-village-local-${fn}/invocations`;
  let running = false;
  return setInterval(() => {
    if (running || stopped()) return;
    running = true;
    fetch(url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(timeoutMs) })
      .then((res) => res.arrayBuffer())
      .catch(() => undefined) // not up yet, stopping, or given up: the next tick tries again
      .finally(() => (running = false));
  }, ms).unref();
}

async function main() {
  const ports = {
    dynamodb: port('DYNAMODB_PORT', 8000),
    s3: port('S3_PORT', 4569),
    ses: port('SES_PORT', 8005),
    http: port('HTTP_PORT', 3000),
    lambda: port('LAMBDA_PORT', 3002),
  };
  const tableName = process.env.TABLE_NAME ?? 'tourism-village-local';
  const bucket = process.env.BUCKET_NAME ?? 'tourism-village-images-local';
  checkJava();

  const services: Service[] = [];
  let offline: ChildProcess | undefined;
  let web: ChildProcess | undefined;
  let stopping = false;
  let restarting = false;
  let draining = false;
  const killGroup = (child: ChildProcess) => {
    if (child.exitCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, 'SIGTERM'); // its whole process group
    } catch {
      /* already gone */
    }
  };
  // Started directly (not through npx) in its own process group, so stopping the
  // group stops the server and everything it started.
  const startOffline = (env: NodeJS.ProcessEnv) => {
    const offlineRun = offlineCommand(env);
    const child = spawn(offlineRun.command, offlineRun.args, {
      cwd: ROOT,
      env: offlineRun.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    offline = child;
    // one JSON line per request, and our own banner (scripts/offline-output.ts)
    for (const [from, to] of [
      [child.stdout!, process.stdout],
      [child.stderr!, process.stderr],
    ] as const)
      createInterface({ input: from }).on('line', (line) => {
        if (isReadyLine(line)) {
          console.log(readyBanner({ httpPort: ports.http, lambdaPort: ports.lambda, service: 'tourism-village', stage: 'local' }));
          if (!draining) {
            drainOutboxEvery(OUTBOX_DRAIN_MS, `http://127.0.0.1:${ports.lambda}`, () => stopping);
            invokeEvery('importWorker', IMPORT_WORK_MS, `http://127.0.0.1:${ports.lambda}`, () => stopping);
          }
          draining = true;
        }
        const shown = offlineLine(line);
        if (shown !== undefined) to.write(`${shown}\n`);
      });
    child.on('exit', (code) => {
      if (stopping) return;
      if (restarting) {
        restarting = false;
        startOffline(env);
        return;
      }
      console.error(`serverless-offline exited (code ${code})`);
      void shutdown(code ?? 1);
    });
  };
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the local stack...');
    if (offline) killGroup(offline);
    if (web) killGroup(web);
    await Promise.all(services.map(stop));
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  // `npm start` runs us under `sh -c`; when npm is killed, sh dies without passing the
  // signal on. Noticing that we were orphaned keeps the stack from outliving its owner.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown(0);
  }, 1000).unref();

  try {
    // the pages: built while the emulators start, then again on every change under web/ (a reload shows it)
    web = watchWeb(WEB_DIST);
    for (const [from, to] of [
      [web.stdout!, process.stdout],
      [web.stderr!, process.stderr],
    ] as const)
      createInterface({ input: from }).on('line', (line) => {
        if (!VITE_DROPPED.some((re) => re.test(line))) to.write(`web: ${line}\n`);
      });
    web.on('exit', (code) => {
      if (stopping) return;
      console.error(`vite build --watch exited (code ${code})`);
      void shutdown(code ?? 1);
    });
    services.push(await startDynamo({ port: ports.dynamodb, dbPath: join(ROOT, '.local', 'dynamodb') }));
    services.push(await startS3({ port: ports.s3, directory: join(ROOT, '.local', 's3'), bucket }));
    services.push(await startSes({ port: ports.ses }));
    const endpoint = (p: number) => `http://127.0.0.1:${p}`;
    if (await ensureTable(endpoint(ports.dynamodb), tableName)) console.log(`Created table ${tableName}`);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_REGION: LOCAL_REGION,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      DYNAMODB_ENDPOINT: endpoint(ports.dynamodb),
      S3_ENDPOINT: endpoint(ports.s3),
      SES_ENDPOINT: endpoint(ports.ses),
      HTTP_PORT: String(ports.http),
      LAMBDA_PORT: String(ports.lambda),
    };
    startOffline(env);
    // serverless-offline runs the sources in its own process (serverless.yml, the local
    // stage): a change under functions/ or lib/ restarts it, in a few seconds, with the new code.
    let pending: NodeJS.Timeout | undefined;
    for (const dir of ['functions', 'lib'])
      watch(join(ROOT, dir), { recursive: true }, () => {
        clearTimeout(pending);
        pending = setTimeout(() => {
          if (stopping || !offline) return;
          console.log('Code changed: restarting the API...');
          restarting = true;
          killGroup(offline);
        }, 300);
      });
    for (const s of services) {
      s.process.on('exit', (code) => {
        if (!stopping) {
          console.error(`${s.name} exited (code ${code})`);
          void shutdown(1);
        }
      });
    }
    // CDN_PORT: the CDN's local stand-in (Varnish, CloudFront's rules for this service) in front of the API
    const cdnPort = process.env.CDN_PORT ? port('CDN_PORT', 3080) : undefined;
    if (cdnPort) {
      const cdn = await startCdn({ port: cdnPort, backendPort: ports.http, workDir: join(ROOT, '.local', 'cdn') });
      services.push(cdn);
      console.log(`CDN stand-in ${endpoint(cdnPort)} (Varnish) in front of the API`);
    }
    console.log(
      `DynamoDB Local ${endpoint(ports.dynamodb)} | s3rver ${endpoint(ports.s3)} (bucket ${bucket}) | SES emulator ${endpoint(ports.ses)}/store`,
    );
    console.log(`Pages: ${WEB_PAGES.map((p) => `${endpoint(ports.http)}/${p}`).join(' | ')} (web/, rebuilt on every change)`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await shutdown(1);
  }
}

main().catch((err) => {
  console.error(err instanceof PrerequisiteError ? err.message : err);
  process.exit(1);
});
