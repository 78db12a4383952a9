'use strict';
/**
 * `serverless deploy` builds the pages (web/, scripts/web.ts) before the stack changes, so a
 * broken build stops the deployment first, and uploads them after it to the bucket's web/,
 * where the stage's CDN serves them (scripts/serverless-cdn.ts): the hashed assets first, then
 * each page's index.html. No other command (package, offline, print) builds or uploads anything.
 */
const { require: tsxRequire } = require('tsx/cjs/api');
const load = (path) => tsxRequire(path, __filename);

class WebPages {
  constructor(serverless, _options, utils) {
    this.serverless = serverless;
    this.log = utils?.log ?? console;
    this.hooks =
      serverless.processedInput?.commands?.[0] === 'deploy' && serverless.processedInput.commands.length === 1
        ? { 'before:deploy:deploy': () => this.build(), 'after:deploy:deploy': () => this.upload() }
        : {};
  }

  async build() {
    const { buildWeb, WEB_DIST } = load('./web.ts');
    this.log.notice('Building the pages (web/)');
    await buildWeb(WEB_DIST);
  }

  async upload() {
    const { uploadWeb, WEB_DIST } = load('./web.ts');
    const { S3Client } = require('@aws-sdk/client-s3');
    const bucket = this.serverless.service.custom.environment.BUCKET_NAME;
    // the deployment's own credentials and region (profile, --region, the OIDC role's environment)
    const client = new S3Client(await this.serverless.getProvider('aws').getAwsSdkV3Config());
    try {
      const keys = await uploadWeb(client, bucket, WEB_DIST);
      this.log.notice(`Uploaded the pages (${keys.length} files) to s3://${bucket}/web/`);
    } finally {
      client.destroy();
    }
  }
}

module.exports = WebPages;
