/**
 * GET /evaluasi in a real browser at a phone's width, the whole cycle of a round through the
 * page alone: serverless-offline serves the API as `npm start` does; Debian's chromium
 * (playwright-core, headless) signs in as dinas and opens a round for a province of the
 * test's own, signs in as the village's pengelola and fills the self-assessment with a note,
 * a link and a photo, saves and submits it, signs in as dinas again and reviews the village
 * beside its self-assessment; then the village's score is the review and the statistics
 * count its category, and the review's mail reaches the owner. Every API message the page shows is the API's own; the page loads
 * nothing from outside the API and fits the phone's width. It leaves a screenshot in
 * .local/evaluasi.png.
 *
 * Without /usr/bin/chromium the test is skipped with a message, except in CI (env CI
 * set), where a missing browser is a failure.
 */
// first: this file's lib/ uses the table and bucket of the run's shared server
import '../support/offline-table';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { ROOT } from '../../scripts/local-stack';
import { drainOutbox } from '../../lib/domain/notifications';
import { mailsTo, uniqueName } from '../support/api';
import { day } from '../support/evaluations';
import { png } from '../support/multipart';
import { browserTestRuns, openBrowser, PHONE } from '../support/browser';
import { fetchJson, OFFLINE_START_TIMEOUT_MS, sharedOffline, type Offline } from '../support/offline';
import { makeUser, TEST_PASSWORD } from '../support/users';
import { makeVillage } from '../support/villages';

const runs = browserTestRuns('tests/evaluations/page.browser.test.ts');

const SELF = {
  partisipasi_masyarakat: 70,
  keragaman_paket_wisata: 65,
  akses_tempat_wisata: 72,
  keramahan_difabel: 60,
  fasilitas_tempat_wisata: 68,
  produk_tempat_wisata: 75,
};
// mean 78.3 → 78: Maju
const REVIEW = {
  partisipasi_masyarakat: 80,
  keragaman_paket_wisata: 78,
  akses_tempat_wisata: 76,
  keramahan_difabel: 74,
  fasilitas_tempat_wisata: 82,
  produk_tempat_wisata: 80,
};

