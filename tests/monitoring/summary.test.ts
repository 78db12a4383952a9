/**
 * Monitoring's reads for the office (docs/monitoring.md): a region's months from the report
 * counters against a year before (GET /api/pemantauan/rekap) and the villages without a report
 * of a month (GET /api/pemantauan/belum-lapor), the flagged months not yet verified
 * (GET /api/pemantauan/perlu-cek), with their refusals and what they read.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { db } from '../../lib/db/client';
import { monthPlus, thisMonth } from '../../lib/domain/monitoring';
import { handler as createScore } from '../../functions/scores/create';
import { handler as updateScore } from '../../functions/scores/update';
import { handler as statistics } from '../../functions/statistics/get';
import { handler as flagged } from '../../functions/monitoring/flagged';
import { sameScores } from '../robustness/support/fixture';
import { invoke } from '../support/api';
import { makeUser } from '../support/users';
import { makeVillage, regionWithVillages } from '../support/villages';
import { expectReportCountersMatchRecount, monitoring, monthsAgo, report } from '../support/monitoring';

/** What the DynamoDB commands sent while `fn` runs read: per command, its index and the items it returned. */
async function reads<T>(fn: () => Promise<T>): Promise<{ result: T; calls: { command: string; index?: string; items: number }[] }> {
  const calls: { command: string; index?: string; items: number }[] = [];
  const name = `reads-${Math.random()}`;
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      const input = args.input as { IndexName?: string };
      const output = out.output as { Count?: number; Responses?: Record<string, unknown[]> };
      calls.push({
        command: String(context.commandName),
        ...(input.IndexName ? { index: input.IndexName } : {}),
        items: output.Count ?? Object.values(output.Responses ?? {}).reduce((n, l) => n + l.length, 0),
      });
      return out;
    },
    { step: 'initialize', name },
  );
  try {
    return { result: await fn(), calls };
  } finally {
    db().middlewareStack.remove(name);
  }
}

async function region() {
  const {
    provinsi,
    dinas,
    admin,
    villages: [v1, v2, v3],
  } = await regionWithVillages('Provinsi Rekap', (provinsi) => [
    { provinsi, kabupaten: 'Sleman', nama_desa: 'Alpha' },
    { provinsi, kabupaten: 'Sleman', nama_desa: 'Beta' },
    { provinsi, kabupaten: 'Bantul', nama_desa: 'Gamma' },
  ]);
  return { provinsi, dinas, admin, a: v1.owner, b: v2.owner, c: v3.owner, v1: v1.kd_desa, v2: v2.kd_desa, v3: v3.kd_desa };
}

const zeros = { wisnus: 0, wisman: 0, pendapatan: 0, tenaga_kerja: 0 };

