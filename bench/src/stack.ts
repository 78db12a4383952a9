/** The bench's own local AWS stand-ins (scripts/local-stack.ts), on free loopback ports. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkJava,
  freePort,
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  startDynamo,
  startS3,
  startSes,
  stop,
  type Service,
} from '../../scripts/local-stack';

export const BUCKET = 'tourism-village-images-bench';

export interface Stack {
  dynamo: Service;
  s3: Service;
  ses: Service;
  dir: string;
  stop(): Promise<void>;
}

export async function startStack(): Promise<Stack> {
  checkJava();
  const dir = mkdtempSync(join(tmpdir(), 'tv-bench-'));
  const started: Service[] = [];
  const track = (p: Promise<Service>) => p.then((s) => (started.push(s), s));
  const stopAll = async () => {
    await Promise.all(started.map(stop));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [dynamo, s3, ses] = await Promise.all([
      track(freePort().then((port) => startDynamo({ port, quiet: true, tuned: false }))),
      track(freePort().then((port) => startS3({ port, directory: join(dir, 's3'), bucket: BUCKET, quiet: true }))),
      track(freePort().then((port) => startSes({ port, quiet: true }))),
    ]);
    return { dynamo, s3, ses, dir, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** The service's environment for `table` against this stack (what serverless.yml sets on stage local). */
export function serviceEnv(stack: Stack, table: string): Record<string, string> {
  return {
    STAGE: 'local',
    // measured as a deployed stage runs: items read are not re-validated (lib/db/entity.ts)
    VALIDATE_READS: 'false',
    AWS_REGION: LOCAL_REGION,
    TABLE_NAME: table,
    BUCKET_NAME: BUCKET,
    DYNAMODB_ENDPOINT: stack.dynamo.endpoint,
    S3_ENDPOINT: stack.s3.endpoint,
    SES_ENDPOINT: stack.ses.endpoint,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    LOG_LEVEL: 'silent',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // The service's 2.5 s timeout is for a stalled dependency; DynamoDB Local on two CPUs
    // shared with bulk seeding can take longer than that without being stalled.
    AWS_TIMEOUT_MS: '10000',
  };
}

export function useTable(stack: Stack, table: string): void {
  Object.assign(process.env, serviceEnv(stack, table));
}

export { LOCAL_CREDENTIALS, LOCAL_REGION };