describe.skipIf(!runs)('GET /evaluasi in headless chromium', () => {
  let server: Offline | undefined;
  let context: BrowserContext | undefined;
  let closeBrowser: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    server = await sharedOffline();
    ({ context, close: closeBrowser } = await openBrowser(PHONE));
  }, OFFLINE_START_TIMEOUT_MS + 180_000);

  afterAll(async () => {
    await closeBrowser?.();
  }, 60_000);

  it(
    'a round from opening to review: dinas opens it, the pengelola assesses with a photo and submits, dinas reviews; the score, the statistics and the owner’s mail follow',
    { timeout: 300_000 },
    async () => {
      const base = server!.baseUrl;
      const provinsi = uniqueName('Provinsi Halaman Evaluasi');
      const [dinas, owner] = await Promise.all([makeUser('dinas'), makeUser('pengelola')]);
      const village = await makeVillage(owner, { provinsi, kabupaten: 'Sleman', nama_desa: 'Desa Uji Halaman' });
      const kd = village.kd_desa;

      const page = await context!.newPage();
      page.setDefaultTimeout(60_000);
      const outside: string[] = [];
      let problems: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(`${base}/`) && !r.url().startsWith('data:')) outside.push(r.url());
      });
      page.on('response', (r) => {
        if (r.status() >= 400) problems.push(`${r.url()}: HTTP ${r.status()}`);
      });
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));

      const idle = () => page.waitForSelector('body[data-view]:not([data-busy])');
      const text = async (selector: string) => ((await page.textContent(selector)) ?? '').trim();
      const fitsPhone = async () =>
        expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number)).toBeLessThanOrEqual(
          PHONE.width,
        );
      const signIn = async (email: string) => {
        await page.fill('#email', email);
        await page.fill('#sandi', TEST_PASSWORD);
        await page.click('#form-masuk button[type=submit]');
        await page.waitForSelector('body[data-view="putaran"]');
        await idle();
      };
      const signOut = async () => {
        await page.click('#keluar');
        await page.waitForSelector('body[data-view="masuk"]');
        expect(await page.evaluate(() => (globalThis as any).sessionStorage.length as number)).toBe(0);
      };
      const openRound = async (id: string) => {
        await page.click(`#daftar-putaran button[data-id="${id}"]`);
        await page.waitForSelector('body[data-view="evaluasi"]');
        await idle();
      };
      const openVillage = async (p: Page) => {
        await p.click(`#daftar-desa button[data-kd="${kd}"]`);
        await p.waitForSelector('body[data-view="desa"]');
        await idle();
      };

      expect((await page.goto(`${base}/evaluasi`))?.status()).toBe(200);
      await page.waitForSelector('body[data-view="masuk"]');

      // a wrong password: the API's own message, and nothing else goes wrong
      await page.fill('#email', dinas.email);
      await page.fill('#sandi', 'salah-sandi-123');
      await page.click('#form-masuk button[type=submit]');
      await page.waitForFunction((m) => (globalThis as any).document.getElementById('pesan').textContent === m, MSG.loginFailed);
      expect(
        problems.every((p) => p.includes('401')),
        problems.join('\n'),
      ).toBe(true);
      problems = [];

      // dinas opens a round for the test's province
      await signIn(dinas.email);
      expect(await page.isVisible('#buka-putaran')).toBe(true);
      const nama = `Evaluasi Halaman ${provinsi}`;
      await page.fill('#p-nama', nama);
      await page.fill('#p-mulai', day(-1));
      await page.fill('#p-batas', day(10));
      await page.fill('#p-selesai', day(20));
      await page.fill('#p-provinsi', provinsi);
      await page.click('#form-putaran button[type=submit]');
      await page.waitForFunction((m) => (globalThis as any).document.getElementById('info').textContent === m, MSG.evaluationCreated);
      const round = page.locator('#daftar-putaran button', { hasText: nama });
      const id = (await round.getAttribute('data-id'))!;
      expect(id).toMatch(/^EVAL-/);
      expect(await round.textContent()).toContain('Penilaian mandiri');
      await fitsPhone();
      await openRound(id);
      expect(await text(`#daftar-desa button[data-kd="${kd}"]`)).toContain('Belum diisi');
      expect(await text('[data-rekap="desa"] b')).toBe('1');
      await signOut();

      // the pengelola fills the self-assessment: values, a note, a link and a photo
      await signIn(owner.email);
      expect(await page.isVisible('#buka-putaran')).toBe(false);
      await openRound(id);
      expect(await page.isVisible('#rekap')).toBe(false);
      await openVillage(page);
      for (const [f, v] of Object.entries(SELF)) await page.fill(`#nilai-${f}`, String(v));
      await page.fill('#catatan-partisipasi_masyarakat', 'Rapat warga bulanan, 45 orang hadir');
      await page.fill('#tautan-partisipasi_masyarakat', 'https://example.org/laporan-warga');
      await page.setInputFiles('#berkas-partisipasi_masyarakat', { name: 'rapat-warga.png', mimeType: 'image/png', buffer: png(2_000) });
      await page.click('#simpan');
      await page.waitForFunction((m) => (globalThis as any).document.getElementById('info').textContent === m, MSG.selfAssessmentSaved);
      await idle();
      // the file it holds, as a link from the answer
      const photo = page.locator('[data-berkas="partisipasi_masyarakat"] a');
      expect(await photo.count()).toBe(1);
      expect(await photo.getAttribute('href')).toMatch(/^https?:\/\//);
      expect(await page.inputValue('#catatan-partisipasi_masyarakat')).toBe('Rapat warga bulanan, 45 orang hadir');
      await fitsPhone();
      await page.click('#ajukan');
      await page.waitForSelector('body[data-status="diajukan"]');
      expect(await text('#info')).toBe(MSG.selfAssessmentSubmitted);
      expect(await page.getAttribute('#nilai-partisipasi_masyarakat', 'readonly')).not.toBeNull();
      expect(await page.isVisible('#simpan')).toBe(false);
      await signOut();

      // dinas finds it among the submitted ones and reviews it beside the self-assessment
      await signIn(dinas.email);
      await openRound(id);
      await page.selectOption('#e-status', 'diajukan');
      await idle();
      expect(await text(`#daftar-desa button[data-kd="${kd}"]`)).toContain('Diajukan');
      await openVillage(page);
      expect(await text('[data-mandiri="partisipasi_masyarakat"] .nilai')).toBe(String(SELF.partisipasi_masyarakat));
      expect(await text('[data-mandiri="partisipasi_masyarakat"]')).toContain('Rapat warga bulanan, 45 orang hadir');
      expect(await page.getAttribute('[data-mandiri="partisipasi_masyarakat"] a[href^="https://example.org"]', 'href')).toBe(
        'https://example.org/laporan-warga',
      );
      expect(await page.locator('[data-mandiri="partisipasi_masyarakat"] [data-berkas] a').count()).toBe(1);
      for (const [f, v] of Object.entries(REVIEW)) await page.fill(`#tinjau-${f}`, String(v));
      await page.fill('#tinjau-catatan-keramahan_difabel', 'Belum ada jalur kursi roda ke area utama');
      await page.click('#simpan-penilaian');
      await page.waitForSelector('body[data-status="dinilai"]');
      expect(await text('#info')).toContain(MSG.reviewSaved);
      expect(await text('#d-info')).toContain('Maju');
      await fitsPhone();
      mkdirSync(join(ROOT, '.local'), { recursive: true });
      await page.screenshot({ path: join(ROOT, '.local', 'evaluasi.png'), fullPage: true });

      // the progress: one village in scope, reviewed, new to a category; the means per criterion
      await page.click('#ke-evaluasi');
      await page.waitForSelector('body[data-view="evaluasi"]');
      await page.waitForSelector('#rekap:not([hidden])');
      await idle();
      expect(await text('[data-rekap="dinilai"] b')).toBe('1');
      expect(await text('[data-rekap="gerak-baru"] b')).toBe('1');
      expect(await text('[data-kriteria="keramahan_difabel"]')).toContain(String(REVIEW.keramahan_difabel));
      expect(await text('[data-kriteria="keramahan_difabel"]')).toContain(String(SELF.keramahan_difabel));
      expect(await page.getAttribute('[data-kriteria="keramahan_difabel"]', 'class')).toBe('lemah');
      const regions = page.locator('#rekap tr[data-kabupaten]');
      expect(await regions.count()).toBe(1);
      expect(await regions.textContent()).toContain('Keramahan bagi difabel');
      await fitsPhone();

      // the review is the village's score, and the statistics count its category
      const score = await fetchJson(base, `/api/skor/${kd}`);
      expect(score.status).toBe(200);
      expect(score.body.data).toMatchObject(REVIEW);
      const stats = await fetchJson(base, `/api/statistik?provinsi=${encodeURIComponent(provinsi)}`);
      expect(stats.body.data.desa_wisata.total).toBe(1);
      expect(stats.body.data.kategori).toMatchObject({ Maju: 1, belum_dinilai: 0 });

      // the review's mail reaches the owner once the outbox is drained (every minute on AWS; here, now)
      const reviewMail = async () =>
        (await mailsTo(owner.email)).find((m) => m.subject === 'Hasil penilaian desa Desa Uji Halaman: Maju' && m.text.includes(nama));
      for (let i = 0; i < 30 && !(await reviewMail()); i++) {
        const drained = await drainOutbox({ rate: 100 });
        if (!drained.more) await new Promise((r) => setTimeout(r, 500));
      }
      expect((await reviewMail())?.text).toContain('Kategori desa sekarang: Maju (rata-rata 78)');

      expect(outside, 'requests to anything but the API').toEqual([]);
      expect(problems, 'failed requests and console errors (e.g. CSP violations)').toEqual([]);
    },
  );
});
