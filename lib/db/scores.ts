import * as z from 'zod';
import { nowIso, nowIsoAfter } from '../platform/clock';
import { defineEntity, timestamp } from './entity';
import { keys, LIST } from './keys';
import { RaceLostError } from './unit-of-work';

export const SCORE_FIELDS = [
  'partisipasi_masyarakat',
  'keragaman_paket_wisata',
  'akses_tempat_wisata',
  'keramahan_difabel',
  'fasilitas_tempat_wisata',
  'produk_tempat_wisata',
] as const;
export type ScoreField = (typeof SCORE_FIELDS)[number];
export type ScoreValues = Record<ScoreField, number>;
export const KATEGORI = ['Mandiri', 'Maju', 'Berkembang', 'Rintisan'] as const;

const scoreValue = z.number().finite().min(1).max(100);

/** A village's score: DESA#<kd_desa>/SKOR (in the village's partition), listed in GSI1 SKOR. */
export const scores = defineEntity({
  type: 'SKOR',
  schema: z.object({
    kd_desa: z.string(),
    ...(Object.fromEntries(SCORE_FIELDS.map((f) => [f, scoreValue])) as Record<ScoreField, typeof scoreValue>),
    total_skor: z.number(),
    rata_rata: z.number().int(),
    kategori_desa: z.enum(KATEGORI),
    /** The evaluation round whose review set these values (absent: set by POST/PUT /api/skor). */
    id_evaluasi: z.string().optional(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  key: keys.score,
  id: (s) => s.kd_desa,
  indexes: (s) => keys.scoreList(s.kd_desa),
  list: LIST.scores,
  changes: {
    // the whole score kept with each entry: the village's score trajectory (GET /api/skor/{kd}/riwayat)
    history: {
      subject: 'score',
      record: (s) => s.kd_desa,
      kd_desa: (s) => s.kd_desa,
      snapshot: (s) => ({
        ...Object.fromEntries(SCORE_FIELDS.map((f) => [f, s[f]])),
        total_skor: s.total_skor,
        rata_rata: s.rata_rata,
        kategori_desa: s.kategori_desa,
        ...(s.id_evaluasi ? { id_evaluasi: s.id_evaluasi } : {}),
      }),
    },
    lists: ['scores'],
    // the village's category (its region's counts, its place in the filtered lists)
    village: { kd_desa: (s) => s.kd_desa, kategori: (s) => s.kategori_desa },
  },
  public: ['kd_desa', ...SCORE_FIELDS, 'total_skor', 'rata_rata', 'kategori_desa'],
  publicMeta: {
    id: 'Score',
    description: 'rata_rata = round(total_skor / 6); kategori_desa: >90 Mandiri, 75–90 Maju, 50–74 Berkembang, <50 Rintisan.',
  },
});
export type ScoreRecord = z.infer<typeof scores.schema>;

export const getScore = (kd: string, consistent = false) => scores.get(kd, consistent);

/** Every score's list fields (village code, the six values, average, category). */
export const listScores = () => scores.listAll(['kd_desa', ...SCORE_FIELDS, 'rata_rata', 'kategori_desa']);

export class ScoreExistsError extends Error {}
export class ScoreVillageMissingError extends Error {}
/** The score changed (or went) since it was read: read it again. */
export class ScoreChangedError extends RaceLostError {}

/** A new score of a village, now. */
export function newScore(score: Omit<ScoreRecord, 'created_at' | 'updated_at'>): ScoreRecord {
  const now = nowIso();
  return { ...score, created_at: now, updated_at: now };
}

/** The score as it becomes with other values (set by a round's review when `score.id_evaluasi` names it, else by hand). */
export const withValues = (current: ScoreRecord, score: Omit<ScoreRecord, 'created_at' | 'updated_at'>): ScoreRecord => {
  const { id_evaluasi: _was, ...rest } = current;
  return { ...rest, ...score, updated_at: nowIsoAfter(current.updated_at) };
};
