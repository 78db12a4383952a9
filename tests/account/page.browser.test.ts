/**
 * /akun in a real browser, at a desk (1280×800) and on a phone (390×844): the page the run's
 * server serves asks to sign in, then shows who is signed in (name, e-mail, role) and the
 * notification switches as stored (GET /api/akun/notifikasi); turning one off and saving
 * shows the API's message and the switches as they became, in view, and the account's
 * switches are then so (a reload shows them too). Signing in holds for the browser (a new
 * tab is signed in); "Keluar" ends it in every tab. axe-core finds no serious or critical
 * violation on any view. Screenshots in .local/screens/akun-*.png.
 *
 * Without /usr/bin/chromium the test is skipped with a message, except in CI.
 */
// first: this file's lib/ uses the table and bucket of the run's shared server
import '../support/offline-table';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { browserTestRuns, openBrowser } from '../support/browser';
import { fetchJson, OFFLINE_START_TIMEOUT_MS, sharedOffline, type Offline } from '../support/offline';
import { DESK, expectAccessible, PHONE, resultInView, screenshot } from '../support/page-checks';
import { makeUser, TEST_PASSWORD } from '../support/users';

const runs = browserTestRuns('tests/account/page.browser.test.ts');

describe.skipIf(!runs)('/akun in headless chromium', () => {
  let server: Offline | undefined;
  let context: BrowserContext | undefined;
  let closeBrowser: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    server = await sharedOffline();
    ({ context, close: closeBrowser } = await openBrowser(DESK));
  }, OFFLINE_START_TIMEOUT_MS + 180_000);

  afterAll(async () => {
    await closeBrowser?.();
  }, 60_000);

  it(
    'who is signed in, the notification switches saved with the result in view, signing out in every tab, at a desk and on a phone',
    { timeout: 180_000 },
    async () => {
      const base = server!.baseUrl;
      const page = await context!.newPage();
      page.setDefaultTimeout(30_000);
      const outside: string[] = [];
      const problems: string[] = [];
      const watch = (p: Page) => {
        p.on('request', (r) => {
          if (!r.url().startsWith(`${base}/`) && !r.url().startsWith('data:')) outside.push(r.url());
        });
        p.on('response', (r) => {
          if (r.status() >= 400) problems.push(`${r.url()}: HTTP ${r.status()}`);
        });
        p.on('console', (m) => {
          if (m.type() === 'error') problems.push(m.text());
        });
        p.on('pageerror', (e) => problems.push(e.message));
      };
      watch(page);
      const switches = async (token: string) =>
        (await fetchJson(base, '/api/akun/notifikasi', { headers: { Authorization: `Bearer ${token}` } })).body.data;
      const shown = async (p: Page) => ({
        pengingat: await p.isChecked('#f-pengingat'),
        perubahan: await p.isChecked('#f-perubahan'),
      });
      const fits = async (width: number) =>
        expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number)).toBeLessThanOrEqual(width);
      const signIn = async (email: string) => {
        await page.waitForSelector('#f-email');
        await page.fill('#f-email', email);
        await page.fill('#f-password', TEST_PASSWORD);
        await page.click('button[type=submit]');
        await page.waitForSelector('#form-notifikasi');
      };

      for (const [size, viewport, role, turnOff] of [
        ['desk', DESK, 'pengelola', 'pengingat'],
        ['phone', PHONE, 'dinas', 'perubahan'],
      ] as const) {
        await page.setViewportSize(viewport);
        const user = await makeUser(role);
        const what = (view: string) => `${view} (${size})`;

        // not signed in: the sign-in form
        expect((await page.goto(`${base}/akun`))?.status()).toBe(200);
        await page.waitForSelector('#f-email');
        await expectAccessible(page, what('masuk'));
        await screenshot(page, `akun-masuk-${size}`);
        await signIn(user.email);

        // who is signed in, and the switches as stored: both on
        expect(await page.textContent('[data-akun="nama"]')).toBe(user.full_name);
        expect(await page.textContent('[data-akun="email"]')).toBe(user.email);
        expect(await page.textContent('[data-akun="peran"]')).toBe(role === 'dinas' ? 'Dinas' : 'Pengelola');
        expect(await shown(page)).toEqual({ pengingat: true, perubahan: true });
        expect(await page.getAttribute('#f-pengingat', 'role')).toBe('switch');
        await expectAccessible(page, what('akun'));

        // one switch off, saved: the API's message and the switches as they became, in view
        await page.click(`label[for="f-${turnOff}"]`);
        expect(await page.isChecked(`#f-${turnOff}`)).toBe(false);
        await page.click('#form-notifikasi button[type=submit]');
        const message = await resultInView(page, 'ok');
        expect(message).toContain(MSG.notificationSettingsSaved);
        const expected = { pengingat: turnOff !== 'pengingat', perubahan: turnOff !== 'perubahan' };
        expect(message).toContain(
          `Pengingat evaluasi: ${expected.pengingat ? 'aktif' : 'nonaktif'}. Pemberitahuan perubahan: ${expected.perubahan ? 'aktif' : 'nonaktif'}.`,
        );
        expect(await switches(user.token)).toEqual(expected);
        await fits(viewport.width);
        await expectAccessible(page, what('akun, disimpan'));
        await screenshot(page, `akun-disimpan-${size}`);

        // a reload shows them as stored; a new tab is signed in too
        await page.reload();
        await page.waitForSelector('#form-notifikasi');
        expect(await shown(page)).toEqual(expected);
        const other = await context!.newPage();
        watch(other);
        await other.goto(`${base}/akun`);
        await other.waitForSelector('#form-notifikasi');
        expect(await other.textContent('[data-akun="email"]')).toBe(user.email);

        // with the keyboard: a switch turns with Space, and back
        await page.focus(`#f-${turnOff}`);
        await page.keyboard.press('Space');
        expect(await page.isChecked(`#f-${turnOff}`)).toBe(true);
        await page.keyboard.press('Space');
        expect(await page.isChecked(`#f-${turnOff}`)).toBe(false);

        // "Keluar" ends the session in every tab
        await page.click('#keluar');
        await page.waitForSelector('#f-email');
        await other.waitForSelector('#f-email');
        expect(await page.evaluate(() => (globalThis as any).localStorage.length as number)).toBe(0);
        await other.close();
      }

      expect(outside, 'requests to anything but this origin').toEqual([]);
      expect(problems, 'failed requests and console errors (e.g. CSP violations)').toEqual([]);
    },
  );
});
