/**
 * Provides the run's emulators (in-memory DynamoDB Local, s3rver, the SES emulator, each on a
 * free port) and stops them afterwards. `npm test` starts them itself while the unit tier runs
 * and passes them in TEST_STACK (scripts/test.ts); any other vitest run starts its own here.
 * Each test file then creates its own table (tests/support/setup-env.ts), so files run in parallel.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { TestProject } from 'vitest/node';
import { join } from 'node:path';
import { checkJava, startTestStack, type TestStack } from '../../scripts/local-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
    s3Endpoint: string;
    sesEndpoint: string;
    bucket: string;
    /** A folder of this run's own, for what test files build once and share (tests/support/package.ts). */
    runDir: string;
  }
}

export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  checkJava();
  const runDir = mkdtempSync(join(tmpdir(), 'tv-run-'));
  project.provide('runDir', runDir);
  const given = process.env.TEST_STACK;
  const own: TestStack | undefined = given ? undefined : await startTestStack();
  const endpoints = own?.endpoints ?? (JSON.parse(given!) as TestStack['endpoints']);
  project.provide('dynamodbEndpoint', endpoints.dynamodb);
  project.provide('s3Endpoint', endpoints.s3);
  project.provide('sesEndpoint', endpoints.ses);
  project.provide('bucket', endpoints.bucket);
  return async () => {
    await own?.stop();
    await stopServers(runDir);
    rmSync(runDir, { recursive: true, force: true });
  };
}

/**
 * Stops the run's servers (tests/support/run-once.ts `detachedServer`: serverless-offline,
 * the browser), each a process group: asked to end (SIGTERM; the browser closes Chromium),
 * then killed if still there after 5 s.
 */
async function stopServers(runDir: string): Promise<void> {
  const groups = readdirSync(runDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(runDir, d.name))
        .filter((f) => f.endsWith('group'))
        .map((f) => join(runDir, d.name, f)),
    )
    .map((f) => Number(readFileSync(f, 'utf8')));
  const signal = (pid: number, sig: NodeJS.Signals | 0) => {
    try {
      process.kill(-pid, sig);
      return true;
    } catch {
      return false; // gone
    }
  };
  for (const pid of groups) signal(pid, 'SIGTERM');
  for (const deadline = Date.now() + 5_000; groups.some((pid) => signal(pid, 0)) && Date.now() < deadline;)
    await new Promise((r) => setTimeout(r, 100));
  for (const pid of groups) signal(pid, 'SIGKILL');
}
