import { KATEGORI, SCORE_FIELDS, scores, type ScoreRecord, type ScoreField, type ScoreValues } from '../db/scores';

export { KATEGORI };

/** The six values a client sends: the stored schema's (JSON numbers from 1 to 100; strings are refused). */
export const scoreValuesSchema = scores.schema.pick(Object.fromEntries(SCORE_FIELDS.map((f) => [f, true])) as Record<ScoreField, true>);

/** rata_rata = Math.round(total / 6); categories by that integer (docs/decisions.md). */
export function computeScore(values: ScoreValues): Pick<ScoreRecord, 'total_skor' | 'rata_rata' | 'kategori_desa'> {
  const total = SCORE_FIELDS.reduce((sum, f) => sum + values[f], 0);
  const avg = Math.round(total / 6);
  return { total_skor: total, rata_rata: avg, kategori_desa: categoryOf(avg) };
}

export function categoryOf(avg: number): (typeof KATEGORI)[number] {
  if (avg > 90) return 'Mandiri';
  if (avg >= 75) return 'Maju';
  if (avg >= 50) return 'Berkembang';
  return 'Rintisan';
}

export const pickScoreValues = (s: ScoreValues): ScoreValues => Object.fromEntries(SCORE_FIELDS.map((f) => [f, s[f]])) as ScoreValues;

/** The POST/PUT response: the score under `data`, and its computed values repeated at the top. */
export function scoreResponse(s: Pick<ScoreRecord, 'kd_desa' | 'total_skor' | 'rata_rata' | 'kategori_desa'> & ScoreValues) {
  const data = {
    kd_desa: s.kd_desa,
    ...pickScoreValues(s),
    total_skor: s.total_skor,
    rata_rata: s.rata_rata,
    kategori_desa: s.kategori_desa,
  };
  return { data, total_skor: s.total_skor, rata_rata: s.rata_rata, kategori_desa: s.kategori_desa };
}
