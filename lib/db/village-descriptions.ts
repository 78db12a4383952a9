import * as z from 'zod';
import { tableName } from './client';
import { defineEntity, imageUrl, timestamp } from './entity';

import { keys } from './keys';
import { listsChanged } from './list-versions';
import { guarded, transactWrite } from './transact';
import type { TransactItem } from './entity';
import { assertItemFits } from './item-size';
import { guardedRefs } from './image-refs';

export const JENIS_DESA = ['Alam', 'Budaya', 'Buatan'] as const;
export type JenisDesa = (typeof JENIS_DESA)[number];

/** A village's description: DESA#<kd_desa>/DESKDESA (in the village's partition). */
export const villageDescriptions = defineEntity({
  type: 'DESKDESA',
  schema: z.object({
    kd_desa: z.string(),
    /** Bumped by every write; a write stores only if it is still the version it read. */
    version: z.number().int(),
    lokasi_desa: z.string(),
    deskripsi_desa: z.string(),
    fasilitas_desa: z.array(z.string()),
    galeri_gambar: z.array(imageUrl),
    url_video: z.array(z.string().meta({ format: 'uri' })),
    jenis_desa: z.enum(JENIS_DESA),
    /** Every kind the manager chose (the contract's `jenis_desa` is the first); absent on older records. */
    jenis_desa_list: z.array(z.enum(JENIS_DESA)).optional(),
    /** A cover image the manager chose; without one the first gallery image is the cover. */
    gambar_cover: imageUrl.nullable().optional(),
    latitude: z.number(),
    longitude: z.number(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  key: keys.villageDescription,
  id: (d) => d.kd_desa,
  public: [
    'kd_desa',
    'lokasi_desa',
    'deskripsi_desa',
    'fasilitas_desa',
    'galeri_gambar',
    'url_video',
    'jenis_desa',
    'latitude',
    'longitude',
    'created_at',
    'updated_at',
  ],
  publicMeta: { id: 'VillageDescription' },
});
export type VillageDescriptionRecord = z.infer<typeof villageDescriptions.schema>;
export const toPublicVillageDescription = villageDescriptions.publicView;

export class VillageDescriptionExistsError extends Error {}
export class VillageDescriptionVersionError extends Error {}
export class VillageDescriptionVillageMissingError extends Error {}

export const getVillageDescription = (kd: string, consistent = false) => villageDescriptions.get(kd, consistent);

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
    ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deleting)', // not a village being deleted
    ExpressionAttributeValues: {
      ':cover': d ? coverOf(d) : null,
      ':kinds': d ? (d.jenis_desa_list ?? [d.jenis_desa]) : null,
      ':one': 1,
    },
  },
});

/**
 * Writes the description (first item: `taken` when its condition fails), the village's
 * copy (second: the village is missing) and the image reference writes (`refs`,
 * lib/db/image-refs.ts).
 */
async function write(items: TransactItem[], refs: TransactItem[], taken: new () => Error = VillageDescriptionVersionError): Promise<void> {
  const [description, village, ...rest] = items;
  await transactWrite([
    guarded(description!, () => new taken()),
    guarded(village!, () => new VillageDescriptionVillageMissingError()),
    ...rest,
    ...listsChanged('villages'),
    ...guardedRefs(refs),
  ]);
}

/** Each write below also takes its history entry (`entry`), written in the same transaction. */
export function createVillageDescription(d: VillageDescriptionRecord, entry: TransactItem, refs: TransactItem[] = []): Promise<void> {
  return write(
    [villageDescriptions.putNew(d, assertItemFits), villageCopyChange(d.kd_desa, d), entry],
    refs,
    VillageDescriptionExistsError,
  );
}

export function replaceVillageDescription(
  d: VillageDescriptionRecord,
  expectedVersion: number,
  entry: TransactItem,
  refs: TransactItem[] = [],
): Promise<void> {
  return write([villageDescriptions.putAtVersion(d, expectedVersion, assertItemFits), villageCopyChange(d.kd_desa, d), entry], refs);
}

export function deleteVillageDescription(
  kd: string,
  expectedVersion: number,
  entry: TransactItem,
  refs: TransactItem[] = [],
): Promise<void> {
  return write([villageDescriptions.deleteAtVersion(kd, expectedVersion), villageCopyChange(kd, null), entry], refs);
}
