/**
 * /impor (web/src/impor) in headless Chromium, driven by dinas at a desk and on a phone: the
 * template arrives as an XLSX; a CSV with two good rows and one refused row is uploaded, seen
 * `memeriksa`, then — the worker's domain function driven here, as tests/import/flow.test.ts
 * does — `siap` with its counts in words and the refused row named; run through the confirm
 * dialog, seen `berjalan` with its progress, then `selesai`; the refused rows download as
 * XLSX; the import is in the list. A manager reads why the page is not his. axe-core and
 * screenshots (.local/screens/impor-*.png) at both widths; nothing wider than 390 px.
 *
 * Without /usr/bin/chromium the test is skipped with a message, except in CI.
 */
// first: this file's lib/ uses the table and bucket of the run's shared server
import '../support/offline-table';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { workImport } from '../support/imports';
import { uniqueName } from '../support/api';
import { browserTestRuns, openBrowser } from '../support/browser';
import { OFFLINE_START_TIMEOUT_MS, sharedOffline, WEB_BUILD_TIMEOUT_MS, type Offline } from '../support/offline';
import { DESK, expectAccessible, PHONE, screenshot } from '../support/page-checks';
import { makeUser, TEST_PASSWORD } from '../support/users';

const runs = browserTestRuns('tests/import/page.browser.test.ts');

describe.skipIf(!runs)('/impor in headless chromium', () => {
  let server: Offline | undefined;
  let close: (() => Promise<void>) | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await sharedOffline();
    const opened = await openBrowser(DESK);
    close = opened.close;
    page = await opened.context.newPage();
    page.setDefaultTimeout(60_000);
  }, OFFLINE_START_TIMEOUT_MS + WEB_BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await close?.();
  }, 60_000);

  it(
    'dinas downloads a template, uploads, reads the check, runs it, downloads the refused rows; a manager is told why not',
    { timeout: 300_000 },
    async () => {
      const base = server!.baseUrl;
      const provinsi = uniqueName('Provinsi Unggah');
      const [dinas, owner] = await Promise.all([makeUser('dinas'), makeUser('pengelola')]);
      const row = (nama: string, email: string) =>
        [provinsi, 'Sleman', nama, `Desa Wisata ${nama}`, 'Jalan Desa 1', 'Pak Kades', '+62 812-1111-2222', email].join(',');
      const csv = [
        'provinsi,kabupaten,nama_desa,nama_popular,alamat,pengelola,nomor_telepon,email',
        row('Unggah Satu', owner.email),
        row('Unggah Dua', owner.email),
        row('Tanpa Akun', 'belum-terdaftar@example.com'),
      ].join('\n');

      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) problems.push(m.text());
      });
      const check = async (name: string) => {
        const size = page.viewportSize()!.width === DESK.width ? 'desk' : 'phone';
        await expectAccessible(page, `${name} at ${size}`);
        await screenshot(page, `impor-${size}-${name}`);
        expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number)).toBeLessThanOrEqual(
          page.viewportSize()!.width,
        );
      };
      const button = (name: string) => page.getByRole('button', { name, exact: true });
      const signIn = async (email: string) => {
        await page.fill('#f-email', email);
        await page.fill('#f-password', TEST_PASSWORD);
        await button('Masuk').click();
        await button('Keluar').waitFor();
      };
      const xlsx = async (click: Promise<void>): Promise<Download> => {
        const [download] = await Promise.all([page.waitForEvent('download'), click]);
        expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
        // (the browser is remote: its file comes as a stream)
        const chunks = await (await download.createReadStream()).toArray();
        expect(Buffer.concat(chunks).subarray(0, 2).toString()).toBe('PK');
        return download;
      };

      // dinas, at a desk: the kinds explained, the template
      expect((await page.goto(`${base}/impor`))?.status()).toBe(200);
      await signIn(dinas.email);
      await page.getByText('Laporan bulanan', { exact: true }).waitFor();
      expect(await page.textContent('main')).toContain('Paling besar 4 MB');
      await xlsx(button('Unduh template desa wisata (Excel)').click());
      await page.locator('[data-notice="ok"]').waitFor();
      await check('awal');

      // upload on a phone: memeriksa, then (the worker) siap with the counts and the refused row
      await page.setViewportSize(PHONE);
      await page.setInputFiles('#f-berkas', { name: 'desa-dinas.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await button('Unggah dan periksa').click();
      await page.locator('[data-checking]').waitFor();
      expect(page.url()).toMatch(new RegExp(`^${base}/impor/IMP-`));
      const id = page.url().split('/impor/')[1]!;
      await check('memeriksa');
      await workImport(id);
      await page.locator('[data-status="siap"]').waitFor();
      expect(await page.textContent('[data-counts]')).toBe('3 baris: 2 akan dibuat, 0 diubah, 0 tidak berubah, 1 ditolak.');
      const refused = page.locator('[data-problems="ditolak"] tr[data-baris="4"]');
      expect(await refused.textContent()).toContain('email');
      expect(await refused.textContent()).toContain(MSG.importRowEmailUnknown);
      await check('siap');

      // at a desk: run it, through the confirm dialog; berjalan with its progress, then selesai
      await page.setViewportSize(DESK);
      await check('siap');
      await button('Jalankan impor').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Jalankan impor' }).click();
      await page.locator('[data-status="berjalan"] progress').waitFor();
      expect(await page.textContent('[data-status="berjalan"]')).toContain('0 dari 2 baris diterapkan (0%)');
      await check('berjalan');
      await workImport(id);
      await page.locator('[data-status="selesai"]').waitFor();
      expect(await page.textContent('[data-outcome]')).toBe('2 dibuat, 0 diubah, 0 tidak berubah, 0 gagal.');
      expect(await page.textContent('[data-status="selesai"]')).toContain('1 baris ditolak saat pemeriksaan');
      await xlsx(button('Unduh baris yang ditolak (Excel)').click());
      await check('selesai');
      await page.setViewportSize(PHONE);
      await check('selesai');

      // the list of past imports
      await page.getByRole('link', { name: '← Semua impor' }).click();
      const listed = page.locator('[data-imports] li').filter({ hasText: 'desa-dinas.csv' });
      expect(await listed.first().textContent()).toContain('Selesai');
      await check('daftar');

      // a manager: only offices import
      await button('Keluar').click();
      await signIn(owner.email);
      expect(await page.textContent('[data-office-only]')).toContain('hanya dapat dilakukan oleh akun dinas atau admin');
      await check('pengelola');
      await page.setViewportSize(DESK);
      await check('pengelola');

      expect(problems, 'page errors').toEqual([]);
    },
  );
});
