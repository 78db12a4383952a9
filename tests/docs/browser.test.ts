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
import { expect } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { documentedRoutes } from '../../lib/openapi/document';
import { browserTest } from '../support/browser';
import { watchPage } from '../support/page-checks';

browserTest(
  { file: 'tests/docs/browser.test.ts', title: 'GET /docs in headless chromium', timeout: 120_000, pageTimeout: 30_000 },
  'shows every route of the access-rule table, with its error texts, from assets served by the API itself',
  async ({ base, page }) => {
    const { outside, problems } = watchPage(page, base);
    page.on('requestfailed', (r) => problems.push(`${r.url()}: ${r.failure()?.errorText}`));

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
    expect(problems, 'failed requests and console errors (e.g. CSP violations)').toEqual([]);
  },
);
