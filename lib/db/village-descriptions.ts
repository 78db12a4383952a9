import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName, db } from './client';
import { failedConditions } from './helpers';
import { keys, fitsKey } from './keys';
import { transactWrite } from './transact';
import type { TransactItem } from './villages';
import { assertItemFits } from './item-size';

export const JENIS_DESA = ['Alam', 'Budaya', 'Buatan'] as const;
export type JenisDesa = (typeof JENIS_DESA)[number];

export interface VillageDescriptionRecord {
  kd_desa: string;
  lokasi_desa: string;
  deskripsi_desa: string;
  fasilitas_desa: string[];
  galeri_gambar: string[];
  url_video: string[];
  jenis_desa: JenisDesa;
  /** Every kind the manager chose (the contract's `jenis_desa` is the first); absent on older records. */
  jenis_desa_list?: JenisDesa[];
  /** A cover image the manager chose; without one the first gallery image is the cover. */
  gambar_cover?: string | null;
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

/** The village's cover: the chosen one, else the first gallery image. */
export const coverOf = (d: VillageDescriptionRecord): string | null => d.gambar_cover ?? d.galeri_gambar[0] ?? null;

/** Every image a village description refers to. */
export const villageDescriptionImages = (d: VillageDescriptionRecord): string[] => [
  ...d.galeri_gambar,
  ...(d.gambar_cover ? [d.gambar_cover] : []),
];

/**
 * The village item keeps the description's cover and kinds, so lists need no extra
 * reads; they change with the description, in the same transaction.
 */
const villageCopyChange = (kd: string, d: VillageDescriptionRecord | null): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.village(kd),
    UpdateExpression: 'SET gambar_cover = :cover, jenis_desa_list = :kinds ADD child_rev :one',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: {
      ':cover': d ? coverOf(d) : null,
      ':kinds': d ? (d.jenis_desa_list ?? [d.jenis_desa]) : null,
      ':one': 1,
    },
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
        Item: assertItemFits({ ...keys.villageDescription(d.kd_desa), type: 'DESKDESA', ...d }),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    villageCopyChange(d.kd_desa, d),
  ]);
}

export function replaceVillageDescription(d: VillageDescriptionRecord, expectedVersion: number): Promise<void> {
  return write([
    {
      Put: {
        TableName: tableName(),
        Item: assertItemFits({ ...keys.villageDescription(d.kd_desa), type: 'DESKDESA', ...d }),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': expectedVersion },
      },
    },
    villageCopyChange(d.kd_desa, d),
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
    villageCopyChange(kd, null),
  ]);
}
