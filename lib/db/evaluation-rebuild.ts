import { and, beginsWith, exists, fieldMissing, ifAbsent, keyQuery, updateInput } from './expression';
import { queryAll, updateItem, isConditionFailure } from './helpers';
import { keys } from './keys';
import { assessments, COMPARISON_COUNTERS, comparisonCounts, listRounds, rounds, type AssessmentRecord } from './evaluations';

/**
 * The comparison of a round's self-assessments with its reviews over the same villages
 * (`n_banding`, `banding_*` on its region counters) is kept by every assessment write from
 * zero, which holds for rounds opened since it exists (`rekap_banding` on the round). A round
 * opened before has assessments its counters never counted there: its comparison is recounted
 * here once, from its assessments, and only then marked, so the rekap never shows a wrong one
 * (it shows none before). `npm run stats:rebuild` runs it for every unmarked round.
 */

export type RoundRebuild = 'rebuilt' | 'changed' | 'gone';

export interface ComparisonRebuildReport {
  /** Rounds without the comparison when the run began. */
  rounds: number;
  rebuilt: string[];
  /** Rounds whose assessments changed while they were recounted (left unmarked: run it again). */
  changed: string[];
}

const partitionItems = (id: string, prefix: string, fields?: readonly string[]) =>
  queryAll<Record<string, unknown>>({
    ...keyQuery({ pk: ['PK', keys.evaluationPartition(id)], sk: beginsWith('SK', prefix), ...(fields ? { fields } : {}) }),
    ConsistentRead: true,
  });

const readAssessments = async (id: string): Promise<AssessmentRecord[]> =>
  (await partitionItems(id, 'DESA#')).map((i) => assessments.fromItem(i));

/** What tells a change of the round's assessments: each one's code and last change. */
const stateOf = (list: AssessmentRecord[]) =>
  list
    .map((a) => `${a.kd_desa}@${a.updated_at}`)
    .sort()
    .join('\n');

/**
 * Recounts one round's comparison counters from its assessments and SETs them on each of its
 * region counters (zero where none counts), then marks the round, but only if no assessment
 * changed from the first read to a second one after the counters were written: a write in
 * between may have been overwritten (`changed`; the round stays unmarked, run it again). A write
 * after it adds its share to exact counters. `gone`: the round was deleted meanwhile.
 */
export async function rebuildRoundComparison(id: string): Promise<RoundRebuild> {
  const read = await readAssessments(id);
  const regions = new Map<
    string,
    { key: { PK: string; SK: string }; label: { provinsi: string; kabupaten: string }; counts: Record<string, number> }
  >();
  for (const a of read) {
    const key = keys.evaluationCounters(id, a);
    const entry = regions.get(key.SK) ?? { key, label: { provinsi: a.provinsi, kabupaten: a.kabupaten }, counts: {} };
    for (const [k, v] of Object.entries(comparisonCounts(a))) entry.counts[k] = (entry.counts[k] ?? 0) + v;
    regions.set(key.SK, entry);
  }
  const zero = Object.fromEntries(COMPARISON_COUNTERS.map((k) => [k, 0]));
  const counters = await partitionItems(id, 'REKAP#', ['PK', 'SK']);
  for (const c of counters) {
    const sk = String(c.SK);
    if (!regions.has(sk)) await updateItem(updateInput({ PK: String(c.PK), SK: sk }, { set: zero }));
  }
  for (const { key, label, counts } of regions.values()) {
    const set = { ...zero, ...counts, provinsi: ifAbsent(label.provinsi), kabupaten: ifAbsent(label.kabupaten) };
    await updateItem(updateInput(key, { set }));
  }
  if (stateOf(await readAssessments(id)) !== stateOf(read)) return 'changed';
  try {
    await updateItem(updateInput(rounds.key(id), { set: { rekap_banding: true } }, and(exists(), fieldMissing('deleting'))));
  } catch (err) {
    if (isConditionFailure(err)) return 'gone';
    throw err;
  }
  return 'rebuilt';
}

/** Every round opened before the comparison existed, recounted (`rebuildRoundComparison`); idempotent. */
export async function rebuildRoundComparisons(log: (line: string) => void = () => {}): Promise<ComparisonRebuildReport> {
  const unmarked = (await listRounds()).filter((r) => !r.rekap_banding);
  const report: ComparisonRebuildReport = { rounds: unmarked.length, rebuilt: [], changed: [] };
  for (const r of unmarked) {
    const outcome = await rebuildRoundComparison(r.id_evaluasi);
    if (outcome === 'rebuilt') report.rebuilt.push(r.id_evaluasi);
    if (outcome === 'changed') report.changed.push(r.id_evaluasi);
  }
  log(
    `evaluation rounds' comparison recounted: ${report.rebuilt.length} of ${report.rounds} rounds (${report.changed.length} changed meanwhile)`,
  );
  return report;
}
