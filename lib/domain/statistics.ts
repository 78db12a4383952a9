import * as z from 'zod';
import { MSG } from '../contract/messages';
import { kabupatenWithinProvinsi, regionFilter } from '../contract/inputs';
import { REQUEST_STATUSES } from '../db/requests';
import { yearVisitors, type YearVisitors } from '../db/reports';
import { KATEGORI } from '../db/scores';
import { readAccountCounters, readRegionCounters, regionKey, type RegionCounters } from '../db/stats';
import { VILLAGE_STATUSES } from '../db/statuses';
import { isCaller, type Acting } from '../contract/caller';
import { refusals } from '../contract/validation';

/** GET /api/statistik?provinsi=&kabupaten=: a region narrows every figure (a kabupaten only within its province). */
export const statisticsQuery = z
  .object(regionFilter)
  .refine(kabupatenWithinProvinsi, { message: MSG.statisticsQueryInvalid })
  .meta({ description: 'provinsi narrows every figure to that province; kabupaten (with provinsi) to that kabupaten' });
refusals.add(statisticsQuery, {
  message: MSG.statisticsQueryInvalid,
  when: 'provinsi or kabupaten too long, empty or with #, or kabupaten without provinsi',
});

const num = (r: RegionCounters, key: string) => Number(r[key] ?? 0);

/**
 * Each province's visitors per year from the monthly reports' counters (docs/monitoring.md):
 * sums only, visitors only (revenue is never public); a year whose sums are both 0 is left out.
 */
function visitorsPerProvince(years: YearVisitors[]) {
  const out = new Map<string, { provinsi: string; per_tahun: { tahun: number; wisnus: number; wisman: number }[] }>();
  for (const y of years) {
    if (y.wisnus === 0 && y.wisman === 0) continue;
    const key = regionKey({ provinsi: y.provinsi, kabupaten: '' }).SK;
    const p = out.get(key) ?? { provinsi: y.provinsi, per_tahun: [] };
    p.per_tahun.push({ tahun: Number(y.tahun), wisnus: y.wisnus, wisman: y.wisman });
    out.set(key, p);
  }
  return [...out.values()]
    .map((p) => ({ ...p, per_tahun: p.per_tahun.sort((a, b) => a.tahun - b.tahun) }))
    .sort((a, b) => a.provinsi.localeCompare(b.provinsi, 'id'));
}

/**
 * The figures a registry publishes, from the counters the writes keep (lib/db/stats.ts):
 * one Query of the region counters (about 500 items for all of Indonesia, whatever the
 * number of villages), in parallel one Query of the provinces' yearly visitors (provinces ×
 * years) and, for admin and dinas, one read of the account counters. A kabupaten narrows
 * every figure but the visitors, which are per province: its province's.
 * Names are compared case-insensitively; shown as first written.
 */
export async function getStatistics(q: z.output<typeof statisticsQuery>, caller: Acting) {
  const office = isCaller(caller) && (caller.role === 'admin' || caller.role === 'dinas');
  const [all, accounts, years] = await Promise.all([
    readRegionCounters(q.provinsi),
    office ? readAccountCounters() : undefined,
    yearVisitors(q.provinsi),
  ]);
  // (the province is a key prefix ending in its separator: exact already)
  const regions = q.kabupaten
    ? all.filter((r) => regionKey(r).SK === regionKey({ provinsi: q.provinsi!, kabupaten: q.kabupaten! }).SK)
    : all;
  const total = (key: string) => regions.reduce((n, r) => n + num(r, key), 0);

  const provinces = new Map<string, { provinsi: string; jumlah: number }>();
  for (const r of regions) {
    const key = regionKey({ provinsi: r.provinsi, kabupaten: '' }).SK;
    const p = provinces.get(key) ?? { provinsi: r.provinsi, jumlah: 0 };
    p.jumlah += num(r, 'desa');
    provinces.set(key, p);
  }
  const months = new Map<string, { bulan: string; desa_baru: number; perubahan_kategori: number }>();
  for (const r of regions)
    for (const [k, v] of Object.entries(r)) {
      const m = /^(baru|katubah)_(\d{4}-\d{2})$/.exec(k);
      if (!m) continue;
      const month = months.get(m[2]!) ?? { bulan: m[2]!, desa_baru: 0, perubahan_kategori: 0 };
      if (m[1] === 'baru') month.desa_baru += Number(v);
      else month.perubahan_kategori += Number(v);
      months.set(m[2]!, month);
    }
  const byName = <T>(list: T[], name: (t: T) => string) => list.sort((a, b) => name(a).localeCompare(name(b), 'id'));
  return {
    wilayah: { provinsi: q.provinsi ?? null, kabupaten: q.kabupaten ?? null },
    desa_wisata: {
      total: total('desa'),
      per_provinsi: byName(
        [...provinces.values()].filter((p) => p.jumlah > 0),
        (p) => p.provinsi,
      ),
      per_kabupaten: byName(
        regions.filter((r) => num(r, 'desa') > 0).map((r) => ({ provinsi: r.provinsi, kabupaten: r.kabupaten, jumlah: num(r, 'desa') })),
        (r) => `${r.provinsi} ${r.kabupaten}`,
      ),
    },
    kategori: { ...Object.fromEntries(KATEGORI.map((k) => [k, total(`kat_${k}`)])), belum_dinilai: total('kat_belum') },
    status_operasional: {
      ...Object.fromEntries(VILLAGE_STATUSES.map((s) => [s, total(`stat_${s}`)])),
      tanpa_status: total('stat_tanpa'),
    },
    permintaan: Object.fromEntries(REQUEST_STATUSES.map((s) => [s, total(`req_${s}`)])),
    ...(accounts ? { akun: { terverifikasi: accounts.verified, menunggu: accounts.waiting } } : {}),
    per_bulan: [...months.values()].sort((a, b) => a.bulan.localeCompare(b.bulan)),
    pengunjung_per_provinsi: visitorsPerProvince(years),
  };
}
