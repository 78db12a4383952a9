'use strict';
/**
 * Gives `serverless package` and `serverless deploy` a scratch folder of their own for
 * temporary files and removes it when the command ends.
 *
 * serverless-esbuild (1.57.2) stages every function's zip in a folder under the system
 * temp directory and never removes it (its clean-up removes the folder non-recursively and
 * ignores the failure), so each packaging left ~0.5 GB behind in /tmp. Pointing TMPDIR
 * (which os.tmpdir() reads on every call) at a folder we own and removing that folder at
 * exit keeps the machine clean whatever the plugin does.
 */
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const BUILDING = new Set(['package', 'deploy']);

class ScratchFolder {
  constructor(serverless) {
    const command = serverless.processedInput?.commands?.[0];
    if (!BUILDING.has(command)) return;
    const dir = mkdtempSync(join(tmpdir(), 'tv-sls-'));
    process.env.TMPDIR = dir;
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
}

module.exports = ScratchFolder;
