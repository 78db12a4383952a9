import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nowIso } from '../clock';
import { db, tableName } from './client';
import { failedConditions, isConditionFailure, projection, queryAll } from './helpers';
import { GSI1, keys, LIST, fitsKey } from './keys';
import { transactWrite } from './transact';
import { villageChildChange } from './villages';

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

export interface ScoreRecord extends ScoreValues {
  kd_desa: string;
  total_skor: number;
  rata_rata: number;
  kategori_desa: string;
  created_at: string;
  updated_at: string;
}

export async function getScore(kd: string): Promise<ScoreRecord | undefined> {
  if (!fitsKey(kd)) return undefined;
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.score(kd) }));
  return out.Item as ScoreRecord | undefined;
}

/** Every score's list fields (village code, the six values, average, category). */
export const listScores = () =>
  queryAll<Pick<ScoreRecord, 'kd_desa' | ScoreField | 'rata_rata' | 'kategori_desa'>>({
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': LIST.scores },
    ...projection(['kd_desa', ...SCORE_FIELDS, 'rata_rata', 'kategori_desa']),
  });

export class ScoreExistsError extends Error {}
export class ScoreVillageMissingError extends Error {}

/** Creates the village's score if it has none, in one transaction with the village's child_rev. */
export async function createScore(score: Omit<ScoreRecord, 'created_at' | 'updated_at'>): Promise<ScoreRecord> {
  if (!fitsKey(score.kd_desa)) throw new ScoreVillageMissingError();
  const now = nowIso();
  const record: ScoreRecord = { ...score, created_at: now, updated_at: now };
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.score(score.kd_desa), ...keys.scoreList(score.kd_desa), type: 'SKOR', ...record },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      villageChildChange(score.kd_desa, {}),
    ]);
  } catch (err) {
    const failed = failedConditions(err);
    if (failed?.includes(0)) throw new ScoreExistsError();
    if (failed?.includes(1)) throw new ScoreVillageMissingError();
    throw err;
  }
  return record;
}

/** Replaces the six values and the computed ones. Returns undefined when there is no score. */
export async function updateScore(score: Omit<ScoreRecord, 'created_at' | 'updated_at'>): Promise<ScoreRecord | undefined> {
  if (!fitsKey(score.kd_desa)) return undefined;
  const values: Record<string, unknown> = {
    ':now': nowIso(),
    ':total': score.total_skor,
    ':avg': score.rata_rata,
    ':cat': score.kategori_desa,
  };
  for (const f of SCORE_FIELDS) values[`:${f}`] = score[f];
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.score(score.kd_desa),
        UpdateExpression: `SET ${SCORE_FIELDS.map((f) => `${f} = :${f}`).join(', ')}, total_skor = :total, rata_rata = :avg, kategori_desa = :cat, updated_at = :now`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as ScoreRecord;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}
