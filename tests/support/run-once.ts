/**
 * What a test run starts once for all its files (serverless-offline, the packaging, the
 * browser): the first file to ask starts it in the run's folder `<runDir>/<name>`, the
 * others wait for its `ready` (or `failed`) file. A server started with `detachedServer`
 * outlives the file (the worker) that started it; the run's global teardown stops its
 * process group (tests/support/global-setup.ts `stopServers`).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/** The run's folder for `name`. */
export const runFolder = (name: string) => join(inject('runDir'), name);

/**
 * `start(dir)`'s answer (what the others need: an address…), computed by the first file to
 * ask and read by the rest. A failure is every file's failure, with its text.
 */
export async function oncePerRun(name: string, start: (dir: string) => Promise<string>, timeoutMs: number): Promise<string> {
  const dir = runFolder(name);
  const [ready, failed] = [join(dir, 'ready'), join(dir, 'failed')];
  let mine = true;
  try {
    mkdirSync(dir); // atomic: the first file to get here starts it
  } catch {
    mine = false;
  }
  if (mine)
    await start(dir).then(
      (answer) => writeFileSync(ready, answer),
      (err: Error) => writeFileSync(failed, err.message),
    );
  for (const deadline = Date.now() + timeoutMs; ;) {
    if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
    if (existsSync(ready)) return readFileSync(ready, 'utf8');
    if (Date.now() > deadline) throw new Error(`${name} was not ready within ${timeoutMs / 1000} s (started by another test file)`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** How a detached server is started and when it is ready. */
interface ServerSpec {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Its output file in `dir`. */
  log: string;
  /** Its name in failures. */
  what: string;
  timeoutMs: number;
  /** What the others need once it serves (an address), or undefined while it does not yet. */
  ready: () => Promise<string | undefined>;
}

/**
 * Starts a server process of the run in `dir` (its output in `<dir>/<log>`, its process group
 * in `<dir>/group`) and answers `ready()`'s value once there is one; it fails, with the
 * server's output, if the server exits first or `timeoutMs` passes.
 */
export async function detachedServer(dir: string, command: string, args: string[], spec: ServerSpec): Promise<string> {
  const logFile = join(dir, spec.log);
  // its output goes to a file, not a pipe: the server outlives the test file that started it
  const out = openSync(logFile, 'a');
  const child = spawn(command, args, { env: spec.env, cwd: spec.cwd, stdio: ['ignore', out, out], detached: true });
  closeSync(out);
  child.unref();
  writeFileSync(join(dir, 'group'), String(child.pid));
  const output = () => readFileSync(logFile, 'utf8');
  for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 200))) {
    const answer = await spec.ready();
    if (answer !== undefined) return answer;
    if (child.exitCode !== null) throw new Error(`${spec.what} exited early:\n${output()}`);
    if (Date.now() - started > spec.timeoutMs)
      throw new Error(`${spec.what} did not start within ${spec.timeoutMs / 1000} s:\n${output()}`);
  }
}
