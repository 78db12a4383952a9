import { tableName } from './client';
import type { TransactItem } from './entity';
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

/** The UpdateExpression that adds `counts` (with placeholders `#c<i>`, `:c<i>`), and its names and values. */
export function addCounts(counts: Counts, prefix = 'c') {
  const entries = Object.entries(counts).filter(([, v]) => v !== 0);
  return {
    clause: entries.map((_, i) => `#${prefix}${i} :${prefix}${i}`).join(', '),
    names: Object.fromEntries(entries.map(([k], i) => [`#${prefix}${i}`, k])),
    values: Object.fromEntries(entries.map(([, v], i) => [`:${prefix}${i}`, v])),
  };
}

/** The transaction item that adds `counts` to a region's counters (none when nothing moves). */
export function regionCounts(region: Region, counts: Counts): TransactItem[] {
  const add = addCounts(counts);
  if (!add.clause) return [];
  return [
    {
      Update: {
        TableName: tableName(),
        Key: regionKey(region),
        // the region's names as first written (its key is their lower-case form)
        UpdateExpression: `ADD ${add.clause} SET provinsi = if_not_exists(provinsi, :p), kabupaten = if_not_exists(kabupaten, :k)`,
        ExpressionAttributeNames: add.names,
        ExpressionAttributeValues: { ...add.values, ':p': region.provinsi.trim(), ':k': region.kabupaten.trim() },
      },
    },
  ];
}

/** The transaction item that adds to the account counters (`verified`, `waiting`). */
export function accountCounts(counts: Counts): TransactItem[] {
  const add = addCounts(counts);
  if (!add.clause) return [];
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.statsAccounts(),
        UpdateExpression: `ADD ${add.clause}`,
        ExpressionAttributeNames: add.names,
        ExpressionAttributeValues: add.values,
      },
    },
  ];
}

export type RegionCounters = Region & Record<string, number | string>;

/** Every region's counters (one Query; `provinsi` narrows it to one province by key). */
export async function readRegionCounters(provinsi?: string): Promise<RegionCounters[]> {
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: provinsi ? 'PK = :pk AND begins_with(SK, :p)' : 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.statsRegions(), ...(provinsi ? { ':p': `${part(provinsi)}#` } : {}) },
  });
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
