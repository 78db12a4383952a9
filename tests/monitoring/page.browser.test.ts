/**
 * /pemantauan (web/src/pemantauan) in headless Chromium, one context, both widths: a manager
 * sees his village's months, fills last month in the short form, gets the API's refusal of a
 * figure beside its field, corrects it and sees the result and the flags; a verified month is
 * read-only for him. Dinas chooses the region and sees its monthly table, the chart of this
 * year against the last, the categories, who has not reported (and reminds them: the result, then
 * the 409 of a second the same day), and verifies a flagged month from the region's list
 * (GET /api/pemantauan/perlu-cek); then corrects a
 * verified month with a reason. After each action the result is in view; axe-core finds no
 * serious or critical violation; nothing is wider than the screen at 390 px. Screenshots in
 * .local/screens/pemantauan-*.png.
 *
 * Without /usr/bin/chromium the test is skipped with a message, except in CI.
 */
// first: this file's lib/ uses the table and bucket of the run's shared server
import '../support/offline-table';
import { expect } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { uniqueName } from '../support/api';
import { browserTest } from '../support/browser';
import { monitoring, monthsAgo, report } from '../support/monitoring';
import { DESK, expectAccessible, expectFitsWidth, PHONE, resultInView, screenshot, signIn, watchPage } from '../support/page-checks';
import { makeUsers } from '../support/users';
import { makeVillage } from '../support/villages';

const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];
const nameOf = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;