describe('GET /api/pemantauan/rekap', () => {
  it('a year’s months per region from the counters, against the same months a year before, with the villages in scope', async () => {
    const { provinsi, dinas, admin, a, b, c, v1, v2, v3 } = await region();
    await report(v1, '2025-01', a.token, { ...zeros, wisnus: 100, pendapatan: 1_000_000, tenaga_kerja: 5 });
    await report(v1, '2025-02', a.token, { ...zeros, wisnus: 200 });
    await report(v2, '2025-01', b.token, { ...zeros, wisnus: 50, malam_inap: 10 });
    await report(v3, '2025-01', c.token, { ...zeros, wisnus: 30, wisman: 4 });
    await report(v1, '2024-01', a.token, { ...zeros, wisnus: 80, pendapatan: 500_000 });
    expect((await monitoring.verify(v1, '2025-01', dinas.token)).statusCode).toBe(200);
    await expectReportCountersMatchRecount();

    const res = await monitoring.rekap(dinas.token, { tahun: '2025', provinsi });
    expect(res.statusCode).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      tahun: 2025,
      bulan: null,
      provinsi,
      kabupaten: null,
      periode: { dari: '2025-01', sampai: '2025-12' },
      pembanding: { dari: '2024-01', sampai: '2024-12' },
      desa: 3,
    });
    // 2025-02: visitors without revenue after a month with some: flagged
    expect(d.total).toMatchObject({ wisnus: 380, wisman: 4, pendapatan: 1_000_000, malam_inap: 10, n_lapor: 4, n_verifikasi: 1, n_cek: 1 });
    expect(d.total.tahun_lalu).toMatchObject({ wisnus: 80, pendapatan: 500_000, n_lapor: 1 });
    expect(d.total.perubahan.wisnus).toEqual({ selisih: 300, persen: 375 });
    expect(d.total.perubahan.wisman).toEqual({ selisih: 4, persen: null });
    expect(d.per_bulan).toHaveLength(12);
    expect(d.per_bulan[0]).toMatchObject({ bulan: '2025-01', wisnus: 180, n_lapor: 3, belum_lapor: 0, tahun_lalu: { wisnus: 80 } });
    expect(d.per_bulan[1]).toMatchObject({ bulan: '2025-02', wisnus: 200, n_lapor: 1, belum_lapor: 2 });
    expect(d.per_bulan[2]).toMatchObject({ bulan: '2025-03', wisnus: 0, n_lapor: 0, belum_lapor: 3 });
    expect(d.wilayah.map((w: Record<string, unknown>) => [w.kabupaten, w.desa, w.wisnus, w.n_lapor])).toEqual([
      ['Bantul', 1, 30, 1],
      ['Sleman', 2, 350, 3],
    ]);
    expect(d.wilayah[1].per_bulan[1]).toMatchObject({ bulan: '2025-02', wisnus: 200 });

    // one month; one kabupaten
    const jan = (await monitoring.rekap(admin.token, { tahun: '2025', bulan: '01', provinsi })).body.data;
    expect(jan).toMatchObject({ periode: { dari: '2025-01', sampai: '2025-01' }, total: { wisnus: 180, tahun_lalu: { wisnus: 80 } } });
    expect(jan.per_bulan).toHaveLength(1);
    const sleman = (await monitoring.rekap(dinas.token, { tahun: '2025', provinsi, kabupaten: 'sleman' })).body.data;
    expect(sleman).toMatchObject({ desa: 2, total: { wisnus: 350 } });
    // every region: ours among them
    const all = (await monitoring.rekap(dinas.token, { tahun: '2025' })).body.data;
    expect(all.wilayah.filter((w: { provinsi: string }) => w.provinsi === provinsi)).toHaveLength(2);
    expect(all.total.wisnus).toBeGreaterThanOrEqual(380);

    // the current year: through this month only
    const now = (await monitoring.rekap(dinas.token, { tahun: thisMonth().slice(0, 4), provinsi })).body.data;
    expect(now.periode).toEqual({ dari: `${thisMonth().slice(0, 4)}-01`, sampai: thisMonth() });
  });

  it('reads the counters, never the villages: a year for every region is the same Queries however many villages report', async () => {
    const { dinas, a, v1, provinsi } = await region();
    await report(v1, '2023-06', a.token);
    const before = await reads(() => monitoring.rekap(dinas.token, { tahun: '2023' }));
    // more villages report the same region-month
    const more = await Promise.all(Array.from({ length: 4 }, () => makeUser('pengelola')));
    for (const owner of more) {
      const v = await makeVillage(owner, { provinsi, kabupaten: 'Sleman' });
      await report(v.kd_desa, '2023-06', owner.token);
    }
    const after = await reads(() => monitoring.rekap(dinas.token, { tahun: '2023' }));
    const shape = (calls: { command: string; index?: string }[]) => calls.map((c) => `${c.command}${c.index ? ` ${c.index}` : ''}`).sort();
    // the caller's account, the year's counters, the year before's, the region counters
    expect(shape(after.calls)).toEqual(['GetItemCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand']);
    expect(shape(after.calls)).toEqual(shape(before.calls));
    const items = (r: typeof before) => r.calls.filter((c) => c.command === 'QueryCommand').reduce((n, c) => n + c.items, 0);
    expect(items(after)).toBe(items(before));
    const sleman = after.result.body.data.wilayah.find(
      (w: { provinsi: string; kabupaten: string }) => w.provinsi === provinsi && w.kabupaten === 'Sleman',
    );
    expect(sleman.n_lapor).toBe(5);
  });

  it('refuses a bad year, month or region naming it (400), and other roles (403)', async () => {
    const { dinas, a } = await region();
    const next = monthPlus(thisMonth(), 1);
    const cases: [Record<string, string>, string][] = [
      [{}, 'tahun'],
      [{ tahun: '25' }, 'tahun'],
      [{ tahun: '1999' }, 'tahun'],
      [{ tahun: String(Number(thisMonth().slice(0, 4)) + 1) }, 'tahun'],
      [{ tahun: '2025', bulan: '13' }, 'bulan'],
      [{ tahun: '2025', bulan: '1' }, 'bulan'],
      [{ tahun: '2025', kabupaten: 'Sleman' }, 'kabupaten'],
      [{ tahun: '2025', provinsi: 'A#B' }, 'provinsi'],
    ];
    if (next.slice(0, 4) === thisMonth().slice(0, 4)) cases.push([{ tahun: next.slice(0, 4), bulan: next.slice(5) }, 'bulan']);
    for (const [query, named] of cases) {
      const res = await monitoring.rekap(dinas.token, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: `${MSG.monitoringQueryInvalid}: ${named}` });
    }
    expect((await monitoring.rekap(a.token, { tahun: '2025' })).body).toEqual({ status: 'fail', message: MSG.officeOnlyMonitoring });
    expect((await monitoring.rekap(undefined, { tahun: '2025' })).statusCode).toBe(401);
  });
});

