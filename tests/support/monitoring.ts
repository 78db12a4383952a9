import { expect } from 'vitest';
import { handler as save } from '../../functions/monitoring/save';
import { handler as verify } from '../../functions/monitoring/verify';
import { handler as village } from '../../functions/monitoring/village';
import { handler as summary } from '../../functions/monitoring/summary';
import { handler as missing } from '../../functions/monitoring/missing';
import { monthPlus, thisMonth } from '../../lib/domain/monitoring';
import { regionPart } from '../../lib/db/keys';
import { invoke } from './api';
import { allItems } from './table';

/** A village's months, and one month of it. */
export const P = '/api/pemantauan/desa/{kd_desa}';
export const M = `${P}/{bulan}`;

/** The monitoring routes through their real handlers, as the tests call them. */
export const monitoring = {
  put: (kd: string, bulan: string, body: unknown, token?: string) =>
    invoke(save, { method: 'PUT', resource: M, pathParameters: { kd_desa: kd, bulan }, body, token }),
  verify: (kd: string, bulan: string, token?: string) =>
    invoke(verify, { method: 'POST', resource: `${M}/verifikasi`, pathParameters: { kd_desa: kd, bulan }, token }),
  village: (kd: string, token?: string, query?: Record<string, string>) =>
    invoke(village, { method: 'GET', resource: P, pathParameters: { kd_desa: kd }, token, query }),
  rekap: (token: string | undefined, query: Record<string, string>) =>
    invoke(summary, { method: 'GET', resource: '/api/pemantauan/rekap', token, query }),
  missing: (token: string | undefined, query: Record<string, string>) =>
    invoke(missing, { method: 'GET', resource: '/api/pemantauan/belum-lapor', token, query }),
};

/** A month's valid figures; override any. */
export const figures = (overrides: Record<string, unknown> = {}) => ({
  wisnus: 1000,
  wisman: 20,
  pendapatan: 50_000_000,
  tenaga_kerja: 30,
  ...overrides,
});

/** The month `n` months before this one (WIB). */
export const monthsAgo = (n: number) => monthPlus(thisMonth(), -n);

/** Saves a month through the real PUT handler (200 expected); its report. */
export async function report(kd: string, bulan: string, token: string, overrides: Record<string, unknown> = {}) {
  const res = await monitoring.put(kd, bulan, figures(overrides), token);
  if (res.statusCode !== 200) throw new Error(`report failed: ${res.statusCode} ${JSON.stringify(res.body)}`);
  return res.body.data as Record<string, any>;
}

type Counts = Record<string, number>;
const nonZero = (c: Counts) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== 0));

/** The report counters as a recount of the reports the table holds would have them, and as they are. */
export async function expectReportCountersMatchRecount(): Promise<void> {
  const items = await allItems();
  const want = new Map<string, Counts>();
  for (const r of items.filter((i) => String(i.PK).startsWith('LAPORAN#'))) {
    const key = `REKAPLAPORAN#${String(r.bulan).slice(0, 4)}|${r.bulan}#${regionPart(r.provinsi)}#${regionPart(r.kabupaten)}`;
    const c = want.get(key) ?? {};
    // each count, and the same again under the category the report was written in (none before categories were counted)
    const add = (k: string, n: number) => {
      c[k] = (c[k] ?? 0) + n;
      if (r.kategori) c[`kat_${r.kategori}_${k}`] = (c[`kat_${r.kategori}_${k}`] ?? 0) + n;
    };
    for (const f of ['wisnus', 'wisman', 'pendapatan', 'tenaga_kerja']) add(f, r[f]);
    add('malam_inap', r.malam_inap ?? 0);
    add('n_malam_inap', r.malam_inap === undefined ? 0 : 1);
    add('n_lapor', 1);
    add('n_verifikasi', r.diverifikasi ? 1 : 0);
    add('n_cek', r.perlu_cek ? 1 : 0);
    add('n_terlambat', r.terlambat ? 1 : 0);
    want.set(key, c);
    // the province's visitors of the year (GET /api/statistik)
    const yearKey = `REKAPTAHUN|${regionPart(r.provinsi)}#${String(r.bulan).slice(0, 4)}`;
    const y = want.get(yearKey) ?? {};
    y.wisnus = (y.wisnus ?? 0) + r.wisnus;
    y.wisman = (y.wisman ?? 0) + r.wisman;
    want.set(yearKey, y);
  }
  const got = new Map<string, Counts>();
  for (const c of items.filter((i) => String(i.PK).startsWith('REKAPLAPORAN#') || i.PK === 'REKAPTAHUN')) {
    const counts: Counts = {};
    for (const [k, v] of Object.entries(c)) if (typeof v === 'number') counts[k] = v;
    got.set(`${c.PK}|${c.SK}`, counts);
  }
  const shape = (m: Map<string, Counts>) =>
    Object.fromEntries(
      [...m]
        .map(([k, c]) => [k, nonZero(c)] as const)
        .filter(([, c]) => Object.keys(c).length)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  expect(shape(got), 'report counters against a recount of the reports').toEqual(shape(want));
}
