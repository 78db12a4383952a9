/**
 * Monitoring's reads for the office (docs/monitoring.md): a region's months from the report
 * counters against a year before (GET /api/pemantauan/rekap) and the villages without a report
 * of a month (GET /api/pemantauan/belum-lapor), with their refusals and what they read.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { db } from '../../lib/db/client';
import { monthPlus, thisMonth } from '../../lib/domain/monitoring';
import { uniqueName } from '../support/api';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';
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
  const provinsi = uniqueName('Provinsi Rekap');
  const [dinas, admin, a, b, c] = await Promise.all([
    makeUser('dinas'),
    makeUser('admin'),
    makeUser('pengelola'),
    makeUser('pengelola'),
    makeUser('pengelola'),
  ]);
  const [v1, v2, v3] = await Promise.all([
    makeVillage(a, { provinsi, kabupaten: 'Sleman', nama_desa: 'Alpha' }),
    makeVillage(b, { provinsi, kabupaten: 'Sleman', nama_desa: 'Beta' }),
    makeVillage(c, { provinsi, kabupaten: 'Bantul', nama_desa: 'Gamma' }),
  ]);
  return { provinsi, dinas, admin, a, b, c, v1: v1.kd_desa, v2: v2.kd_desa, v3: v3.kd_desa };
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
