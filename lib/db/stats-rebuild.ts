import { eq, keyQuery, updateInput } from './expression';
import { queryAll, updateItem, putItem } from './helpers';
import { GSI1, keys } from './keys';
import { listRequests } from './requests';
import { scores } from './scores';
import { contributionOf, regionKey, sum, type Counts, type Region } from './stats';
import { listStatuses } from './statuses';
import { listUsers } from './users';
import { listVillages, type VillageRecord } from './villages';

export interface RebuildReport {
  villages: number;
  /** Villages whose tallies, category or index keys were set. */
  villagesUpdated: number;
  /** Villages that changed while the rebuild ran (left as they were: run it again). */
  villagesChanged: string[];
  regions: number;
}

/**
 * Brings a table written before the statistics existed to the state the writes now
 * keep: each village's tallies (`nreq_*`, `nstat_*`), category and filtered-list index
 * keys (GSI3), then every region's counters and the account counters, recounted from the
 * lists and the history. Idempotent; a village changed meanwhile is left and reported
 * (run it again). Meant for a quiet moment after deploying (`npm run stats:rebuild`, or
 * the function of a deployed stage): writes that land while the counters are rewritten
 * can be counted twice or not at all, and a second run corrects that.
 */
export async function rebuildStatistics(log: (line: string) => void = () => {}): Promise<RebuildReport> {
  const [villages, requests, statuses, scored, users, history] = await Promise.all([
    listVillages(),
    listRequests(['kd_desa', 'status_permintaan']),
    listStatuses(),
    scores.listAll(['kd_desa', 'kategori_desa']),
    listUsers(),
    queryAll<{ action: string; at: string; changes?: Record<string, unknown>; kd_desa?: string }>(
      keyQuery({ index: GSI1, pk: ['GSI1PK', keys.historyFeed(false, '').GSI1PK], fields: ['action', 'at', 'changes', 'kd_desa'] }),
    ),
  ]);
  const category = new Map(scored.map((s) => [s.kd_desa, s.kategori_desa]));
  const tallies = new Map<string, Counts>();
  const add = (kd: string, key: string) => {
    const t = tallies.get(kd) ?? {};
    t[key] = (t[key] ?? 0) + 1;
    tallies.set(kd, t);
  };
  for (const r of requests) add(r.kd_desa, `nreq_${r.status_permintaan}`);
  for (const s of statuses) add(s.kd_desa, `nstat_${s.status}`);

  const report: RebuildReport = { villages: villages.length, villagesUpdated: 0, villagesChanged: [], regions: 0 };
  const regions = new Map<string, { region: Region; counts: Counts }>();
  const byKd = new Map<string, VillageRecord>();
  for (const v of villages) {
    byKd.set(v.kd_desa, v);
    const own = tallies.get(v.kd_desa) ?? {};
    const kategori = category.get(v.kd_desa);
    const record = { ...v, ...own, kategori } as VillageRecord;
    // the village item: its tallies (zero where it has none of a state), category and index keys, if unchanged since read
    const set: Record<string, unknown> = { ...keys.villageFilter(kategori, v, v.kd_desa) };
    for (const key of Object.keys(v).filter((k) => /^n(req|stat)_/.test(k))) set[key] = 0;
    Object.assign(set, own);
    try {
      await updateItem(
        updateInput(
          keys.village(v.kd_desa),
          kategori ? { set: { ...set, kategori } } : { set, remove: ['kategori'] },
          eq('child_rev', v.child_rev),
        ),
      );
      report.villagesUpdated++;
    } catch (err) {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
      report.villagesChanged.push(v.kd_desa);
    }
    const key = regionKey(v).SK;
    const entry = regions.get(key) ?? { region: { provinsi: v.provinsi.trim(), kabupaten: v.kabupaten.trim() }, counts: {} };
    entry.counts = sum(entry.counts, contributionOf(record));
    regions.set(key, entry);
  }
  // the monthly events, from the history, in the region the village is in now (or was, when deleted)
  for (const e of history) {
    const isNew = e.action === 'village.created' || e.action === 'village.signup_created';
    const recategorised = e.action.startsWith('score.') && e.changes && 'kategori_desa' in e.changes;
    if (!isNew && !recategorised) continue;
    const v = e.kd_desa ? byKd.get(e.kd_desa) : undefined;
    const after = (isNew ? (e.changes as Record<string, { after?: string }> | undefined) : undefined) ?? {};
    const region =
      v ??
      (after.provinsi?.after && after.kabupaten?.after ? { provinsi: after.provinsi.after, kabupaten: after.kabupaten.after } : undefined);
    if (!region) continue;
    const key = regionKey(region).SK;
    const entry = regions.get(key) ?? { region: { provinsi: region.provinsi.trim(), kabupaten: region.kabupaten.trim() }, counts: {} };
    entry.counts = sum(entry.counts, { [`${isNew ? 'baru' : 'katubah'}_${e.at.slice(0, 7)}`]: 1 });
    regions.set(key, entry);
  }
  // the counters, written whole (the old items of regions left with none are emptied)
  const old = await queryAll<{ SK: string }>(keyQuery({ pk: ['PK', keys.statsRegions()], fields: ['SK'] }));
  for (const o of old) if (!regions.has(o.SK)) await putItem({ Item: { PK: keys.statsRegions(), SK: o.SK } });
  for (const [key, { region, counts }] of regions) await putItem({ Item: { PK: keys.statsRegions(), SK: key, ...region, ...counts } });
  report.regions = regions.size;
  await putItem({
    Item: {
      ...keys.statsAccounts(),
      verified: users.filter((u) => u.is_verified).length,
      waiting: users.filter((u) => !u.is_verified).length,
    },
  });
  log(
    `statistics rebuilt: ${report.villages} villages (${report.villagesUpdated} updated, ${report.villagesChanged.length} changed meanwhile), ${report.regions} regions`,
  );
  return report;
}
