'use strict';
/**
 * Tests only: `PACKAGE_TEMPLATE_ONLY=1 serverless package` writes the CloudFormation template
 * without building a function: no esbuild bundle, no npm install of the externals, no zip;
 * every function points at one empty placeholder zip (`.serverless/template-only.zip`). The
 * template is the one a full packaging writes but for the functions' S3 keys.
 * tests/support/package.ts packages a copy of the service with synthetic extra routes this
 * way: seconds, where the full packaging takes about a minute of CPU. Any other command
 * (`serverless deploy` above all) refuses to start with it set.
 */
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const FLAG = 'PACKAGE_TEMPLATE_ONLY';
/** An empty zip: its end-of-central-directory record alone. */
const EMPTY_ZIP = Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);

class TemplateOnly {
  constructor(serverless) {
    this.hooks = {};
    if (!['1', 'true'].includes(process.env[FLAG] ?? '')) return;
    const command = serverless.processedInput?.commands?.[0];
    if (command !== 'package') throw new Error(`${FLAG} is for \`serverless package\` alone (tests): unset it to ${command}`);
    const placeholder = join(serverless.serviceDir, '.serverless', 'template-only.zip');
    this.hooks = {
      // (serverless-esbuild reads skipEsbuild when it builds, after this)
      initialize: () => {
        for (const f of Object.values(serverless.service.functions)) {
          f.skipEsbuild = true;
          f.package = { ...f.package, artifact: placeholder };
        }
      },
      // (after package:cleanup, which empties .serverless)
      'before:package:createDeploymentArtifacts': () => {
        mkdirSync(join(serverless.serviceDir, '.serverless'), { recursive: true });
        writeFileSync(placeholder, EMPTY_ZIP);
        // serverless-esbuild, with nothing to build, still copies its (here empty) output folder afterwards
        const work = serverless.service.custom?.esbuild?.outputWorkFolder ?? '.esbuild';
        mkdirSync(join(serverless.serviceDir, work, '.serverless'), { recursive: true });
      },
    };
  }
}

module.exports = TemplateOnly;