browserTest(
  {
    file: 'tests/monitoring/page.browser.test.ts',
    title: '/pemantauan in headless chromium',
    viewport: DESK,
    timeout: 600_000,
    pageTimeout: 60_000,
  },
  'a manager reports a month (refused, corrected, flagged); dinas sees the region, who has not reported, verifies and corrects',
  async ({ base, page }) => {
    const provinsi = uniqueName('Provinsi Pantau');
    const [dinas, owner, other] = await makeUsers('dinas', 'pengelola', 'pengelola');
    const village = await makeVillage(owner, { provinsi, kabupaten: 'Sleman', nama_desa: 'Desa Pantau' });
    const quiet = await makeVillage(other, { provinsi, kabupaten: 'Sleman', nama_desa: 'Desa Sepi' });
    const kd = village.kd_desa;
    // a pattern (the year before too), then a month far above it (flagged), one verified; last month is left to the page
    for (const n of [14, 13]) await report(kd, monthsAgo(n), owner.token, { wisnus: 800 });
    for (const n of [8, 7, 6, 5, 4, 3]) await report(kd, monthsAgo(n), owner.token);
    const spike = await report(kd, monthsAgo(2), owner.token, { wisnus: 9000 });
    expect(spike.perlu_cek).toBe(true);
    expect((await monitoring.verify(kd, monthsAgo(3), dinas.token)).statusCode).toBe(200);
    const last = monthsAgo(1);
    const now = monthsAgo(0);

    const { outside, problems } = watchPage(page, base, { refusals: true, allow: (u) => u.startsWith('blob:') });
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      const u = r.url();
      if (u.startsWith(`${base}/api/`)) apiCalls.push(`${r.method()} ${u.slice(base.length)}`);
    });
    let size = 'desk';
    const check = async (name: string) => {
      await expectAccessible(page, `${name} at ${size}`);
      await screenshot(page, `pemantauan-${size}-${name}`);
    };
    const resize = async (to: 'desk' | 'phone') => {
      size = to;
      await page.setViewportSize(to === 'desk' ? DESK : PHONE);
    };
    const button = (name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });

    // the manager: his village, the month still due
    expect((await page.goto(`${base}/pemantauan`))?.status()).toBe(200);
    await signIn(page, owner.email);
    const card = page.locator(`section[data-kd="${kd}"]`);
    // registered this month: no month is due yet, last month is the one to back-fill
    await card.getByRole('link', { name: `Isi laporan ${nameOf(last)}` }).waitFor();
    expect(await card.locator(`li[data-bulan="${monthsAgo(2)}"]`).textContent()).toContain('Perlu dicek');
    expect(await card.locator(`li[data-bulan="${monthsAgo(3)}"]`).textContent()).toContain('Terverifikasi');
    await check('pengelola');
    await card.getByRole('link', { name: `Isi laporan ${nameOf(last)}` }).click();
    await page.waitForURL(`${base}/pemantauan/desa/${kd}?bulan=${last}`);
    await page.locator('#f-wisnus').waitFor();

    // a figure past its bound: the API's 400 named on the field, thousands shown as typed
    await page.fill('#f-wisnus', '20000000');
    await page.fill('#f-wisman', '40');
    await page.fill('#f-pendapatan', '87500000');
    await page.fill('#f-tenaga_kerja', '35');
    expect(await page.inputValue('#f-pendapatan')).toBe('87.500.000');
    expect(await page.getAttribute('#f-wisnus', 'inputmode')).toBe('numeric');
    await button('Simpan laporan').click();
    expect(await resultInView(page, 'error')).toContain(MSG.fieldReportWisnus);
    expect(await page.textContent('#f-wisnus-error')).toBe(MSG.fieldReportWisnus);
    expect(await page.getAttribute('#f-wisnus', 'aria-invalid')).toBe('true');
    await check('salah');
    await page.fill('#f-wisnus', '1250');
    await button('Simpan laporan').click();
    expect(await resultInView(page, 'ok')).toContain(`${MSG.reportSaved}: ${nameOf(last)}`);
    expect(await page.locator('#f-wisnus-error').count()).toBe(0);
    // reported after the 10th of the month after: late
    expect(await page.textContent(`[data-month="${last}"] .heading-row`)).toContain('Terlambat');
    expect(await page.textContent(`li[data-bulan="${last}"]`)).toContain('1.250 wisnus');
    await check('tersimpan');

    // on a phone: the same form in one column; a verified month is read-only, with why
    await resize('phone');
    await expectFitsWidth(page);
    await check('form');
    await page.getByRole('link', { name: `Lihat ${nameOf(monthsAgo(3))}` }).click();
    await page.locator(`[data-month="${monthsAgo(3)}"] [data-explain]`).waitFor();
    expect(await page.textContent('[data-explain]')).toContain('sudah diverifikasi dinas');
    expect(await page.locator('#f-wisnus').count()).toBe(0);
    expect(await page.textContent('[data-readonly]')).toContain('1.000');
    await expectFitsWidth(page);
    await check('terverifikasi');
    await button('Keluar').click();

    // dinas, on the phone first: the region's table, chart, who has not reported, the flagged month
    await signIn(page, dinas.email);
    const dinasFrom = apiCalls.length;
    await page.getByRole('link', { name: '← Rekap pemantauan' }).click();
    await page.locator(`#f-provinsi option[value="${provinsi}"]`).waitFor({ state: 'attached' });
    await page.selectOption('#f-provinsi', provinsi);
    await page.selectOption('#f-kabupaten', 'Sleman');
    const year = now.slice(0, 4);
    await page.locator(`[data-loaded="${year}|${provinsi}|Sleman"]`).waitFor();
    if (last.startsWith(year)) expect(await page.textContent(`[data-rekap] tr[data-bulan="${last}"]`)).toContain('1.250');
    await page.locator('canvas#grafik-bulanan[data-drawn="true"]').waitFor();
    expect(await page.textContent('[data-totals]')).toContain('Desa wisata2');
    // villages registered this month: who has not reported this month
    await page.selectOption('#f-bulan-belum', now);
    await page.locator(`[data-missing] li[data-kd="${quiet.kd_desa}"]`).waitFor();
    expect(await page.textContent('[data-missing]')).toContain('2 desa belum melaporkan');
    // the villages without a score, per category
    expect(await page.textContent('[data-kategori-row="belum_dinilai"]')).toContain('Belum dinilai2');
    // a reminder now, confirmed: the API's count in view; a second the same day is the API's 409
    const remind = async () => {
      await button(`Kirim pengingat ${nameOf(now)}`).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Kirim pengingat', exact: true }).click();
    };
    await remind();
    expect(await resultInView(page, 'ok')).toContain('Pengingat dikirim ke 2 pengelola (2 desa).');
    await remind();
    expect(await resultInView(page, 'error')).toContain(MSG.reportReminderAlreadySent);
    // the flagged months from the region's list, not read village by village
    const flagged = page.locator(`[data-check-row="${kd}/${monthsAgo(2)}"]`);
    await flagged.waitFor();
    expect(await flagged.textContent()).toContain(MSG.reportCheckSpike);
    const dinasCalls = apiCalls.slice(dinasFrom);
    expect(dinasCalls.some((c) => c.startsWith(`GET /api/pemantauan/perlu-cek?tahun=${now.slice(0, 4)}`))).toBe(true);
    expect(dinasCalls.filter((c) => c.startsWith('GET /api/pemantauan/desa/') || c.startsWith('GET /api/desa-wisata?'))).toEqual([]);
    await expectFitsWidth(page);
    await check('dinas');
    await flagged.getByRole('button', { name: `Verifikasi Desa Pantau ${nameOf(monthsAgo(2))}` }).click();
    expect(await resultInView(page, 'ok')).toContain(MSG.reportVerified);
    expect(await flagged.count()).toBe(0);
    await check('diverifikasi');

    // at a desk: the same view, then a verified month corrected with a reason
    await resize('desk');
    await expectFitsWidth(page);
    await check('dinas');
    await page.goto(`${base}/pemantauan/desa/${kd}?bulan=${monthsAgo(2)}`);
    await page.locator('#f-alasan').waitFor();
    await page.fill('#f-wisnus', '1300');
    await button('Simpan koreksi').click();
    expect(await resultInView(page, 'error')).toContain('Alasan koreksi wajib diisi');
    await page.fill('#f-alasan', 'Salah ketik: 9.000 seharusnya 1.300 (cek buku tamu)');
    await button('Simpan koreksi').click();
    expect(await resultInView(page, 'ok')).toContain(MSG.reportSaved);
    expect(await page.textContent('[data-flags]')).toContain('Salah ketik');
    await check('koreksi');

    expect(outside, 'requests to anything but this origin').toEqual([]);
    expect(problems, 'page errors').toEqual([]);
  },
);
