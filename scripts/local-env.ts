/**
 * Imported first by the scripts that work on the running local stack (`npm start`): its
 * table, bucket and emulators unless the environment names others, and CloudWatch
 * metrics off (as serverless.yml's local stage has them), so a script prints its own
 * lines and no metric lines.
 */
const env = process.env;
env.STAGE ??= 'local';
env.TABLE_NAME ??= 'tourism-village-local';
env.BUCKET_NAME ??= 'tourism-village-images-local';
env.AWS_REGION ??= 'ap-southeast-3';
env.POWERTOOLS_METRICS_DISABLED ??= 'true';
env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
if (env.STAGE === 'local') {
  env.DYNAMODB_ENDPOINT ??= 'http://127.0.0.1:8000';
  env.S3_ENDPOINT ??= 'http://127.0.0.1:4569';
  env.SES_ENDPOINT ??= 'http://127.0.0.1:8005';
}
export {};
