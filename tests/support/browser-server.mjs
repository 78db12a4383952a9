/**
 * The run's one Chromium (tests/support/browser.ts starts it, detached): a playwright
 * browser server. Arguments: the file for its address, the executable, its flags (JSON).
 * It runs until the run's teardown stops it (SIGTERM closes the browser). Plain JavaScript:
 * it is one small process for the rest of the run, without a TypeScript loader.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';

const [file, executablePath, args] = process.argv.slice(2);
const server = await chromium.launchServer({ executablePath, headless: true, args: JSON.parse(args) });
// Chromium leads a process group of its own: the teardown stops it too if this process cannot
writeFileSync(join(dirname(file), 'chromium.group'), String(server.process().pid));
writeFileSync(file, server.wsEndpoint());
