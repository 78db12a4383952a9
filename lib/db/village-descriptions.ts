import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName, db } from './client';
import { failedConditions } from './helpers';
import { keys, fitsKey } from './keys';
import { transactWrite } from './transact';
import type { TransactItem } from './villages';

export const JENIS_DESA = ['Alam', 'Budaya', 'Buatan'] as const;

export interface VillageDescriptionRecord {
  kd_desa: string;
  lokasi_desa: string;
  deskripsi_desa: string;
  fasilitas_desa: string[];
  galeri_gambar: string[];
  url_video: string[];
  jenis_desa: (typeof JENIS_DESA)[number];
  latitude: number;
  longitude: number;
  version: number;
  created_at: string;
  updated_at: string;
}

export const toPublicVillageDescription = (d: VillageDescriptionRecord) => ({
  kd_desa: d.kd_desa,
  lokasi_desa: d.lokasi_desa,
  deskripsi_desa: d.deskripsi_desa,
  fasilitas_desa: d.fasilitas_desa,
  galeri_gambar: d.galeri_gambar,
  url_video: d.url_video,
  jenis_desa: d.jenis_desa,
  latitude: d.latitude,
  longitude: d.longitude,
  created_at: d.created_at,
  updated_at: d.updated_at,
});

export class VillageDescriptionExistsError extends Error {}
export class VillageDescriptionVersionError extends Error {}
export class VillageDescriptionVillageMissingError extends Error {}

export async function getVillageDescription(kd: string, consistent = false): Promise<VillageDescriptionRecord | undefined> {
  if (!fitsKey(kd)) return undefined;
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.villageDescription(kd), ConsistentRead: consistent }));
  return out.Item as VillageDescriptionRecord | undefined;
}

/** The village's cover image (first gallery image) changes with the description, in the same transaction. */
const coverChange = (kd: string, cover: string | null): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.village(kd),
    UpdateExpression: 'SET gambar_cover = :cover ADD child_rev :one',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':cover': cover, ':one': 1 },
  },
});

async function write(items: TransactItem[]): Promise<void> {
  try {
    await transactWrite(items);
  } catch (err) {
    const failed = failedConditions(err);
    if (failed?.includes(0))
      throw items[0]!.Put?.ConditionExpression === 'attribute_not_exists(PK)'
        ? new VillageDescriptionExistsError()
        : new VillageDescriptionVersionError();
    if (failed?.includes(1)) throw new VillageDescriptionVillageMissingError();
    throw err;
  }
}

export function createVillageDescription(d: VillageDescriptionRecord): Promise<void> {
  return write([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.villageDescription(d.kd_desa), type: 'DESKDESA', ...d },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    coverChange(d.kd_desa, d.galeri_gambar[0] ?? null),
  ]);
}

export function replaceVillageDescription(d: VillageDescriptionRecord, expectedVersion: number): Promise<void> {
  return write([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.villageDescription(d.kd_desa), type: 'DESKDESA', ...d },
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': expectedVersion },
      },
    },
    coverChange(d.kd_desa, d.galeri_gambar[0] ?? null),
  ]);
}

export function deleteVillageDescription(kd: string, expectedVersion: number): Promise<void> {
  return write([
    {
      Delete: {
        TableName: tableName(),
        Key: keys.villageDescription(kd),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': expectedVersion },
      },
    },
    coverChange(kd, null),
  ]);
}
