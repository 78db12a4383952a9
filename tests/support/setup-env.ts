/**
 * Runs in every test file before it is imported: points lib/ at the run's local
 * services and at a table of this file's own, created here.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS } from '../../scripts/local-stack';

const env = process.env;
env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
env.STAGE = 'test';
env.AWS_REGION = 'ap-southeast-3';
env.AWS_ACCESS_KEY_ID = LOCAL_CREDENTIALS.accessKeyId;
env.AWS_SECRET_ACCESS_KEY = LOCAL_CREDENTIALS.secretAccessKey;
env.DYNAMODB_ENDPOINT = inject('dynamodbEndpoint');
env.S3_ENDPOINT = inject('s3Endpoint');
env.SES_ENDPOINT = inject('sesEndpoint');
env.BUCKET_NAME = inject('bucket');
env.TABLE_NAME = `test-${randomBytes(6).toString('hex')}`;
env.LOG_LEVEL ??= 'silent';

await ensureTable(env.DYNAMODB_ENDPOINT, env.TABLE_NAME);
