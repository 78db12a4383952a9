/**
 * GET /statistik in a real browser at a phone's width: serverless-offline serves the API
 * as `npm start` does, over the demo data (`npm run seed`'s code); Debian's chromium
 * (playwright-core, headless) opens the page, which must draw the figures
 * GET /api/statistik returns, narrow them to a province when one is chosen, fit the
 * phone's width, and load nothing from outside the API. It leaves a screenshot in
 * .local/statistik.png (docs/statistik.png is one of these).
 *
 * Without /usr/bin/chromium the test is skipped with a message, except in CI (env CI
 * set), where a missing browser is a failure.
 */
// first: this file's lib/ uses the table and bucket of the run's shared server
import '../support/offline-table';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/local-stack';
import { seedDemoData } from '../../scripts/seed-data';
import { browserTestRuns, openBrowser, PHONE } from '../support/browser';
import { OFFLINE_START_TIMEOUT_MS, sharedOffline, type Offline } from '../support/offline';

const runs = browserTestRuns('tests/statistics/page.browser.test.ts');

describe.skipIf(!runs)('GET /statistik in headless chromium', () => {
  let server: Offline | undefined;
  let context: BrowserContext | undefined;
  let closeBrowser: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    await seedDemoData();
    server = await sharedOffline();
    ({ context, close: closeBrowser } = await openBrowser(PHONE));
  }, OFFLINE_START_TIMEOUT_MS + 180_000);

  afterAll(async () => {
    await closeBrowser?.();
  }, 60_000);

  it(
    'draws the figures GET /api/statistik returns, narrows them to a province, fits a phone, loads nothing from outside',
    { timeout: 120_000 },
    async () => {
      const base = server!.baseUrl;
      const page = await context!.newPage();
      const outside: string[] = [];
      const problems: string[] = [];
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

      // The figures the page itself received: other test files write to the run's shared server
      // meanwhile, so a second read could already count one more village.
      const answered = (provinsi: string | null = null) =>
        page
          .waitForResponse((r) => {
            const url = new URL(r.url());
            return url.pathname === '/api/statistik' && url.searchParams.get('provinsi') === provinsi;
          })
          .then(async (r) => ((await r.json()) as { data: any }).data);
      const chart = (id: string) =>
        page.evaluate((canvas) => {
          const c = (globalThis as any).Chart.getChart(canvas);
          return { labels: c.data.labels as string[], data: c.data.datasets.map((d: any) => d.data as number[]) };
        }, id);

      const first = answered();
      expect((await page.goto(`${base}/statistik`))?.status()).toBe(200);
      await page.waitForSelector('body[data-loaded=""]', { timeout: 60_000 });
      const all = await first;
      expect(all.desa_wisata.total).toBeGreaterThan(0);
      expect(await page.textContent('#total')).toBe(String(all.desa_wisata.total));
      expect(await chart('grafik-kategori')).toEqual({
        labels: ['Mandiri', 'Maju', 'Berkembang', 'Rintisan', 'Belum dinilai'],
        data: [[all.kategori.Mandiri, all.kategori.Maju, all.kategori.Berkembang, all.kategori.Rintisan, all.kategori.belum_dinilai]],
      });
      expect((await chart('grafik-wilayah')).data[0]).toEqual(all.desa_wisata.per_provinsi.map((p: any) => p.jumlah));
      expect((await chart('grafik-status')).data[0]).toEqual(
        ['aktif', 'nonaktif', 'ditinjau', 'pending', 'tanpa_status'].map((k) => all.status_operasional[k]),
      );
      expect((await chart('grafik-permintaan')).data[0]).toEqual(
        ['diproses', 'diterima', 'ditolak', 'selesai'].map((k) => all.permintaan[k]),
      );
      expect((await chart('grafik-bulan')).labels).toEqual(all.per_bulan.map((m: any) => m.bulan));

      // a phone's width: nothing wider than the screen
      expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number)).toBeLessThanOrEqual(
        PHONE.width,
      );
      mkdirSync(join(ROOT, '.local'), { recursive: true });
      await page.screenshot({ path: join(ROOT, '.local', 'statistik.png'), fullPage: true });

      // a province narrows every chart to it
      const province = all.desa_wisata.per_provinsi[0].provinsi as string;
      const narrowed = answered(province);
      await page.selectOption('#provinsi', province);
      await page.waitForSelector(`body[data-loaded="${province}"]`, { timeout: 30_000 });
      const one = await narrowed;
      expect(await page.textContent('#total')).toBe(String(one.desa_wisata.total));
      expect(await chart('grafik-wilayah')).toEqual({
        labels: one.desa_wisata.per_kabupaten.map((k: any) => k.kabupaten),
        data: [one.desa_wisata.per_kabupaten.map((k: any) => k.jumlah)],
      });
      expect((await chart('grafik-kategori')).data[0]).toEqual(
        ['Mandiri', 'Maju', 'Berkembang', 'Rintisan', 'belum_dinilai'].map((k) => one.kategori[k]),
      );

      expect(outside, 'requests to anything but the API').toEqual([]);
      expect(problems, 'failed requests and console errors (e.g. CSP violations)').toEqual([]);
    },
  );
});
