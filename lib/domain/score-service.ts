import * as z from 'zod';
import * as store from '../db/scores';
import {
  ScoreChangedError,
  ScoreExistsError,
  ScoreVillageMissingError,
  SCORE_FIELDS,
  type ScoreRecord,
  type ScoreValues,
} from '../db/scores';
import { getVillage, listVillages } from '../db/villages';
import { isTransactionConflict } from '../db/transact';
import { withRetries } from '../platform/retry';
import { journal, type Who } from '../db/history';
import { conflict, found, notFound } from '../contract/errors';
import { MSG } from '../contract/messages';
import { computeScore, pickScoreValues, scoreValuesSchema } from './scores';

/**
 * POST /api/skor: `kd_desa` first (400 "kd_desa harus diisi" when it is missing or blank,
 * or the body is no object), then the six values (any failure: 400 "Semua nilai skor …").
 */
export const createScoreInput = z.object(
  {
    kd_desa: z.string({ error: MSG.scoreVillageCodeMissing }).trim().min(1, { error: MSG.scoreVillageCodeMissing }),
    ...scoreValuesSchema.shape,
  },
  { error: MSG.scoreVillageCodeMissing },
);
/** PUT /api/skor/{kd}: the six values (any failure: 400 "Semua nilai skor …"). */
export const updateScoreInput = scoreValuesSchema;

/**
 * The history entry of an evaluation (`score.created`, `score.updated`), with the score as
 * it became kept whole: the village's score trajectory (GET /api/skor/{kd}/riwayat).
 */
const scoreJournal = (who: Who, action: string) =>
  journal<ScoreRecord>(who, `score.${action}`, { record: (s) => s.kd_desa }, (b, a) => ({
    kd_desa: (a ?? b)!.kd_desa,
    ...(a ? { snapshot: { ...pickScoreValues(a), total_skor: a.total_skor, rata_rata: a.rata_rata, kategori_desa: a.kategori_desa } } : {}),
  }));

/** POST /api/skor. */
export async function createScore(input: z.output<typeof createScoreInput>, who: Who): Promise<ScoreRecord> {
  const { kd_desa, ...values } = input;
  try {
    return await store.createScore({ kd_desa, ...values, ...computeScore(values) }, scoreJournal(who, 'created'));
  } catch (err) {
    if (err instanceof ScoreExistsError) throw conflict(MSG.scoreExists);
    if (err instanceof ScoreVillageMissingError) throw notFound(MSG.scoreVillageNotFound);
    throw err;
  }
}

/**
 * PUT /api/skor/{kd}: the village first (404 "Desa tidak ditemukan di database."), then
 * its score (404 "Skor desa tidak ditemukan"), both read with the token check (read
 * ahead). Written only if the score is still as read, so its history entry's before is
 * what it replaced; a lost race reads the score again.
 */
export async function updateScore(kd: string, values: ScoreValues, who: Who) {
  try {
    if (!(await getVillage(kd))) throw new ScoreVillageMissingError();
    return await withRetries(
      async () =>
        store.updateScore(
          found(await store.getScore(kd, true), MSG.scoreNotFound),
          { kd_desa: kd, ...values, ...computeScore(values) },
          scoreJournal(who, 'updated'),
        ),
      (err) => err instanceof ScoreChangedError || isTransactionConflict(err),
      30,
    );
  } catch (err) {
    if (err instanceof ScoreVillageMissingError) throw notFound(MSG.scoreVillageNotFound);
    throw err;
  }
}

/** GET /api/skor: every village, scored or not (null scores, rata_rata 0, Rintisan). */
export async function listScores() {
  const [villages, scores] = await Promise.all([listVillages(['kd_desa', 'nama_desa']), store.listScores()]);
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
export async function getScore(kd: string) {
  const score = found(await store.getScore(kd), MSG.scoreNotFound);
  return { kd_desa: score.kd_desa, ...pickScoreValues(score), created_at: score.created_at, updated_at: score.updated_at };
}
