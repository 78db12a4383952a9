import * as z from 'zod';
import * as store from '../db/scores';
import {
  ScoreChangedError,
  ScoreExistsError,
  ScoreVillageMissingError,
  SCORE_FIELDS,
  scores,
  type ScoreRecord,
  type ScoreValues,
} from '../db/scores';
import { filteredVillages, getVillage, listVillages, type VillageFilter } from '../db/villages';
import { inUnitOfWork } from '../db/unit-of-work';
import type { Acting } from '../contract/caller';
import { conflict, found, notFound } from '../contract/errors';
import { MSG } from '../contract/messages';
import { computeScore, pickScoreValues, scoreValuesSchema } from './scores';
import { refusals } from '../contract/validation';

const SCORE_REFUSAL = { message: MSG.scoreInvalid, when: 'A value is missing, not a number, or outside 1–100' };
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
refusals.add(createScoreInput, SCORE_REFUSAL);
/** PUT /api/skor/{kd}: the six values (any failure: 400 "Semua nilai skor …"); the refusal is declared on this very schema. */
export const updateScoreInput = scoreValuesSchema;
refusals.add(updateScoreInput, SCORE_REFUSAL);

const villageMissing = () => new ScoreVillageMissingError();

/** POST /api/skor: the village read first (its region counts the score's category). */
export async function createScore(input: z.output<typeof createScoreInput>, caller: Acting): Promise<ScoreRecord> {
  const { kd_desa, ...values } = input;
  try {
    return await inUnitOfWork(caller, async (uow, read) => {
      const village = await getVillage(kd_desa, read.consistent);
      if (!village) throw villageMissing();
      const score = store.newScore({ kd_desa, ...values, ...computeScore(values) });
      uow.create(scores, score, { village, guard: () => new ScoreExistsError(), villageMustExist: villageMissing });
      return score;
    });
  } catch (err) {
    if (err instanceof ScoreExistsError) throw conflict(MSG.scoreExists);
    if (err instanceof ScoreVillageMissingError) throw notFound(MSG.scoreVillageNotFound);
    throw err;
  }
}

/**
 * PUT /api/skor/{kd}: the village first (404 "Desa tidak ditemukan di database."), then
 * its score (404 "Skor desa tidak ditemukan"), both read with the token check (read
 * ahead) on the first attempt. Written only if the score is still as read, so its history
 * entry's before is what it replaced; a lost race reads both again.
 */
export async function updateScore(kd: string, values: ScoreValues, caller: Acting) {
  try {
    return await inUnitOfWork(caller, async (uow, read) => {
      const village = await getVillage(kd, read.consistent);
      if (!village) throw villageMissing();
      const current = found(await store.getScore(kd, true), MSG.scoreNotFound);
      const next = store.withValues(current, { kd_desa: kd, ...values, ...computeScore(values) });
      return uow.update(scores, current, next, { village, guard: () => new ScoreChangedError(), villageMustExist: villageMissing })
        ? next
        : current;
    });
  } catch (err) {
    if (err instanceof ScoreVillageMissingError) throw notFound(MSG.scoreVillageNotFound);
    throw err;
  }
}

/** GET /api/skor: every village (or those a filter admits), scored or not (null scores, rata_rata 0, Rintisan). */
export async function listScores(filter?: VillageFilter) {
  const [villages, scores] = filter
    ? await (async () => {
        // the villages a filter admits, and their scores by key: the cost follows the rows returned
        const vs = await filteredVillages(filter);
        return [vs, [...(await store.scores.getMany(vs.map((v) => v.kd_desa))).values()]] as const;
      })()
    : await Promise.all([listVillages(['kd_desa', 'nama_desa']), store.listScores()]);
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
