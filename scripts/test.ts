/**
 * `npm test`: the unit tier first (no emulators, seconds; a failure stops the run), then
 * the integration tier against DynamoDB Local, s3rver and the SES emulator, which start
 * while the unit tier runs, as does the run's build of the pages (web/: tests/support/offline.ts
 * `builtWeb`, TEST_WEB_DIST). Prints how long each tier took and the peak memory of the
 * whole process tree (this script, vitest, its workers, the emulators, serverless-offline,
 * esbuild, Chromium), so CI's log states the figures the README promises.
 *
 * `npm test -- <vitest arguments>` (e.g. a file filter) runs one vitest with them instead.
 * Without Java the unit tier still runs and the integration tier is reported as not run,
 * in one line, and the command fails.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkJava, PrerequisiteError, ROOT, startTestStack } from './local-stack';
import { buildWeb } from './web';

const vitest = join(ROOT, 'node_modules', '.bin', 'vitest');

/** Resident memory of this process and all its descendants, in bytes (Linux /proc; 0 elsewhere). */
function treeRss(root: number): number {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return 0;
  }
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const e of entries) {
    try {
      // stat: "pid (comm) state ppid …" — comm may hold spaces, so split after its closing parenthesis
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(e)]);
      rss.set(Number(e), Number(fields[21]) * 4096);
    } catch {
      /* the process ended meanwhile */
    }
  }
  let total = 0;
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop()!;
    total += rss.get(pid) ?? 0;
    todo.push(...(children.get(pid) ?? []));
  }
  return total;
}

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, treeRss(process.pid))), 500);

function run(args: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    // glibc gives each libvips thread a malloc arena of its own; the test workers live for the whole
    // run (isolate: false), and two arenas keep their memory from growing with every image test
    const env = { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', ...extraEnv };
    const child = spawn(vitest, ['run', ...args], { cwd: ROOT, stdio: 'inherit', env });
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

const gb = (bytes: number) => `${(bytes / 2 ** 30).toFixed(2)} GB`;
const summary = (parts: string[]) => {
  clearInterval(sampler);
  const note = peak ? `peak memory of the process tree ${gb(peak)}` : 'peak memory not measured (no /proc)';
  console.log(`\nnpm test: ${parts.join(', ')}; ${note}`);
};

async function main(): Promise<number> {
  const started = Date.now();
  const extra = process.argv.slice(2);
  let java: string | undefined;
  try {
    checkJava();
  } catch (err) {
    if (!(err instanceof PrerequisiteError)) throw err;
    java = err.message;
  }
  if (extra.length) {
    if (java) extra.unshift('--project', 'unit');
    const r = await run(extra);
    summary([`${r.seconds.toFixed(0)} s`]);
    if (java) console.error(`Integration tests not run: ${java}`);
    return java ? 1 : r.code;
  }
  // the integration tier's emulators start while the unit tier runs (tests/support/global-setup.ts takes them)
  const starting = java ? undefined : startTestStack();
  starting?.catch(() => undefined); // (awaited below, after the unit tier)
  // the pages' build too; if it fails, the first test that needs it builds again and fails with Vite's output
  const webDir = mkdtempSync(join(tmpdir(), 'tv-web-'));
  const removeWeb = () => rmSync(webDir, { recursive: true, force: true });
  const web = java
    ? Promise.resolve(undefined)
    : buildWeb(join(webDir, 'dist')).then(
        () => join(webDir, 'dist'),
        (err: Error) => console.error(`The pages' build (web/) failed:\n${err.message}`),
      );
  const unit = await run(['--project', 'unit']);
  if (unit.code !== 0) {
    await web;
    removeWeb();
    await starting?.then(
      (s) => s.stop(),
      () => undefined,
    );
    summary([`unit tier FAILED after ${unit.seconds.toFixed(0)} s`, 'integration tier not run']);
    return unit.code;
  }
  if (!starting) {
    removeWeb();
    summary([`unit tier ${unit.seconds.toFixed(0)} s`]);
    console.error(`Integration tests not run: ${java}`);
    return 1;
  }
  const webDist = await web;
  const stack = await starting.catch((err: unknown) => {
    removeWeb();
    throw err;
  });
  const integration = await run(['--project', 'integration'], {
    TEST_STACK: JSON.stringify(stack.endpoints),
    ...(webDist ? { TEST_WEB_DIST: webDist } : {}),
  }).finally(() => Promise.all([stack.stop(), removeWeb()]));
  summary([
    `unit tier ${unit.seconds.toFixed(0)} s`,
    `integration tier ${integration.seconds.toFixed(0)} s${integration.code ? ' (FAILED)' : ''}`,
    `total ${((Date.now() - started) / 1000).toFixed(0)} s`,
  ]);
  return integration.code;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
