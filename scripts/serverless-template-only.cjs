'use strict';
/**
 * Tests only: `PACKAGE_TEMPLATE_ONLY=1 serverless package` writes the CloudFormation template
 * without building a function: no esbuild bundle, no npm install of the externals, no zip;
 * every function points at one empty placeholder zip (`.serverless/template-only.zip`). The
 * template is the one a full packaging writes but for the functions' S3 keys.
 * `PACKAGE_BUILD_ONLY=fnA,fnB serverless package` does the same for every function but those
 * named, which are built and zipped as a full packaging builds them.
 * tests/support/package.ts packages a copy of the service with synthetic extra routes the
 * first way (seconds, where the full packaging takes about a minute of CPU), and the service's
 * own template with a sample of its functions built the second. Any other command
 * (`serverless deploy` above all) refuses to start with either set.
 */
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const FLAG = 'PACKAGE_TEMPLATE_ONLY';
const ONLY = 'PACKAGE_BUILD_ONLY';
/** An empty zip: its end-of-central-directory record alone. */
const EMPTY_ZIP = Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);

class TemplateOnly {
  constructor(serverless) {
    this.hooks = {};
    const templateOnly = ['1', 'true'].includes(process.env[FLAG] ?? '');
    const only = (process.env[ONLY] ?? '').split(',').filter(Boolean);
    if (!templateOnly && !only.length) return;
    const command = serverless.processedInput?.commands?.[0];
    const flag = templateOnly ? FLAG : ONLY;
    if (command !== 'package') throw new Error(`${flag} is for \`serverless package\` alone (tests): unset it to ${command}`);
    const placeholder = join(serverless.serviceDir, '.serverless', 'template-only.zip');
    this.hooks = {
      // (serverless-esbuild reads skipEsbuild when it builds, after this)
      initialize: () => {
        const functions = serverless.service.functions;
        const unknown = only.filter((fn) => !(fn in functions));
        if (unknown.length) throw new Error(`${ONLY} names no function of the service: ${unknown.join(', ')}`);
        for (const [name, f] of Object.entries(functions)) {
          if (!templateOnly && only.includes(name)) continue;
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
