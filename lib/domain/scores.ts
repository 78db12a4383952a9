import * as z from 'zod';
import { SCORE_FIELDS, type ScoreRecord, type ScoreValues } from '../db/scores';

export const KATEGORI = ['Mandiri', 'Maju', 'Berkembang', 'Rintisan'] as const;

/** A score value: a JSON number from 1 to 100 (strings are refused). */
const value = z.number().finite().min(1).max(100);
export const scoreValuesSchema = z.object(
  Object.fromEntries(SCORE_FIELDS.map((f) => [f, value])) as Record<(typeof SCORE_FIELDS)[number], typeof value>,
);

/** rata_rata = Math.round(total / 6); categories by that integer (DESIGN.md). */
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