describe('the rekap per category, and the public yearly visitor totals', () => {
  const score = (kd: string, avg: number, token: string, method: 'POST' | 'PUT' = 'POST') =>
    invoke(method === 'POST' ? createScore : updateScore, {
      method,
      resource: method === 'POST' ? '/api/skor' : '/api/skor/{kd_desa}',
      ...(method === 'PUT' ? { pathParameters: { kd_desa: kd } } : {}),
      body: { ...(method === 'POST' ? { kd_desa: kd } : {}), ...sameScores(avg) },
      token,
    });
  const categories = (d: { per_kategori: Record<string, unknown>[] }) =>
    Object.fromEntries(
      d.per_kategori.map(({ kategori, desa, n_lapor, n_verifikasi, wisnus }) => [kategori, { desa, n_lapor, n_verifikasi, wisnus }]),
    );

  it('villages in scope today per category against the reports written in it; a month moves with its next write', async () => {
    const { provinsi, dinas, a, b, c, v1, v2, v3 } = await region();
    expect((await score(v1, 80, dinas.token)).statusCode).toBe(201); // Maju
    expect((await score(v2, 40, dinas.token)).statusCode).toBe(201); // Rintisan
    await report(v1, '2025-03', a.token, { ...zeros, wisnus: 100 });
    await report(v2, '2025-03', b.token, { ...zeros, wisnus: 20 });
    await report(v3, '2025-03', c.token, { ...zeros, wisnus: 7 });
    await report(v1, '2025-04', a.token, { ...zeros, wisnus: 110 });
    expect((await monitoring.verify(v1, '2025-03', dinas.token)).statusCode).toBe(200);

    const d = (await monitoring.rekap(dinas.token, { tahun: '2025', provinsi })).body.data;
    expect(d.per_kategori.map((k: { kategori: string }) => k.kategori)).toEqual([
      'Mandiri',
      'Maju',
      'Berkembang',
      'Rintisan',
      'belum_dinilai',
    ]);
    expect(categories(d)).toEqual({
      Mandiri: { desa: 0, n_lapor: 0, n_verifikasi: 0, wisnus: 0 },
      Maju: { desa: 1, n_lapor: 2, n_verifikasi: 1, wisnus: 210 },
      Berkembang: { desa: 0, n_lapor: 0, n_verifikasi: 0, wisnus: 0 },
      Rintisan: { desa: 1, n_lapor: 1, n_verifikasi: 0, wisnus: 20 },
      belum_dinilai: { desa: 1, n_lapor: 1, n_verifikasi: 0, wisnus: 7 },
    });
    const march = d.per_bulan.find((m: { bulan: string }) => m.bulan === '2025-03');
    expect(march.per_kategori.find((k: { kategori: string }) => k.kategori === 'Maju')).toMatchObject({
      desa: 1,
      n_lapor: 1,
      belum_lapor: 0,
    });
    const april = d.per_bulan.find((m: { bulan: string }) => m.bulan === '2025-04');
    expect(april.per_kategori.find((k: { kategori: string }) => k.kategori === 'Rintisan')).toMatchObject({
      desa: 1,
      n_lapor: 0,
      belum_lapor: 1,
    });
    // the existing fields as they were
    expect(d.total).toMatchObject({ wisnus: 237, n_lapor: 4, n_verifikasi: 1 });

    // Alpha becomes Mandiri: in scope at once, its months stay Maju until written again
    expect((await score(v1, 95, dinas.token, 'PUT')).statusCode).toBe(200);
    const moved = categories((await monitoring.rekap(dinas.token, { tahun: '2025', provinsi })).body.data);
    expect(moved.Mandiri).toEqual({ desa: 1, n_lapor: 0, n_verifikasi: 0, wisnus: 0 });
    expect(moved.Maju).toEqual({ desa: 0, n_lapor: 2, n_verifikasi: 1, wisnus: 210 });
    await report(v1, '2025-04', a.token, { ...zeros, wisnus: 111 });
    const after = categories((await monitoring.rekap(dinas.token, { tahun: '2025', provinsi })).body.data);
    expect(after.Mandiri).toMatchObject({ n_lapor: 1, wisnus: 111 });
    expect(after.Maju).toMatchObject({ n_lapor: 1, wisnus: 100 });
    await expectReportCountersMatchRecount();
  });

  it('GET /api/statistik: each province’s visitors per year, public, no revenue; a report moves its tag', async () => {
    const { provinsi, a, b, c, v1, v2, v3 } = await region();
    await report(v1, '2024-05', a.token, { ...zeros, wisnus: 100, wisman: 3, pendapatan: 9_000_000 });
    await report(v2, '2024-06', b.token, { ...zeros, wisnus: 50 });
    await report(v3, '2025-01', c.token, { ...zeros, wisnus: 7, wisman: 1 });
    const get = (query: Record<string, string>, headers?: Record<string, string>) =>
      invoke(statistics, { method: 'GET', resource: '/api/statistik', query, headers });
    const res = await get({ provinsi });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.pengunjung_per_provinsi).toEqual([
      {
        provinsi,
        per_tahun: [
          { tahun: 2024, wisnus: 150, wisman: 3 },
          { tahun: 2025, wisnus: 7, wisman: 1 },
        ],
      },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('pendapatan');
    expect(JSON.stringify(res.body)).not.toContain('9000000');
    // every province: ours among them; a kabupaten shows its province's
    const all = (await get({})).body.data.pengunjung_per_provinsi;
    expect(all.find((p: { provinsi: string }) => p.provinsi === provinsi).per_tahun).toHaveLength(2);
    expect((await get({ provinsi, kabupaten: 'Sleman' })).body.data.pengunjung_per_provinsi).toEqual(res.body.data.pengunjung_per_provinsi);

    // a repeat read: 304 while nothing changed; a new report is seen at once
    const tag = String(res.headers.ETag);
    expect((await get({ provinsi }, { 'If-None-Match': tag })).statusCode).toBe(304);
    await report(v1, '2024-07', a.token, { ...zeros, wisnus: 10 });
    const fresh = await get({ provinsi }, { 'If-None-Match': tag });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body.data.pengunjung_per_provinsi[0].per_tahun[0]).toEqual({ tahun: 2024, wisnus: 160, wisman: 3 });
    await expectReportCountersMatchRecount();
  });
});

