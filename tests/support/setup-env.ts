/**
 * Runs in every test file before it is imported: points lib/ at the run's local
 * services and at a table and an image bucket of this file's own, created here, so that
 * files running in parallel never see (or sweep) each other's items and objects.
 */
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { freshFile } from './fresh-file';
import { ensureTable, LOCAL_CREDENTIALS } from '../../scripts/local-stack';

const env = process.env;
freshFile();
env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
env.STAGE = 'test';
// The run's DynamoDB Local keeps a database per region (scripts/local-stack.ts startTestStack): a region
// of this file's own gives it a database of its own, served beside the other files' instead of after them
// (only DynamoDB Local tells regions apart here). Files of the shared serverless-offline use its region
// (tests/support/offline-table.ts).
const own = randomBytes(6).toString('hex');
env.AWS_REGION = `test-${own}`;
env.AWS_ACCESS_KEY_ID = LOCAL_CREDENTIALS.accessKeyId;
env.AWS_SECRET_ACCESS_KEY = LOCAL_CREDENTIALS.secretAccessKey;
env.DYNAMODB_ENDPOINT = inject('dynamodbEndpoint');
env.S3_ENDPOINT = inject('s3Endpoint');
env.SES_ENDPOINT = inject('sesEndpoint');
env.BUCKET_NAME = `test-${randomBytes(6).toString('hex')}`;
delete env.S3_PUBLIC_BASE_URL; // derived from S3_ENDPOINT + BUCKET_NAME
env.TABLE_NAME = `test-${own}`;
env.LOG_LEVEL ??= 'silent';
// CloudWatch EMF metrics and X-Ray traces stay off in tests (a test turns metrics on where it checks them).
env.POWERTOOLS_METRICS_DISABLED ??= 'true';
env.POWERTOOLS_TRACE_ENABLED ??= 'false';
// The emulators share two CPUs with the test workers: give AWS calls more time than on AWS
// (the stall test sets its own short timeout).
env.AWS_TIMEOUT_MS ??= '10000';

const s3 = new S3Client({ region: env.AWS_REGION, endpoint: env.S3_ENDPOINT, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
await Promise.all([
  ensureTable(env.DYNAMODB_ENDPOINT, env.TABLE_NAME, env.AWS_REGION),
  s3.send(new CreateBucketCommand({ Bucket: env.BUCKET_NAME })),
]);
s3.destroy();
