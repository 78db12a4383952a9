/**
 * Imported first by the scripts that work on the running local stack (`npm start`): its
 * table, bucket and emulators unless the environment names others, and CloudWatch
 * metrics off (as serverless.yml's local stage has them), so a script prints its own
 * lines and no metric lines. The emulators' ports are the ones `npm start` reads
 * (DYNAMODB_PORT, S3_PORT, SES_PORT, HTTP_PORT: scripts/start.ts), so a script finds a
 * stack started on other ports when it is given the same variables.
 */
const env = process.env;

/** A port variable as `npm start` reads it; a bad one stops the script, naming it. */
function port(name: string, fallback: number): number {
  const v = Number(env[name] ?? fallback);
  if (!Number.isInteger(v) || v < 1 || v > 65535) {
    console.error(`Error: ${name} must be a port number, got "${env[name]}"`);
    process.exit(2);
  }
  return v;
}

env.STAGE ??= 'local';
env.TABLE_NAME ??= 'tourism-village-local';
env.BUCKET_NAME ??= 'tourism-village-images-local';
env.AWS_REGION ??= 'ap-southeast-3';
env.POWERTOOLS_METRICS_DISABLED ??= 'true';
env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
if (env.STAGE === 'local') {
  env.DYNAMODB_ENDPOINT ??= `http://127.0.0.1:${port('DYNAMODB_PORT', 8000)}`;
  env.S3_ENDPOINT ??= `http://127.0.0.1:${port('S3_PORT', 4569)}`;
  env.SES_ENDPOINT ??= `http://127.0.0.1:${port('SES_PORT', 8005)}`;
  env.WEB_BASE_URL ??= `http://127.0.0.1:${port('HTTP_PORT', 3000)}`;
}
export {};
