import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { failedConditions, isConditionFailure } from './helpers';
import { GSI1, GSI2, keys, LIST } from './keys';
import { transactWrite } from './transact';
import { villageChildChange, type TransactItem } from './villages';

export const CATEGORIES = ['atraksi', 'penginapan', 'paket_wisata', 'suvenir'] as const;
export type Category = (typeof CATEGORIES)[number];

/** A stored item: its id, its own fields (nama_…, harga_…, kategori_atraksi) and its images. */
export type StoredItem = { id: number; gambar: string[] } & Record<string, unknown>;

export interface TourismDescriptionRecord {
  kd_desa: string;
  penjelasan_umum: string;
  fasilitas: string;
  dokumentasi_desa: string;
  atraksi: StoredItem[];
  penginapan: StoredItem[];
  paket_wisata: StoredItem[];
  suvenir: StoredItem[];
  /** The next id per category; only ever grows, so an id is never reused. */
  next_ids: Record<Category, number>;
  /** Random position in the attraction index (set while an attraction has an image). */
  random_key: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** Every image URL a description refers to. */
export const imagesOf = (d: Pick<TourismDescriptionRecord, Category>): string[] => CATEGORIES.flatMap((c) => d[c].flatMap((i) => i.gambar));

export const newRandomKey = () => randomBytes(8).toString('hex');

function itemOf(d: TourismDescriptionRecord): Record<string, unknown> {
  const hasAttractionImage = d.atraksi.some((a) => a.gambar.length > 0);
  return {
    ...keys.tourismDescription(d.kd_desa),
    ...keys.tourismList(d.created_at, d.kd_desa),
    ...(hasAttractionImage ? keys.attractionIndex(d.random_key) : {}),
    type: 'DESKWIS',
    ...d,
  };
}

export async function getTourismDescription(kd: string, consistent = false): Promise<TourismDescriptionRecord | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.tourismDescription(kd), ConsistentRead: consistent }));
  return out.Item as TourismDescriptionRecord | undefined;
}

export class DescriptionExistsError extends Error {}
export class DescriptionVillageMissingError extends Error {}
export class DescriptionVersionError extends Error {}

const counterChange = (delta: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.tourismCounter(),
    UpdateExpression: 'ADD #v :d',
    ExpressionAttributeNames: { '#v': 'value' },
    ExpressionAttributeValues: { ':d': delta },
  },
});

/** Creates the description, counts it, and records it on the village, in one transaction. */
export async function createTourismDescription(d: TourismDescriptionRecord): Promise<void> {
  try {
    await transactWrite([
      { Put: { TableName: tableName(), Item: itemOf(d), ConditionExpression: 'attribute_not_exists(PK)' } },
      counterChange(1),
      villageChildChange(d.kd_desa, {}),
    ]);
  } catch (err) {
    const failed = failedConditions(err);
    if (failed?.includes(0)) throw new DescriptionExistsError();
    if (failed?.includes(2)) throw new DescriptionVillageMissingError();
    throw err;
  }
}

/** Replaces the description if it is still at `expectedVersion` (DescriptionVersionError otherwise). */
export async function replaceTourismDescription(d: TourismDescriptionRecord, expectedVersion: number): Promise<void> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: itemOf(d),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': expectedVersion },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw new DescriptionVersionError();
    throw err;
  }
}

/** Deletes the description (if still at `expectedVersion`), uncounts it and records it on the village. */
export async function deleteTourismDescription(kd: string, expectedVersion: number): Promise<void> {
  try {
    await transactWrite([
      {
        Delete: {
          TableName: tableName(),
          Key: keys.tourismDescription(kd),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': expectedVersion },
        },
      },
      counterChange(-1),
      villageChildChange(kd, {}),
    ]);
  } catch (err) {
    const failed = failedConditions(err);
    if (failed?.includes(0)) throw new DescriptionVersionError();
    if (failed?.includes(2)) throw new DescriptionVillageMissingError();
    throw err;
  }
}

/** What the village cascade adds for a tourism description: uncount it. */
export const tourismCounterDecrement = (): TransactItem => counterChange(-1);

export async function countTourismDescriptions(): Promise<number> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.tourismCounter() }));
  return Math.max(0, Number(out.Item?.value ?? 0));
}

/**
 * One page of descriptions, oldest first. DynamoDB has no offset, so earlier pages are
 * skipped by reading only their keys (a KEYS_ONLY-sized projection), then the page itself.
 */
export async function tourismDescriptionPage(page: number, limit: number): Promise<TourismDescriptionRecord[]> {
  let start: Record<string, unknown> | undefined;
  let toSkip = (page - 1) * limit;
  while (toSkip > 0) {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: GSI1,
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': LIST.tourismDescriptions },
        ProjectionExpression: 'PK, SK, GSI1PK, GSI1SK',
        Limit: Math.min(toSkip, 1000),
        ExclusiveStartKey: start,
      }),
    );
    toSkip -= out.Count ?? 0;
    start = out.LastEvaluatedKey;
    if (!start) return [];
  }
  const items: TourismDescriptionRecord[] = [];
  while (items.length < limit) {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: GSI1,
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': LIST.tourismDescriptions },
        Limit: limit - items.length,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as TourismDescriptionRecord[]));
    start = out.LastEvaluatedKey;
    if (!start) break;
  }
  return items;
}

/** Up to `count` descriptions that have an attraction with an image, from a random point of the index. */
export async function randomAttractionDescriptions(count: number): Promise<TourismDescriptionRecord[]> {
  const from = newRandomKey();
  const query = (condition: string) =>
    db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: GSI2,
        KeyConditionExpression: `GSI2PK = :pk AND ${condition}`,
        ExpressionAttributeValues: { ':pk': 'ATRAKSI', ':from': from },
        ProjectionExpression: 'kd_desa, atraksi',
        Limit: count,
      }),
    );
  const first = (await query('GSI2SK >= :from')).Items ?? [];
  const rest = first.length < count ? ((await query('GSI2SK < :from')).Items ?? []) : [];
  return [...first, ...rest].slice(0, count) as TourismDescriptionRecord[];
}
