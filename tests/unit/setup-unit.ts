/**
 * The unit tier's environment: configuration only, no emulators. lib/ reads its config
 * lazily; these values let pure code that consults it (e.g. the public image base URL) run.
 */
import { freshFile } from '../support/fresh-file';

freshFile();
const env = process.env;
env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
env.STAGE = 'test';
env.AWS_REGION = 'ap-southeast-3';
env.TABLE_NAME = 'unit-no-table';
env.BUCKET_NAME = 'unit-bucket';
env.S3_PUBLIC_BASE_URL = 'http://127.0.0.1:4569/unit-bucket';
env.LOG_LEVEL ??= 'silent';
env.POWERTOOLS_METRICS_DISABLED ??= 'true';
env.POWERTOOLS_TRACE_ENABLED ??= 'false';
