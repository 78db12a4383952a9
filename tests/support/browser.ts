/**
 * Debian's chromium (/usr/bin/chromium), driven headless by playwright-core, for the browser
 * tests. Without it a browser test is skipped with a message, except in CI (env CI set),
 * where a missing browser is a failure: .ci/run and the GitHub workflow install it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

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
export function browserTestRuns(file: string): boolean {
  const runs = existsSync(CHROMIUM) || Boolean(process.env.CI);
  if (!runs) console.warn(`[${file}] SKIPPED: ${CHROMIUM} not found (apt-get install -y chromium; CI runs it always).`);
  return runs;
}

/** A fresh browser profile (its own --user-data-dir) and its context; `close` removes both. */
export async function openBrowser(viewport?: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing; in CI it must be installed (apt-get install -y chromium)`);
  const profile = mkdtempSync(join(tmpdir(), 'tv-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    ...(viewport ? { viewport } : {}),
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
