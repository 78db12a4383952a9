/**
 * Starts one in-memory DynamoDB Local, one s3rver (temp dir) and one SES emulator on
 * free ports for the whole run, and stops them afterwards. Each test file then creates
 * its own table (tests/support/setup-env.ts), so files run in parallel.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { TestProject } from 'vitest/node';
import { join } from 'node:path';
import { checkJava, freePort, startDynamo, startS3, startSes, stop, type Service } from '../../scripts/local-stack';

export const TEST_BUCKET = 'tourism-village-images-test';

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
  const s3Dir = mkdtempSync(join(tmpdir(), 'tv-s3-'));
  const runDir = mkdtempSync(join(tmpdir(), 'tv-run-'));
  project.provide('runDir', runDir);
  const services: Service[] = [];
  try {
    const [dynamo, s3, ses] = await Promise.all([
      freePort().then((port) => startDynamo({ port, quiet: true })),
      freePort().then((port) => startS3({ port, directory: s3Dir, bucket: TEST_BUCKET, quiet: true })),
      freePort().then((port) => startSes({ port, quiet: true })),
    ]);
    services.push(dynamo, s3, ses);
    project.provide('dynamodbEndpoint', dynamo.endpoint);
    project.provide('s3Endpoint', s3.endpoint);
    project.provide('sesEndpoint', ses.endpoint);
    project.provide('bucket', TEST_BUCKET);
  } catch (err) {
    await Promise.all(services.map(stop));
    throw err;
  }
  return async () => {
    await Promise.all(services.map(stop));
    rmSync(s3Dir, { recursive: true, force: true });
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
