import * as z from 'zod';
import { nowIso, nowIsoAfter } from '../platform/clock';
import { tableName } from './client';
import { defineEntity, timestamp, type Journal, type TransactItem } from './entity';
import { keys, LIST } from './keys';
import { listsChanged } from './list-versions';
import { transactWrite } from './transact';
import { villageChildChange, VillageStaleError, type ReadVillage } from './village-children';
import { categoryChange, regionCounts } from './stats';
import { changesNothing } from './history';

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
    created_at: timestamp,
    updated_at: timestamp,
  }),
  key: keys.score,
  id: (s) => s.kd_desa,
  indexes: (s) => keys.scoreList(s.kd_desa),
  list: LIST.scores,
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

/** The village as a score's write read it, with the category it counts the village in. */
export type ScoredVillage = ReadVillage & { kategori?: string };

/** The village's new category and its region's counts, when an evaluation changes the category. */
function categoryItems(village: ScoredVillage, kategori: string, at: string): TransactItem[] {
  return [
    villageChildChange(village.kd_desa, {}, { village, counts: {}, kategori }),
    ...regionCounts(village, categoryChange(village.kategori, kategori, at)),
  ];
}

/**
 * Creates the village's score if it has none, in one transaction with the village (as
 * read: its category and child_rev), its region's counts and its history entry;
 * ScoreExistsError, or VillageStaleError when the village changed (or went) meanwhile.
 */
export async function createScore(
  score: Omit<ScoreRecord, 'created_at' | 'updated_at'>,
  village: ScoredVillage,
  journal: Journal<ScoreRecord>,
): Promise<ScoreRecord> {
  const now = nowIso();
  const record: ScoreRecord = { ...score, created_at: now, updated_at: now };
  await transactWrite(
    [scores.putNew(record), ...categoryItems(village, record.kategori_desa, now), journal(undefined, record), ...listsChanged('scores')],
    (failed) => (failed.includes(0) ? new ScoreExistsError() : failed.includes(1) ? new VillageStaleError() : undefined),
  );
  return record;
}

/** The score changed (or went) since it was read: read it again. */
export class ScoreChangedError extends Error {}

/**
 * Replaces the six values and the computed ones of the score as read (`current`), with its
 * history entry, in one transaction: if the score is still as read (ScoreChangedError:
 * read again) and the village exists (ScoreVillageMissingError) — as read
 * (VillageStaleError) when the category changes, which moves the village between its
 * region's category counts.
 */
export async function updateScore(
  current: ScoreRecord,
  score: Omit<ScoreRecord, 'created_at' | 'updated_at'>,
  village: ScoredVillage,
  journal: Journal<ScoreRecord>,
): Promise<ScoreRecord> {
  if (changesNothing(current, { ...current, ...score })) return current; // nothing to write (nor to record)
  const now = nowIsoAfter(current.updated_at);
  const next: ScoreRecord = { ...current, ...score, updated_at: now };
  const values: Record<string, unknown> = {
    ':now': now,
    ':was': current.updated_at,
    ':total': score.total_skor,
    ':avg': score.rata_rata,
    ':cat': score.kategori_desa,
  };
  for (const f of SCORE_FIELDS) values[`:${f}`] = score[f];
  const recategorised = next.kategori_desa !== village.kategori;
  await transactWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.score(score.kd_desa),
          UpdateExpression: `SET ${SCORE_FIELDS.map((f) => `${f} = :${f}`).join(', ')}, total_skor = :total, rata_rata = :avg, kategori_desa = :cat, updated_at = :now`,
          // still as read: the history's before is what this replaces
          ConditionExpression: 'updated_at = :was',
          ExpressionAttributeValues: values,
        },
      },
      // second: the village (its new category and its region's counts, or only that it exists)
      ...(recategorised
        ? categoryItems(village, next.kategori_desa, now)
        : [{ ConditionCheck: { TableName: tableName(), Key: keys.village(score.kd_desa), ConditionExpression: 'attribute_exists(PK)' } }]),
      journal(current, next),
      ...listsChanged('scores'),
    ],
    (failed) =>
      failed.includes(0)
        ? new ScoreChangedError()
        : failed.includes(1)
          ? recategorised
            ? new VillageStaleError()
            : new ScoreVillageMissingError()
          : undefined,
  );
  return next;
}
