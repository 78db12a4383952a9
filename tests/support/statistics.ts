/**
 * The statistics' counters (lib/db/stats.ts) against a full recount of what the table
 * holds: villages by region, their scores' categories, statuses and requests, accounts,
 * and per month the villages created and the category changes (from the history).
 */
import { expect } from 'vitest';
import { regionKey } from '../../lib/db/stats';
import { allItems } from './table';

type Item = Record<string, any>;
type Counts = Record<string, number>;

const add = (c: Counts, k: string, n = 1) => (c[k] = (c[k] ?? 0) + n);
const nonZero = (c: Counts) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== 0));

/** Counts per region (its key) as the counters should hold them, the monthly events summed over all regions, and the accounts. */
export function recount(items: Item[]) {
  // a village whose deletion is under way (lib/db/cascade.ts) counts as gone, with all that hangs off it
  const villages = items.filter((i) => i.type === 'DESA' && !i.deleting);
  const regionOf = new Map(villages.map((v) => [v.kd_desa as string, regionKey(v as never).SK]));
  const regions = new Map<string, Counts>();
  const at = (kd: string) => {
    const key = regionOf.get(kd)!;
    if (!regions.has(key)) regions.set(key, {});
    return regions.get(key)!;
  };
  const scored = new Map(items.filter((i) => i.type === 'SKOR').map((s) => [s.kd_desa as string, s.kategori_desa as string]));
  const withStatus = new Set<string>();
  for (const s of items.filter((i) => i.type === 'STAT' && regionOf.has(i.kd_desa))) {
    add(at(s.kd_desa), `stat_${s.status}`);
    withStatus.add(s.kd_desa);
  }
  for (const r of items.filter((i) => i.type === 'REQ' && regionOf.has(i.kd_desa))) add(at(r.kd_desa), `req_${r.status_permintaan}`);
  for (const v of villages) {
    const c = at(v.kd_desa);
    add(c, 'desa');
    add(c, `kat_${scored.get(v.kd_desa) ?? 'belum'}`);
    if (!withStatus.has(v.kd_desa)) add(c, 'stat_tanpa');
  }
  const monthly: Counts = {};
  for (const e of items.filter((i) => String(i.PK).startsWith('HIST#'))) {
    if (e.action === 'village.created' || e.action === 'village.signup_created') add(monthly, `baru_${String(e.at).slice(0, 7)}`);
    if (String(e.action).startsWith('score.') && e.changes?.kategori_desa) add(monthly, `katubah_${String(e.at).slice(0, 7)}`);
  }
  const users = items.filter((i) => i.type === 'USER');
  const accounts = nonZero({ verified: users.filter((u) => u.is_verified).length, waiting: users.filter((u) => !u.is_verified).length });
  return { regions: new Map([...regions].map(([k, c]) => [k, nonZero(c)])), monthly: nonZero(monthly), accounts };
}

/** What the counters hold, in the same shape. */
export function counters(items: Item[]) {
  const regions = new Map<string, Counts>();
  const monthly: Counts = {};
  for (const i of items.filter((it) => it.PK === 'STATS#REGION')) {
    const own: Counts = {};
    for (const [k, v] of Object.entries(i)) {
      if (typeof v !== 'number') continue;
      if (/^(baru|katubah)_/.test(k)) add(monthly, k, v);
      else own[k] = v;
    }
    if (Object.keys(nonZero(own)).length) regions.set(i.SK, nonZero(own));
  }
  const acc = items.find((i) => i.PK === 'STATS#ACCOUNTS') ?? {};
  return { regions, monthly: nonZero(monthly), accounts: nonZero({ verified: acc.verified ?? 0, waiting: acc.waiting ?? 0 }) };
}

/** Every counter equals a full recount of the table (`items`: the whole table, when the caller has just read it). */
export async function expectCountersMatchRecount(where = '', read?: Record<string, any>[]): Promise<void> {
  const items = read ?? (await allItems());
  const want = recount(items);
  const got = counters(items);
  expect(Object.fromEntries(got.regions), `${where} region counters`).toEqual(Object.fromEntries(want.regions));
  expect(got.monthly, `${where} monthly counters`).toEqual(want.monthly);
  expect(got.accounts, `${where} account counters`).toEqual(want.accounts);
}
