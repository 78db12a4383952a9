/**
 * /statistik in a real browser, at a desk (1280×800) and on a phone (390×844): the page the
 * run's server serves (web/, its own build) draws the figures GET /api/statistik gave it, each
 * chart with the same numbers in a table; count axes tick on whole numbers only; long region
 * names ("Daerah Istimewa Yogyakarta", "Kabupaten Kepulauan Siau Tagulandang Biaro") are
 * wrapped, never cut off; villages added in three different years show as three years (or,
 * asked per month, as 25 months in a row, never as three neighbouring months). Each view has
 * its URL (reload and Back keep it); a signed-in office also sees the account counts;
 * axe-core finds no serious or critical violation on any view; nothing loads from outside.
 * Screenshots in .local/screens/statistik-*.png.
 *
 * Without /usr/bin/chromium the test is skipped with a message, except in CI.
 */
// first: this file's lib/ uses the table and bucket of the run's shared server
import { sharedDemoData } from '../support/offline-table';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { setClock } from '../../lib/platform/clock';
import { browserTest } from '../support/browser';
import { fetchJson } from '../support/offline';
import { DESK, expectAccessible, expectFitsWidth, PHONE, screenshot, signIn, watchPage } from '../support/page-checks';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

const LONG_KABUPATEN = 'Kabupaten Kepulauan Siau Tagulandang Biaro';
const DIY = 'Daerah Istimewa Yogyakarta';
const YEARS = ['2023', '2024', '2025'];

/** What a chart on the page shows, read from its Chart.js instance (Chart.getChart of its canvas). */
interface ChartFacts {
  horizontal: boolean;
  /** The names of the categories as the chart holds them (a wrapped name’s lines joined again). */
  labels: string[];
  /** The names on the category axis, as drawn (a skipped one is absent). */
  axisLabels: string[];
  data: number[][];
  countTicks: number[];
  /** Horizontal charts: the widest line of the names and the room the name axis has (px). */
  widestName: number;
  nameRoom: number;
  nameAxisLeft: number;
  namesDrawn: number;
  /** Horizontal charts: the height of one name's slot, and of the tallest name (its lines × line height). */
  slot: number;
  tallestName: number;
}

async function chartFacts(page: Page, id: string): Promise<ChartFacts> {
  // the Chart.js module the page itself loaded (its lazily loaded chunk), imported in the page
  // by an expression (a function's own import() would be rewritten by vitest's transform)
  const url = await page.evaluate(() =>
    ((globalThis as any).performance.getEntriesByType('resource') as { name: string }[])
      .map((e) => e.name)
      .find((n) => /\/assets\/chart-[^/]*\.js$/.test(n)),
  );
  if (!url) throw new Error('the chart module was not loaded');
  const module = await page.evaluateHandle(`import(${JSON.stringify(url)})`);
  const facts = await page.evaluate(
    ([{ Chart }, canvasId]: [any, string]) => {
      const g = globalThis as any;
      const canvas = g.document.getElementById(canvasId);
      const chart = Chart.getChart(canvas);
      if (!chart) throw new Error(`no chart on #${canvasId}`);
      const horizontal = chart.options.indexAxis === 'y';
      const count = chart.scales[horizontal ? 'x' : 'y'];
      const names = chart.scales[horizontal ? 'y' : 'x'];
      const lines = (chart.data.labels as (string | string[])[]).map((l) => (Array.isArray(l) ? l : [l]));
      const ctx = canvas.getContext('2d');
      ctx.save();
      ctx.font = `${Chart.defaults.font.size}px ${Chart.defaults.font.family}`;
      const widestName = Math.max(...lines.flat().map((line) => ctx.measureText(line).width as number));
      ctx.restore();
      return {
        horizontal,
        labels: lines.map((l) => l.join(' ')),
        axisLabels: names.ticks.map((t: any) => (Array.isArray(t.label) ? t.label.join(' ') : t.label)),
        data: chart.data.datasets.map((d: any) => d.data as number[]),
        countTicks: count.ticks.map((t: any) => t.value as number),
        widestName,
        nameRoom: names.width - (names.options.ticks.padding ?? 0),
        nameAxisLeft: names.left,
        namesDrawn: names.ticks.length,
        slot: names.height / Math.max(1, lines.length),
        tallestName: Math.max(...lines.map((l) => l.length)) * Chart.defaults.font.size * (Chart.defaults.font.lineHeight ?? 1.2),
      };
    },
    [module, id] as [any, string],
  );
  await module.dispose();
  return facts;
}

