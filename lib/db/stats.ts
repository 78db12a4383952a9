import type { TransactItem } from './entity';
import { beginsWith, ifAbsent, keyQuery, txUpdate } from './expression';
import { getItem, queryAll } from './helpers';
import { keys, regionPart } from './keys';

/**
 * Counters for the statistics (GET /api/statistik), kept in the same transaction as every
 * write that moves them, so reading the figures never reads the villages:
 *
 * | counters of …     | PK             | SK                          | attributes                                   |
 * |-------------------|----------------|-----------------------------|----------------------------------------------|
 * | one kabupaten     | STATS#REGION   | <provinsi>#<kabupaten> (lower case) | provinsi, kabupaten (as first written), and the counts below |
 * | the accounts      | STATS#ACCOUNTS | ALL                         | verified, waiting                            |
 *
 * A region's counts (flat attributes, so `ADD` creates them): `desa`; `kat_<category>`
 * and `kat_belum` (unscored); `stat_<status>` (status records) and `stat_tanpa`
 * (villages without one); `req_<status>` (requests); per month `baru_<YYYY-MM>` (new
 * villages) and `katubah_<YYYY-MM>` (category changes). Reading all of them is one Query
 * of STATS#REGION: its size is the number of kabupaten (about 500 in Indonesia), never
 * the number of villages.
 *
 * What a village adds to its region's counts is kept on the village item (`kategori`,
 * `nreq_<status>`, `nstat_<status>`), updated by the same transactions, so a village that
 * moves to another region, or is deleted, moves or removes exactly its part.
 */

/** A change of counts: attribute → how much it moves. */
export type Counts = Record<string, number>;

export interface Region {
  provinsi: string;
  kabupaten: string;
}

const part = regionPart;
/** A region's key: one item per (provinsi, kabupaten), spelled case-insensitively. */
export const regionKey = (r: Region) => ({ PK: keys.statsRegions(), SK: `${part(r.provinsi)}#${part(r.kabupaten)}` });

/** Adds `counts` up (several changes of one write into one). */
export function sum(...all: Counts[]): Counts {
  const out: Counts = {};
  for (const c of all) for (const [k, v] of Object.entries(c)) out[k] = (out[k] ?? 0) + v;
  for (const k of Object.keys(out)) if (out[k] === 0) delete out[k];
  return out;
}

/** `counts` without the counts that do not move. */
export const moving = (counts: Counts): Counts => Object.fromEntries(Object.entries(counts).filter(([, v]) => v !== 0));

/** The transaction item that adds `counts` to a region's counters (none when nothing moves). */
export function regionCounts(region: Region, counts: Counts): TransactItem[] {
  const add = moving(counts);
  if (!Object.keys(add).length) return [];
  // the region's names as first written (its key is their lower-case form)
  const names = { provinsi: ifAbsent(region.provinsi.trim()), kabupaten: ifAbsent(region.kabupaten.trim()) };
  return [txUpdate(regionKey(region), { add, set: names })];
}

/** The transaction item that adds to the account counters (`verified`, `waiting`). */
export function accountCounts(counts: Counts): TransactItem[] {
  const add = moving(counts);
  if (!Object.keys(add).length) return [];
  return [txUpdate(keys.statsAccounts(), { add })];
}

export type RegionCounters = Region & Record<string, number | string>;

/** Every region's counters (one Query; `provinsi` narrows it to one province by key). */
export async function readRegionCounters(provinsi?: string): Promise<RegionCounters[]> {
  const items = await queryAll<Record<string, unknown>>(
    keyQuery({ pk: ['PK', keys.statsRegions()], sk: provinsi ? beginsWith('SK', `${part(provinsi)}#`) : undefined }),
  );
  return items.map(({ PK: _pk, SK: _sk, ...rest }) => rest as RegionCounters);
}

export async function readAccountCounters(): Promise<{ verified: number; waiting: number }> {
  const item = await getItem(keys.statsAccounts());
  return { verified: Number(item?.verified ?? 0), waiting: Number(item?.waiting ?? 0) };
}

/** The month of an ISO time, as the monthly counters name it (`2026-11`). */
export const monthOf = (iso: string) => iso.slice(0, 7);

const TALLY = /^n(req|stat)_/;
const regionName = (tally: string) => tally.replace(/^nreq_/, 'req_').replace(/^nstat_/, 'stat_');
const statuses = (t: Counts) => Object.entries(t).reduce((n, [k, v]) => n + (k.startsWith('nstat_') ? v : 0), 0);

/** A village's tallies of its children by state (`nreq_<status>`, `nstat_<status>`), as read. */
export function talliesOf(village: object): Counts {
  const out: Counts = {};
  for (const [k, v] of Object.entries(village)) if (TALLY.test(k) && typeof v === 'number') out[k] = v;
  return out;
}

/**
 * A change of a village's tallies (`change`, e.g. `{ nreq_diproses: -1, nreq_selesai: 1 }`)
 * and what it moves in its region's counts, `stat_tanpa` included (its first status
 * takes the village out of "without status", its last one puts it back).
 */
export function tallyChange(village: object, change: Counts): { village: Counts; region: Counts } {
  const before = talliesOf(village);
  const after = sum(before, change);
  const region: Counts = {};
  for (const [k, v] of Object.entries(change)) region[regionName(k)] = v;
  const was = statuses(before) === 0;
  const is = statuses(after) === 0;
  if (was !== is) region.stat_tanpa = is ? 1 : -1;
  return { village: sum(change), region: sum(region) };
}

/** What a village adds to its region's counts (what moves with it, or leaves with it): not the monthly events. */
export function contributionOf(village: { kategori?: string }): Counts {
  const tallies = talliesOf(village);
  const out: Counts = { desa: 1, [`kat_${village.kategori ?? 'belum'}`]: 1 };
  for (const [k, v] of Object.entries(tallies)) out[regionName(k)] = v;
  if (statuses(tallies) === 0) out.stat_tanpa = 1;
  return sum(out);
}

/** A score's category change: out of the old category (or unscored), into the new one, one change this month. */
export function categoryChange(before: string | undefined, after: string | undefined, at: string): Counts {
  if (before === after) return {};
  return sum({ [`kat_${before ?? 'belum'}`]: -1, [`kat_${after ?? 'belum'}`]: 1, ...(after ? { [`katubah_${monthOf(at)}`]: 1 } : {}) });
}
