/**
 * GET /docs in a real browser: serverless-offline serves the API as `npm start` does,
 * Debian's chromium (driven by playwright-core, headless) opens the Swagger UI page and
 * must show every route of the access-rule table, loading nothing from outside the API.
 *
 * Without /usr/bin/chromium the test is skipped with a message, except in CI (env CI set),
 * where a missing browser is a failure: .ci/run and the GitHub workflow install it.
 */
// first: this file's lib/ uses the table and bucket of the run's shared server
import '../support/offline-table';
import { type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { documentedRoutes } from '../../lib/openapi/document';
import { browserTestRuns, openBrowser } from '../support/browser';
import { OFFLINE_START_TIMEOUT_MS, sharedOffline, type Offline } from '../support/offline';

const runs = browserTestRuns('tests/docs/browser.test.ts');

describe.skipIf(!runs)('GET /docs in headless chromium', () => {
  let server: Offline | undefined;
  let context: BrowserContext | undefined;
  let closeBrowser: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    server = await sharedOffline();
    ({ context, close: closeBrowser } = await openBrowser());
  }, OFFLINE_START_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await closeBrowser?.();
  }, 60_000);

  it(
    'shows every route of the access-rule table, with its error texts, from assets served by the API itself',
    { timeout: 120_000 },
    async () => {
      const page = await context!.newPage();
      const base = server!.baseUrl;
      const outside: string[] = [];
      const failed: string[] = [];
      const errors: string[] = [];
      page.on('request', (r) => {
        const url = r.url();
        if (!url.startsWith(`${base}/`) && !url.startsWith('data:')) outside.push(url);
      });
      page.on('requestfailed', (r) => failed.push(`${r.url()}: ${r.failure()?.errorText}`));
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.url()}: HTTP ${r.status()}`);
      });
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));

      const response = await page.goto(`${base}/docs`);
      expect(response?.status()).toBe(200);
      const routes = documentedRoutes();
      await expect.poll(() => page.locator('.opblock').count(), { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(routes.length);

      const rendered = await page.$$eval('.opblock', (blocks) =>
        blocks.map((b) => {
          const method = b.querySelector('.opblock-summary-method')?.textContent?.trim().toUpperCase();
          const pathEl = b.querySelector('.opblock-summary-path');
          const path = pathEl?.getAttribute('data-path') ?? pathEl?.textContent?.replace(/\u200b/g, '').trim();
          return `${method} ${path}`;
        }),
      );
      expect([...rendered].sort()).toEqual([...routes].sort());
      expect(await page.textContent('.info .title')).toContain('Tourism Village Management Service');

      // Open one operation: its access rule and the contract's error texts are on the page.
      const verify = page.locator('.opblock', { has: page.locator('.opblock-summary-path[data-path="/auth/verify/{email}"]') });
      await verify.locator('.opblock-summary').first().click();
      await expect.poll(() => verify.textContent(), { timeout: 10_000 }).toContain(MSG.adminOnlyVerify);
      const text = (await verify.textContent()) ?? '';
      expect(text).toContain(MSG.userNotFound);
      expect(text).toContain(MSG.tokenMissing);

      expect(outside, 'requests to anything but the API').toEqual([]);
      expect(failed, 'failed requests').toEqual([]);
      expect(errors, 'console errors (e.g. CSP violations)').toEqual([]);
    },
  );
});
