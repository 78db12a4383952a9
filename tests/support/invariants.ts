import { expect } from 'vitest';
import { keyOf } from '../../lib/storage/images';
import { sweepOrphanImages } from '../../lib/domain/image-sweep';
import { bucketKeys } from './bucket';
import { allItems } from './table';
import { expectCountersMatchRecount } from './statistics';

type Item = Record<string, any>;

/** Items whose change a failed operation may leave: counters that only hand out numbers, login throttling. */
const volatile = (i: Item) => /^(COUNTER#USER|SLUGSEQ#|LOGIN#)/.test(i.PK);

/** Canonical JSON of the table's lasting content (sets sorted, volatile items left out). */
export async function tableState(): Promise<Map<string, string>> {
  const state = new Map<string, string>();
  for (const item of await allItems()) {
    if (volatile(item)) continue;
    const canon = JSON.stringify(item, (_k, v) => (v instanceof Set ? [...v].sort() : v), 2);
    state.set(`${item.PK}|${item.SK}`, canon);
  }
  return state;
}

/** Every image URL the table refers to. */
function referencedImages(items: Item[]): string[] {
  const urls: string[] = [];
  for (const i of items) {
    if (i.SK === 'DESKWIS')
      for (const c of ['atraksi', 'penginapan', 'paket_wisata', 'suvenir']) for (const it of i[c] ?? []) urls.push(...it.gambar);
    if (i.SK === 'DESKDESA') urls.push(...(i.galeri_gambar ?? []), ...(i.gambar_cover ? [i.gambar_cover] : []));
  }
  return urls;
}

/** Every image any record lists is in the bucket; returns the listed keys (`items`: the whole table, if just read). */
export async function expectListedImagesExist(items?: Item[]): Promise<string[]> {
  const listed = referencedImages(items ?? (await allItems())).map((u) => keyOf(u)!);
  const stored = new Set(await bucketKeys());
  for (const k of listed) expect(stored.has(k), `listed image ${k} missing`).toBe(true);
  return listed;
}

/**
 * The whole table and bucket are consistent: no half-written record, no broken
 * reference, and — after the documented sweep — no orphan object.
 */
export async function expectConsistent(): Promise<void> {
  // one read of the table serves every check below
  const items = await allItems();
  // the statistics' counters equal a recount (they change in the same transactions as what they count)
  await expectCountersMatchRecount('consistency:', items);
  const byKey = new Map(items.map((i) => [`${i.PK}|${i.SK}`, i]));
  // a village whose deletion is under way (lib/db/cascade.ts: retired, its children going) reads as gone
  const retired = new Set(items.filter((i) => i.SK === 'DESA' && i.deleting).map((i) => i.PK));
  const villages = items.filter((i) => i.SK === 'DESA' && !i.deleting);
  for (const v of villages) {
    expect(byKey.get(`SLUG#${v.slug}|SLUG`)?.kd_desa, `slug marker of ${v.kd_desa}`).toBe(v.kd_desa);
    for (const code of v.request_codes ?? []) expect(byKey.has(`REQ#${code}|REQ`), `request ${code} of ${v.kd_desa}`).toBe(true);
    for (const code of v.status_codes ?? []) expect(byKey.has(`STAT#${code}|STAT`), `status ${code} of ${v.kd_desa}`).toBe(true);
  }
  for (const m of items.filter((i) => i.SK === 'SLUG'))
    expect(byKey.get(`DESA#${m.kd_desa}|DESA`)?.slug, `slug ${m.PK}`).toBe(m.PK.slice(5));
  for (const r of items.filter((i) => i.SK === 'REQ')) {
    const v = byKey.get(`DESA#${r.kd_desa}|DESA`);
    expect(v, `village of request ${r.kd_permintaan}`).toBeDefined();
    expect([...(v!.request_codes ?? [])]).toContain(r.kd_permintaan);
  }
  for (const s of items.filter((i) => i.SK === 'STAT')) {
    const v = byKey.get(`DESA#${s.kd_desa}|DESA`);
    expect(v, `village of status ${s.kd_status}`).toBeDefined();
    expect([...(v!.status_codes ?? [])]).toContain(s.kd_status);
  }
  for (const c of items.filter((i) => ['SKOR', 'DESKWIS', 'DESKWIS#POS', 'DESKDESA'].includes(i.SK))) {
    expect(byKey.has(`${c.PK}|DESA`), `${c.SK} of ${c.PK} without its village`).toBe(true);
  }
  const tourism = items.filter((i) => i.SK === 'DESKWIS' && !retired.has(i.PK));
  expect(Number(byKey.get('COUNTER#DESKWIS|COUNTER')?.value ?? 0), 'tourism description counter').toBe(tourism.length);
  // dense list positions 1…n: index ↔ position items ↔ descriptions
  const index = items.filter((i) => i.PK === 'DESKWIS#IDX');
  expect(
    index.map((i) => Number(i.SK)).sort((a, b) => a - b),
    'positions are dense',
  ).toEqual(tourism.map((_, n) => n + 1));
  for (const i of index) {
    expect(byKey.has(`DESA#${i.kd_desa}|DESKWIS`), `index ${i.SK} → ${i.kd_desa}`).toBe(true);
    expect(byKey.get(`DESA#${i.kd_desa}|DESKWIS#POS`)?.pos, `position of ${i.kd_desa}`).toBe(Number(i.SK));
  }
  for (const u of items.filter((i) => i.SK === 'USER'))
    expect(byKey.get(`USERNAME#${u.username.toLowerCase()}|USERNAME`)?.email).toBe(u.email);
  for (const m of items.filter((i) => i.SK === 'USERNAME')) expect(byKey.has(`USER#${m.email}|USER`), `username ${m.PK}`).toBe(true);
  for (const v of villages) {
    const d = byKey.get(`DESA#${v.kd_desa}|DESKDESA`);
    if (v.gambar_cover) expect(d?.gambar_cover ?? d?.galeri_gambar?.[0], `cover of ${v.kd_desa}`).toBe(v.gambar_cover);
  }

  const referenced = await expectListedImagesExist(items);
  // no grace: every object no record lists goes (the protocol keeps what a record lists)
  await sweepOrphanImages({ graceMs: 0, now: Date.now() + 1000 });
  const afterSweep = (await bucketKeys()).filter((k) => k.startsWith('images/d/'));
  expect(afterSweep.sort(), 'orphans left after the sweep').toEqual(
    [...new Set(referenced.filter((k) => k.startsWith('images/d/')))].sort(),
  );
}

/** Every item that existed before is still there, unchanged. */
export function expectNothingLost(
  before: Map<string, string>,
  after: Map<string, string>,
  allowChanged: (key: string) => boolean = () => false,
) {
  for (const [key, value] of before) {
    if (allowChanged(key)) continue;
    expect(after.get(key), `item ${key} changed or lost`).toBe(value);
  }
}
