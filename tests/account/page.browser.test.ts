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
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { browserTest } from '../support/browser';
import { fetchJson } from '../support/offline';
import { DESK, expectAccessible, expectFitsWidth, PHONE, resultInView, screenshot, signIn, watchPage } from '../support/page-checks';
import { makeUser } from '../support/users';

browserTest(
  {
    file: 'tests/account/page.browser.test.ts',
    title: '/akun in headless chromium',
    viewport: DESK,
    timeout: 180_000,
    pageTimeout: 30_000,
  },
  'who is signed in, the notification switches saved with the result in view, signing out in every tab, at a desk and on a phone',
  async ({ base, context, page }) => {
    const seen = watchPage(page, base);
    const switches = async (token: string) =>
      (await fetchJson(base, '/api/akun/notifikasi', { headers: { Authorization: `Bearer ${token}` } })).body.data;
    const shown = async (p: Page) => ({
      pengingat: await p.isChecked('#f-pengingat'),
      perubahan: await p.isChecked('#f-perubahan'),
    });

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
      await signIn(page, user.email, '#form-notifikasi');

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
      await expectFitsWidth(page);
      await expectAccessible(page, what('akun, disimpan'));
      await screenshot(page, `akun-disimpan-${size}`);

      // a reload shows them as stored; a new tab is signed in too
      await page.reload();
      await page.waitForSelector('#form-notifikasi');
      expect(await shown(page)).toEqual(expected);
      const other = await context.newPage();
      watchPage(other, base, {}, seen);
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

    expect(seen.outside, 'requests to anything but this origin').toEqual([]);
    expect(seen.problems, 'failed requests and console errors (e.g. CSP violations)').toEqual([]);
  },
);
