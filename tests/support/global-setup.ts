/**
 * Starts one in-memory DynamoDB Local, one s3rver (temp dir) and one SES emulator on
 * free ports for the whole run, and stops them afterwards. Each test file then creates
 * its own table (tests/support/setup-env.ts), so files run in parallel.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
    stopOffline(runDir);
    rmSync(runDir, { recursive: true, force: true });
  };
}

/** Stops the run's shared serverless-offline server (tests/support/offline.ts), if a file started one: its whole process group. */
function stopOffline(runDir: string): void {
  const pidFile = join(runDir, 'offline', 'pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  for (const sig of ['SIGTERM', 'SIGKILL'] as const) {
    try {
      process.kill(-pid, sig);
    } catch {
      /* gone */
    }
  }
}
