/**
 * Imported first by a test file that uses the run's shared serverless-offline server
 * (tests/support/offline.ts): points this file's lib/ at the server's table and bucket
 * (shared by those files, created here if missing), so what the file writes in-process
 * (users, villages) is what the server reads. Must come before any import of lib/.
 */
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION } from '../../scripts/local-stack';
import { offlineBucket, offlineTable } from './offline';
import { oncePerRun } from './run-once';

const env = process.env;
// the server's database (the test run's DynamoDB Local keeps one per region: tests/support/setup-env.ts)
env.AWS_REGION = LOCAL_REGION;
env.TABLE_NAME = offlineTable();
env.BUCKET_NAME = offlineBucket();
const s3 = new S3Client({ region: env.AWS_REGION, endpoint: env.S3_ENDPOINT, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
await Promise.all([
  ensureTable(env.DYNAMODB_ENDPOINT!, env.TABLE_NAME).catch((err: Error) => {
    // another file created it at the same moment
    if (err.name !== 'ResourceInUseException') throw err;
  }),
  s3.send(new CreateBucketCommand({ Bucket: env.BUCKET_NAME })).catch((err: Error) => {
    if (!/BucketAlready(OwnedByYou|Exists)/.test(err.name)) throw err;
  }),
]);
s3.destroy();

/**
 * The seed's demo data in the shared table, written once per run: the files that read it
 * (the statistics page, docs/evaluations.md's example) would otherwise seed it at the same
 * moment and trip over each other's writes (the seed is re-runnable, not concurrent). Without
 * the monthly figures, which neither reads (~550 of the seed's ~700 transactions;
 * tests/docs/seed.test.ts checks them).
 */
export async function sharedDemoData(): Promise<void> {
  const { seedDemoData } = await import('../../scripts/seed-data');
  await oncePerRun('demo-seed', async () => (await seedDemoData({ reports: false }), 'seeded'), 300_000);
}
