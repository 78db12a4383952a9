/**
 * Debian's chromium (/usr/bin/chromium), driven headless by playwright-core, for the browser
 * tests. Without it a browser test is skipped with a message, except in CI (env CI set),
 * where a missing browser is a failure: .ci/run and the GitHub workflow install it.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ROOT } from '../../scripts/local-stack';
import { OFFLINE_START_TIMEOUT_MS, sharedOffline } from './offline';
import { detachedServer, oncePerRun, runFolder } from './run-once';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** A phone's screen. */
export const PHONE = { width: 390, height: 844 };

/** Whether `file`'s browser test runs here; says so in one line when it is skipped. */
function browserTestRuns(file: string): boolean {
  const runs = existsSync(CHROMIUM) || Boolean(process.env.CI);
  if (!runs) console.warn(`[${file}] SKIPPED: ${CHROMIUM} not found (apt-get install -y chromium; CI runs it always).`);
  return runs;
}

/** How long the first browser test waits for the run's Chromium to start. */
const BROWSER_START_MS = 60_000;

/**
 * A fresh context (its own cookies and storage) in the run's one Chromium, started by the
 * first browser test (tests/support/browser-server.mjs) and shared by the rest; `close`
 * closes the context and this file's connection, not the browser. One browser test at a
 * time has a context (the others wait for their turn): each page is a renderer process of
 * 0.1-0.3 GB (vitest.config.mts spreads the browser tests over the run).
 */
async function openBrowser(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing; in CI it must be installed (apt-get install -y chromium)`);
  const endpoint = await oncePerRun('browser', startBrowser, BROWSER_START_MS + 5_000);
  const turn = runFolder('browser-turn');
  for (;;) {
    try {
      mkdirSync(turn); // atomic: this file's turn
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const release = () => rmSync(turn, { recursive: true, force: true });
  let browser: Browser | undefined;
  let context: BrowserContext;
  try {
    browser = await chromium.connect(endpoint);
    context = await browser.newContext(viewport ? { viewport } : {});
  } catch (err) {
    await browser?.close();
    release();
    throw err;
  }
  return {
    context,
    close: async () => {
      await context.close();
      await browser!.close(); // a connected browser: this disconnects; the server runs on
      release();
    },
  };
}

/**
 * One browser test of the pages, in a describe of its own (`title`; skipped with a line why
 * where there is no Chromium, as browserTestRuns): before it, the run's shared server
 * (sharedOffline) starts while `prepare` makes the data the test needs, and a context of the
 * run's Chromium opens at `viewport` (openBrowser), closed after it. `body` gets the server's
 * address, the context, and a page of it that waits at most `pageTimeout` for anything.
 */
export function browserTest(
  opts: {
    file: string;
    title: string;
    viewport?: { width: number; height: number };
    prepare?: () => Promise<unknown>;
    timeout: number;
    pageTimeout: number;
  },
  name: string,
  body: (t: { base: string; context: BrowserContext; page: Page }) => Promise<void>,
): void {
  describe.skipIf(!browserTestRuns(opts.file))(opts.title, () => {
    let base = '';
    let opened: Awaited<ReturnType<typeof openBrowser>> | undefined;
    beforeAll(async () => {
      [{ baseUrl: base }] = await Promise.all([sharedOffline(), opts.prepare?.()]);
      opened = await openBrowser(opts.viewport);
    }, OFFLINE_START_TIMEOUT_MS + 180_000);
    afterAll(async () => {
      await opened?.close();
    }, 60_000);
    it(name, { timeout: opts.timeout }, async () => {
      const page = await opened!.context.newPage();
      page.setDefaultTimeout(opts.pageTimeout);
      await body({ base, context: opened!.context, page });
    });
  });
}

function startBrowser(dir: string): Promise<string> {
  const file = join(dir, 'endpoint');
  return detachedServer(
    dir,
    process.execPath,
    [join(ROOT, 'tests', 'support', 'browser-server.mjs'), file, CHROMIUM, JSON.stringify(ARGS)],
    {
      env: process.env,
      log: 'browser.log',
      what: 'chromium',
      timeoutMs: BROWSER_START_MS,
      ready: async () => (existsSync(file) ? readFileSync(file, 'utf8') : undefined),
    },
  );
}