describe('GET /api/pemantauan/belum-lapor', () => {
  it('the villages of the region that existed in the month and have no report of it, paged, reading only that region’s villages', async () => {
    const { provinsi, dinas, admin, a, v1, v2, v3 } = await region();
    const bulan = thisMonth();
    await report(v1, bulan, a.token);
    const { result: res, calls } = await reads(() => monitoring.missing(dinas.token, { bulan, provinsi }));
    expect(res.statusCode).toBe(200);
    expect(res.body.data.map((r: { kd_desa: string }) => r.kd_desa)).toEqual([v3, v2]); // Bantul before Sleman
    expect(res.body.data[1]).toMatchObject({ nama_desa: 'Beta', provinsi, kabupaten: 'Sleman', pengelola: expect.any(String) });
    expect(res.body.pagination).toEqual({ page: 1, limit: 100, total: 2, pages: 1 });
    // the region's villages by its index (one Query per category), then their reports by key
    expect(calls.filter((c) => c.command === 'QueryCommand').every((c) => c.index === 'GSI3')).toBe(true);
    expect(calls.filter((c) => c.index === 'GSI3').reduce((n, c) => n + c.items, 0)).toBe(3);
    expect(calls.filter((c) => c.command === 'BatchGetItemCommand').reduce((n, c) => n + c.items, 0)).toBe(1);

    const sleman = await monitoring.missing(admin.token, { bulan, provinsi, kabupaten: 'Sleman' });
    expect(sleman.body.data.map((r: { kd_desa: string }) => r.kd_desa)).toEqual([v2]);
    const paged = await monitoring.missing(dinas.token, { bulan, provinsi, page: '2', limit: '1' });
    expect(paged.body).toMatchObject({ data: [{ kd_desa: v2 }], pagination: { page: 2, limit: 1, total: 2, pages: 2 } });
    // last month none of them existed yet: nobody is missing
    expect((await monitoring.missing(dinas.token, { bulan: monthsAgo(1), provinsi })).body.data).toEqual([]);
    // every village: ours among them
    const all = await monitoring.missing(dinas.token, { bulan, limit: '1000' });
    expect(all.body.data.map((r: { kd_desa: string }) => r.kd_desa)).toEqual(expect.arrayContaining([v2, v3]));
    expect(all.body.data.map((r: { kd_desa: string }) => r.kd_desa)).not.toContain(v1);
  });

  it('refuses a bad month, region or page naming it (400), and other roles (403)', async () => {
    const { dinas, a } = await region();
    for (const [query, message] of [
      [{}, `${MSG.monitoringQueryInvalid}: bulan`],
      [{ bulan: '2026-13' }, `${MSG.monitoringQueryInvalid}: bulan`],
      [{ bulan: '0000-00' }, `${MSG.monitoringQueryInvalid}: bulan`],
      [{ bulan: monthPlus(thisMonth(), 1) }, `${MSG.monitoringQueryInvalid}: bulan`],
      [{ bulan: thisMonth(), kabupaten: 'Sleman' }, `${MSG.monitoringQueryInvalid}: kabupaten`],
      [{ bulan: thisMonth(), page: '0' }, MSG.paginationInvalid],
    ] as const) {
      const res = await monitoring.missing(dinas.token, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message });
    }
    expect((await monitoring.missing(a.token, { bulan: thisMonth() })).body).toEqual({ status: 'fail', message: MSG.officeOnlyMonitoring });
  });
});

