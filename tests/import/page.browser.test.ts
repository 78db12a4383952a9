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
import type { Download } from 'playwright-core';
import { expect } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { workImport } from '../support/imports';
import { uniqueName } from '../support/api';
import { browserTest } from '../support/browser';
import { DESK, expectAccessible, expectFitsWidth, PHONE, screenshot, signIn, watchPage } from '../support/page-checks';
import { makeUsers } from '../support/users';

browserTest(
  {
    file: 'tests/import/page.browser.test.ts',
    title: '/impor in headless chromium',
    viewport: DESK,
    timeout: 300_000,
    pageTimeout: 60_000,
  },
  'dinas downloads a template, uploads, reads the check, runs it, downloads the refused rows; a manager is told why not',
  async ({ base, page }) => {
    const provinsi = uniqueName('Provinsi Unggah');
    const [dinas, owner] = await makeUsers('dinas', 'pengelola');
    const row = (nama: string, email: string) =>
      [provinsi, 'Sleman', nama, `Desa Wisata ${nama}`, 'Jalan Desa 1', 'Pak Kades', '+62 812-1111-2222', email].join(',');
    const csv = [
      'provinsi,kabupaten,nama_desa,nama_popular,alamat,pengelola,nomor_telepon,email',
      row('Unggah Satu', owner.email),
      row('Unggah Dua', owner.email),
      row('Tanpa Akun', 'belum-terdaftar@example.com'),
    ].join('\n');

    const { problems } = watchPage(page, base, { refusals: true });
    const check = async (name: string) => {
      const size = page.viewportSize()!.width === DESK.width ? 'desk' : 'phone';
      await expectAccessible(page, `${name} at ${size}`);
      await screenshot(page, `impor-${size}-${name}`);
      await expectFitsWidth(page);
    };
    const button = (name: string) => page.getByRole('button', { name, exact: true });
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
    await signIn(page, dinas.email);
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
    await signIn(page, owner.email);
    expect(await page.textContent('[data-office-only]')).toContain('hanya dapat dilakukan oleh akun dinas atau admin');
    await check('pengelola');
    await page.setViewportSize(DESK);
    await check('pengelola');

    expect(problems, 'page errors').toEqual([]);
  },
);
