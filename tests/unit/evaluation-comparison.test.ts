/**
 * The comparison over the same villages is derived from the assessment's declaration
 * (`counts`): which states count, what each transition moves (after − before), and that the
 * unit of work writes it in the assessment's own transaction (`plan()`), without DynamoDB.
 */
import { describe, expect, it } from 'vitest';
import { assessments, comparisonCounts, COMPARISON_COUNTERS, reviewDrafts, type AssessmentRecord } from '../../lib/db/evaluations';
import { SYSTEM } from '../../lib/db/history';
import { keys } from '../../lib/db/keys';
import { SCORE_FIELDS } from '../../lib/db/scores';
import { UnitOfWork } from '../../lib/db/unit-of-work';
import { SIX } from '../support/criteria';

const at = '2027-01-05T01:00:00.000Z';
const later = '2027-01-06T01:00:00.000Z';
const shifted = (by: number) => Object.fromEntries(SCORE_FIELDS.map((f) => [f, SIX[f] + by])) as typeof SIX;
const base: AssessmentRecord = {
  id_evaluasi: 'EVAL-aaaaaaaaaa',
  kd_desa: 'DESA-aaaaaaaaaa',
  provinsi: 'DI Yogyakarta',
  kabupaten: 'Sleman',
  status: 'draf',
  mandiri: { nilai: shifted(5), bukti: {} },
  created_at: at,
  updated_at: at,
};
const review = (by: number) => ({ nilai: shifted(-by), catatan: {}, rata_rata: 70, kategori_desa: 'Berkembang' as const });
const submitted: AssessmentRecord = { ...base, status: 'diajukan', diajukan_at: at };
const reviewed: AssessmentRecord = { ...submitted, status: 'dinilai', penilaian: review(3), dinilai_at: later, kategori_sebelum: 'belum' };

/** What a change moves on the round's region counter, as the unit of work derives it: after − before, the comparison's counters only. */
function moved(before: AssessmentRecord | undefined, after: AssessmentRecord): Record<string, number> {
  const share = (a: AssessmentRecord | undefined) => {
    const s = a ? assessments.changes!.counts!(a).find((x) => 'on' in x && x.on.SK.startsWith('REKAP#')) : undefined;
    return (s && 'counts' in s ? s.counts : {}) as Record<string, number>;
  };
  const [b, a] = [share(before), share(after)];
  return Object.fromEntries(COMPARISON_COUNTERS.map((k) => [k, (a[k] ?? 0) - (b[k] ?? 0)]).filter(([, v]) => v !== 0)) as Record<
    string,
    number
  >;
}

describe('the comparison over the same villages, derived', () => {
  it('counts an assessment only while it is both submitted and reviewed', () => {
    expect(comparisonCounts(base)).toEqual({});
    expect(comparisonCounts(submitted)).toEqual({});
    expect(comparisonCounts({ ...base, status: 'dikembalikan', dikembalikan_at: later })).toEqual({});
    // reviewed without a submission (a draft, or one returned and not submitted again)
    expect(comparisonCounts({ ...base, status: 'dinilai', penilaian: review(1) })).toEqual({});
    expect(comparisonCounts(reviewed)).toEqual({
      n_banding: 1,
      ...Object.fromEntries(
        SCORE_FIELDS.flatMap((f) => [
          [`banding_mandiri_${f}`, SIX[f] + 5],
          [`banding_nilai_${f}`, SIX[f] - 3],
        ]),
      ),
    });
  });

  it('each transition moves it by after − before', () => {
    expect(moved(base, submitted)).toEqual({});
    expect(moved(submitted, { ...submitted, status: 'dikembalikan', diajukan_at: undefined, dikembalikan_at: later })).toEqual({});
    expect(moved(submitted, reviewed)).toEqual(comparisonCounts(reviewed));
    // a corrected review: the village stays counted, each sum moves by the difference
    const corrected = moved(reviewed, { ...reviewed, penilaian: review(7) });
    expect(corrected).toEqual(Object.fromEntries(SCORE_FIELDS.map((f) => [`banding_nilai_${f}`, -4])));
    // reviewed straight from a draft: nothing
    expect(moved(base, { ...base, status: 'dinilai', penilaian: review(1) })).toEqual({});
  });

  it('is written in the assessment’s own transaction; the office’s draft review moves no counter', () => {
    const uow = new UnitOfWork(SYSTEM);
    uow.update(assessments, submitted, reviewed);
    const plan = uow.plan();
    expect(plan.filter((s) => s.step === 'record')).toEqual([
      { step: 'record', op: 'update', key: 'EVAL#EVAL-aaaaaaaaaa DESA#DESA-aaaaaaaaaa' },
    ]);
    const counter = keys.evaluationCounters(base.id_evaluasi, base);
    expect(plan.filter((s) => s.step === 'counter')).toEqual([{ step: 'counter', op: 'update', key: `${counter.PK} ${counter.SK}` }]);

    const drafts = new UnitOfWork(SYSTEM);
    drafts.create(reviewDrafts, {
      id_evaluasi: base.id_evaluasi,
      kd_desa: base.kd_desa,
      ...review(2),
      created_at: at,
      updated_at: at,
    });
    expect(drafts.plan().filter((s) => s.step === 'counter')).toEqual([]);
  });
});