describe('GET /api/pemantauan/perlu-cek', () => {
  const perluCek = (token: string, query: Record<string, string>) =>
    invoke(flagged, { method: 'GET', resource: '/api/pemantauan/perlu-cek', token, query });

  it('the year’s flagged months of the region not yet verified, from one Query of the reports’ index, paged', async () => {
    const { provinsi, dinas, admin, a, b, c, v1, v2, v3 } = await region();
    for (const m of ['2025-01', '2025-02', '2025-03'])
      await Promise.all([report(v1, m, a.token), report(v2, m, b.token), report(v3, m, c.token)]);
    await report(v1, '2025-04', a.token, { wisnus: 6000 }); // over 5× its median
    await report(v2, '2025-04', b.token); // fits
    await report(v3, '2025-04', c.token, { pendapatan: 0 }); // visitors without revenue
    await report(v3, '2025-05', c.token, { wisman: 500 });

    const { result: res, calls } = await reads(() => perluCek(dinas.token, { tahun: '2025', provinsi }));
    expect(res.statusCode).toBe(200);
    expect(res.body.data.map((r: { kd_desa: string; bulan: string }) => `${r.kd_desa} ${r.bulan}`)).toEqual([
      `${v3} 2025-04`, // Bantul before Sleman
      `${v3} 2025-05`,
      `${v1} 2025-04`,
    ]);
    expect(res.body.data[0]).toEqual({
      kd_desa: v3,
      nama_desa: 'Gamma',
      provinsi,
      kabupaten: 'Bantul',
      bulan: '2025-04',
      wisnus: 1000,
      wisman: 20,
      pendapatan: 0,
      tenaga_kerja: 30,
      malam_inap: null,
      perlu_cek: true,
      alasan_cek: MSG.reportCheckNoRevenue,
      terlambat: true,
      updated_at: expect.any(String),
    });
    expect(res.body.data[2]).toMatchObject({ nama_desa: 'Alpha', alasan_cek: `${MSG.reportCheckSpike}: wisnus`, wisnus: 6000 });
    expect(res.body.pagination).toEqual({ page: 1, limit: 100, total: 3, pages: 1 });
    // the region's year of reports by the reports' index, then the flagged villages' names by key: never the villages' lists
    expect(calls.filter((c) => c.command === 'QueryCommand').map((c) => c.index)).toEqual(['GSI1']);
    expect(calls.filter((c) => c.command === 'QueryCommand')[0]!.items).toBe(13);
    expect(calls.filter((c) => c.command === 'BatchGetItemCommand').reduce((n, c) => n + c.items, 0)).toBe(2);

    // a verified month leaves the list; kabupaten narrows it; pages
    expect((await monitoring.verify(v3, '2025-04', dinas.token)).statusCode).toBe(200);
    const left = await perluCek(admin.token, { tahun: '2025', provinsi, kabupaten: 'Bantul' });
    expect(left.body.data.map((r: { bulan: string }) => r.bulan)).toEqual(['2025-05']);
    const paged = await perluCek(dinas.token, { tahun: '2025', provinsi, page: '2', limit: '1' });
    expect(paged.body).toMatchObject({ data: [{ kd_desa: v1, bulan: '2025-04' }], pagination: { page: 2, limit: 1, total: 2, pages: 2 } });
    expect((await perluCek(dinas.token, { tahun: '2024', provinsi })).body.data).toEqual([]);
    // without a region: every region's, ours among them
    const all = await perluCek(dinas.token, { tahun: '2025', limit: '1000' });
    expect(all.body.data.filter((r: { provinsi: string }) => r.provinsi === provinsi)).toHaveLength(2);
  });

  it('refuses a bad year, region or page naming it (400), and other roles (403)', async () => {
    const { dinas, a } = await region();
    for (const [query, message] of [
      [{}, `${MSG.monitoringQueryInvalid}: tahun`],
      [{ tahun: '25' }, `${MSG.monitoringQueryInvalid}: tahun`],
      [{ tahun: String(Number(thisMonth().slice(0, 4)) + 1) }, `${MSG.monitoringQueryInvalid}: tahun`],
      [{ tahun: '2025', kabupaten: 'Sleman' }, `${MSG.monitoringQueryInvalid}: kabupaten`],
      [{ tahun: '2025', limit: '0' }, MSG.paginationInvalid],
    ] as const) {
      const res = await perluCek(dinas.token, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message });
    }
    expect((await perluCek(a.token, { tahun: '2025' })).body).toEqual({ status: 'fail', message: MSG.officeOnlyMonitoring });
  });
});