/** Counts on whole numbers only, from 0, at least two ticks. */
function expectWholeTicks(facts: ChartFacts, what: string) {
  expect(facts.countTicks.length, `${what}: ticks`).toBeGreaterThanOrEqual(2);
  expect(facts.countTicks[0], `${what}: from 0`).toBe(0);
  expect(
    facts.countTicks.filter((t) => !Number.isInteger(t)),
    `${what}: ticks ${facts.countTicks.join(', ')}`,
  ).toEqual([]);
}

/** A horizontal chart's names: every one drawn, none wider than its axis, the axis inside the canvas. */
function expectNamesReadable(facts: ChartFacts, what: string) {
  expect(facts.horizontal, `${what}: bars from the left`).toBe(true);
  expect(facts.namesDrawn, `${what}: every name drawn`).toBe(facts.labels.length);
  expect(facts.nameAxisLeft, `${what}: the names start inside the canvas`).toBeGreaterThanOrEqual(0);
  expect(facts.widestName, `${what}: the widest name fits its axis`).toBeLessThanOrEqual(facts.nameRoom);
  expect(facts.tallestName, `${what}: a name's lines do not run into the next name`).toBeLessThanOrEqual(facts.slot);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const angka = (n: number) => new Intl.NumberFormat('id-ID').format(n);

const provinsi = `Provinsi Uji Statistik ${randomBytes(3).toString('hex')}`;
let dinas: Awaited<ReturnType<typeof makeUser>> | undefined;

browserTest(
  {
    file: 'tests/statistics/page.browser.test.ts',
    title: '/statistik in headless chromium',
    viewport: DESK,
    prepare: async () => {
      await sharedDemoData();
      const owner = await makeUser('pengelola');
      dinas = await makeUser('dinas');
      // a village in a province with a long name, now
      await makeVillage(owner, { provinsi: DIY, kabupaten: 'Sleman' });
      // the test's province: one village in March of each of three years
      try {
        for (const [i, year] of YEARS.entries()) {
          setClock(() => Date.parse(`${year}-03-15T03:00:00Z`));
          await makeVillage(owner, { provinsi, kabupaten: i === 1 ? 'Sleman' : LONG_KABUPATEN });
        }
      } finally {
        setClock();
      }
    },
    timeout: 240_000,
    pageTimeout: 30_000,
  },
  'figures as tables and charts with whole-number ticks, readable region names, years as years, a URL per view, at a desk and on a phone',
  async ({ base, page }) => {
    const { outside, problems } = watchPage(page, base);

    // The figures the page itself received (other files write to the shared server meanwhile).
    const answered = (region: { provinsi?: string; kabupaten?: string } = {}) =>
      page
        .waitForResponse((r) => {
          const url = new URL(r.url());
          return (
            url.pathname === '/api/statistik' &&
            url.searchParams.get('provinsi') === (region.provinsi ?? null) &&
            url.searchParams.get('kabupaten') === (region.kabupaten ?? null)
          );
        })
        .then(async (r) => ((await r.json()) as { data: any }).data);
    const loaded = (region: { provinsi?: string; kabupaten?: string } = {}) =>
      page.waitForSelector(`[data-loaded="${region.provinsi ?? ''}|${region.kabupaten ?? ''}"]`);
    const drawn = async (...ids: string[]) => {
      for (const id of ids) await page.waitForSelector(`canvas#${id}[data-drawn]`);
    };
    const tableRows = (figure: string) =>
      page.$$eval(`[data-figure="${figure}"] tbody tr`, (rows) =>
        rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())),
      );

    for (const [size, viewport] of [
      ['desk', DESK],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      const what = (view: string) => `${view} (${size})`;

      // ---- the summary, the whole country
      const country = answered();
      expect((await page.goto(`${base}/statistik`))?.status()).toBe(200);
      const all = await country;
      await loaded();
      await drawn('grafik-kategori', 'grafik-status', 'grafik-permintaan');
      expect(await page.textContent('[data-total="desa"]')).toBe(angka(all.desa_wisata.total));
      expect(await page.isVisible('[data-total="terverifikasi"]'), 'account counts only for an office').toBe(false);
      const kategori = await chartFacts(page, 'grafik-kategori');
      expect(kategori.labels).toEqual(['Mandiri', 'Maju', 'Berkembang', 'Rintisan', 'Belum dinilai']);
      expect(kategori.data).toEqual([
        [all.kategori.Mandiri, all.kategori.Maju, all.kategori.Berkembang, all.kategori.Rintisan, all.kategori.belum_dinilai],
      ]);
      expect((await tableRows('grafik-kategori')).map((r) => r.slice(0, 2))).toEqual(
        kategori.labels.map((l, i) => [l, angka(kategori.data[0]![i]!)]),
      );
      const status = await chartFacts(page, 'grafik-status');
      expect(status.data[0]).toEqual(['aktif', 'nonaktif', 'ditinjau', 'pending', 'tanpa_status'].map((k) => all.status_operasional[k]));
      const requests = await chartFacts(page, 'grafik-permintaan');
      expect(requests.data[0]).toEqual(['diproses', 'diterima', 'ditolak', 'selesai'].map((k) => all.permintaan[k]));
      for (const [name, facts] of [
        ['kategori', kategori],
        ['status', status],
        ['permintaan', requests],
      ] as const) {
        expectWholeTicks(facts, what(name));
        expectNamesReadable(facts, what(name));
      }
      await expectFitsWidth(page);
      await expectAccessible(page, what('ringkasan'));
      await screenshot(page, `statistik-ringkasan-${size}`);

      // ---- per region: every province, long names wrapped and whole
      await page.click('nav.tabs >> text=Per wilayah');
      await page.waitForURL(`${base}/statistik/wilayah`);
      await drawn('grafik-wilayah');
      const regions = await chartFacts(page, 'grafik-wilayah');
      expect(regions.labels).toEqual(all.desa_wisata.per_provinsi.map((p: any) => p.provinsi));
      expect(regions.data).toEqual([all.desa_wisata.per_provinsi.map((p: any) => p.jumlah)]);
      expect(regions.labels).toContain(DIY);
      expect(regions.labels).toContain(provinsi);
      expectWholeTicks(regions, what('wilayah'));
      expectNamesReadable(regions, what('wilayah'));
      expect((await tableRows('grafik-wilayah')).map((r) => r[0])).toEqual(regions.labels);
      await expectFitsWidth(page);
      await expectAccessible(page, what('wilayah'));
      await screenshot(page, `statistik-wilayah-${size}`);

      // ---- the test's province: its kabupaten, the long one whole
      const mine = answered({ provinsi });
      await page.selectOption('#f-provinsi', provinsi);
      const one = await mine;
      await loaded({ provinsi });
      expect(new URL(page.url()).searchParams.get('provinsi')).toBe(provinsi);
      expect(one.desa_wisata.total).toBe(3);
      await page.waitForFunction(
        (n) => (globalThis as any).document.querySelectorAll('[data-figure="grafik-wilayah"] tbody tr').length === n,
        2,
      );
      await drawn('grafik-wilayah');
      const kabupaten = await chartFacts(page, 'grafik-wilayah');
      expect(kabupaten.labels).toEqual([LONG_KABUPATEN, 'Sleman']);
      expect(kabupaten.data).toEqual([[2, 1]]);
      expectWholeTicks(kabupaten, what('wilayah, one province'));
      expectNamesReadable(kabupaten, what('wilayah, one province'));
      // the kabupaten of the province to choose from
      expect(await page.$$eval('#f-kabupaten option', (os) => os.map((o) => o.textContent))).toEqual([
        'Semua kabupaten/kota',
        LONG_KABUPATEN,
        'Sleman',
      ]);
      await screenshot(page, `statistik-wilayah-provinsi-${size}`);

      // ---- over time: three villages three years apart are three years
      await page.click('nav.tabs >> text=Perkembangan');
      await page.waitForURL((u) => u.pathname === '/statistik/perkembangan' && u.searchParams.get('provinsi') === provinsi);
      await drawn('grafik-waktu');
      expect(one.per_bulan).toEqual(YEARS.map((y) => ({ bulan: `${y}-03`, desa_baru: 1, perubahan_kategori: 0 })));
      const perYear = await chartFacts(page, 'grafik-waktu');
      expect(perYear.labels).toEqual(YEARS);
      expect(perYear.data).toEqual([
        [1, 1, 1],
        [0, 0, 0],
      ]);
      expect(perYear.axisLabels).toEqual(YEARS);
      expect(await page.isChecked('input[name="per"][value="tahun"]')).toBe(true);
      expectWholeTicks(perYear, what('perkembangan per tahun'));
      await expectAccessible(page, what('perkembangan per tahun'));
      await screenshot(page, `statistik-perkembangan-tahun-${size}`);

      // asked per month: every month from March 2023 to March 2025, in a row
      await page.check('input[name="per"][value="bulan"]');
      await page.waitForURL((u) => u.searchParams.get('per') === 'bulan');
      await page.waitForFunction(() =>
        ((globalThis as any).document.querySelector('[data-figure="grafik-waktu"] h2')?.textContent ?? '').includes('per bulan'),
      );
      await drawn('grafik-waktu');
      const perMonth = await chartFacts(page, 'grafik-waktu');
      // on the axis short (Mar 2023), in the table in full (Maret 2023)
      expect(perMonth.labels).toHaveLength(25);
      expect([0, 1, 12, 24].map((i) => perMonth.labels[i])).toEqual(['Mar 2023', 'Apr 2023', 'Mar 2024', 'Mar 2025']);
      expect(perMonth.data[0]).toEqual(perMonth.labels.map((_, i) => (i % 12 === 0 ? 1 : 0)));
      expect(
        perMonth.axisLabels.every((l) => perMonth.labels.includes(l)),
        perMonth.axisLabels.join(', '),
      ).toBe(true);
      const monthRows = (await tableRows('grafik-waktu')).map((r) => r[0]);
      expect(monthRows).toHaveLength(25);
      expect([0, 1, 12, 24].map((i) => monthRows[i])).toEqual(['Maret 2023', 'April 2023', 'Maret 2024', 'Maret 2025']);
      expectWholeTicks(perMonth, what('perkembangan per bulan'));
      await expectFitsWidth(page);
      await expectAccessible(page, what('perkembangan per bulan'));
      await screenshot(page, `statistik-perkembangan-bulan-${size}`);

      // a reload keeps the view, its region and its choice; Back goes to the view before
      await page.reload();
      await loaded({ provinsi });
      await drawn('grafik-waktu');
      expect(await page.isChecked('input[name="per"][value="bulan"]')).toBe(true);
      expect(await page.inputValue('#f-provinsi')).toBe(provinsi);
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/statistik/perkembangan' && !u.searchParams.has('per'));
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/statistik/wilayah' && u.searchParams.get('provinsi') === provinsi);
      await drawn('grafik-wilayah');
    }

    // ---- an office, signed in (on /akun: the session holds for the browser), sees the account counts
    await page.goto(`${base}/akun`);
    await signIn(page, dinas!.email, '#keluar');
    const withToken = answered();
    await page.goto(`${base}/statistik`);
    const office = await withToken;
    await loaded();
    expect(office.akun).toBeDefined();
    await page.waitForSelector('[data-total="terverifikasi"]');
    expect(await page.textContent('[data-total="terverifikasi"]')).toBe(angka(office.akun.terverifikasi));
    expect(await page.textContent('[data-total="menunggu"]')).toBe(angka(office.akun.menunggu));
    await expectAccessible(page, 'ringkasan, dinas (phone)');
    await screenshot(page, 'statistik-ringkasan-dinas-phone');
    // the same as the API gives that token
    const direct = await fetchJson(base, '/api/statistik', { headers: { Authorization: `Bearer ${dinas!.token}` } });
    expect(direct.body.data.akun).toBeDefined();

    // an unknown view says so, with a way back
    await page.goto(`${base}/statistik/tidak-ada`);
    await page.waitForSelector('text=Halaman ini tidak ditemukan.');

    expect(sum(kategoriTotals(office)), 'the categories add up to the villages').toBe(office.desa_wisata.total);
    expect(outside, 'requests to anything but this origin').toEqual([]);
    expect(problems, 'failed requests and console errors (e.g. CSP violations)').toEqual([]);
  },
);

const kategoriTotals = (s: any) => ['Mandiri', 'Maju', 'Berkembang', 'Rintisan', 'belum_dinilai'].map((k) => s.kategori[k] as number);
