import { present } from '../contract/validation';
import {
  createScore,
  listScores,
  ScoreExistsError,
  ScoreMissingError,
  ScoreVillageMissingError,
  SCORE_FIELDS,
  updateScore,
  type ScoreRecord,
} from '../db/scores';
import { listVillages } from '../db/villages';
import { conflict, invalid, found, notFound } from '../contract/errors';
import { parseOrInvalid } from '../contract/validation';
import { MSG } from '../contract/messages';
import { computeScore, pickScoreValues, scoreValuesSchema } from './scores';
import { getScore } from '../db/scores';

/** The six values of a POST/PUT body, or 400 with the contract's text. */
export function scoreValuesFrom(body: unknown) {
  return parseOrInvalid(scoreValuesSchema, body, MSG.scoreInvalid);
}

/** POST /api/skor. */
export async function createScoreFrom(input: unknown): Promise<ScoreRecord> {
  const body = input as Record<string, unknown>;
  if (!present(body?.kd_desa)) throw invalid(MSG.scoreVillageCodeMissing);
  const values = scoreValuesFrom(body);
  try {
    return await createScore({ kd_desa: body.kd_desa.trim(), ...values, ...computeScore(values) });
  } catch (err) {
    if (err instanceof ScoreExistsError) throw conflict(MSG.scoreExists);
    if (err instanceof ScoreVillageMissingError) throw notFound(MSG.scoreVillageNotFound);
    throw err;
  }
}

/** PUT /api/skor/{kd}. */
export async function updateScoreFor(kd: string, body: unknown) {
  const values = scoreValuesFrom(body);
  try {
    return await updateScore({ kd_desa: kd, ...values, ...computeScore(values) });
  } catch (err) {
    if (err instanceof ScoreVillageMissingError) throw notFound(MSG.scoreVillageNotFound);
    if (err instanceof ScoreMissingError) throw notFound(MSG.scoreNotFound);
    throw err;
  }
}

/** GET /api/skor: every village, scored or not (null scores, rata_rata 0, Rintisan). */
export async function scoreList() {
  const [villages, scores] = await Promise.all([listVillages(['kd_desa', 'nama_desa']), listScores()]);
  const byVillage = new Map(scores.map((s) => [s.kd_desa, s]));
  const unscored = Object.fromEntries(SCORE_FIELDS.map((f) => [f, null]));
  return villages.map((v) => {
    const s = byVillage.get(v.kd_desa);
    return {
      kd_desa: v.kd_desa,
      nama_desa: v.nama_desa,
      kategori_desa: s?.kategori_desa ?? 'Rintisan',
      ...(s ? pickScoreValues(s) : unscored),
      rata_rata: s?.rata_rata ?? 0,
    };
  });
}

/** GET /api/skor/{kd}: the six values and the timestamps. */
export async function scoreOf(kd: string) {
  const score = found(await getScore(kd), MSG.scoreNotFound);
  return { kd_desa: score.kd_desa, ...pickScoreValues(score), created_at: score.created_at, updated_at: score.updated_at };
}
