import * as z from 'zod';
import { defineEntity, imageUrl, timestamp } from './entity';
import { and, exists, fieldMissing, txUpdate } from './expression';

import { keys } from './keys';
import { RaceLostError, type UnitOfWork } from './unit-of-work';
import type { TransactItem } from './entity';
import { assertItemFits } from './item-size';
import type { VillageRecord } from './villages';

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
  fits: assertItemFits,
  changes: {
    // its gallery and cover summarised in the entry as added/removed URLs (lib/db/history.ts)
    history: { subject: 'village_description', record: (d) => d.kd_desa, kd_desa: (d) => d.kd_desa },
    // the village list shows its cover and kinds (the village's copy below)
    lists: ['villages'],
    // its gallery and cover: claimed and released with each change (lib/db/image-refs.ts)
    images: (d): string[] => villageDescriptionImages(d),
  },
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
/** The description changed since it was read: read again. */
export class VillageDescriptionVersionError extends RaceLostError {}
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
const villageCopyChange = (kd: string, d: VillageDescriptionRecord | null): TransactItem =>
  txUpdate<VillageRecord>(
    keys.village(kd),
    {
      set: { gambar_cover: d ? coverOf(d) : null, jenis_desa_list: d ? (d.jenis_desa_list ?? [d.jenis_desa]) : null },
      add: { child_rev: 1 },
    },
    and(exists(), fieldMissing<VillageRecord>('deleting')), // not a village being deleted
  );

/** Records beside a change of the description the village's copy (the village must exist and not be retiring). */
function withCopy(uow: UnitOfWork, kd: string, d: VillageDescriptionRecord | null): void {
  uow.include(villageCopyChange(kd, d), () => new VillageDescriptionVillageMissingError());
}

/** Records a new description (VillageDescriptionExistsError when one exists). */
export function recordNewVillageDescription(uow: UnitOfWork, d: VillageDescriptionRecord): void {
  uow.create(villageDescriptions, d, { guard: () => new VillageDescriptionExistsError() });
  withCopy(uow, d.kd_desa, d);
}

/**
 * Records the replacement of the description as read (`current`) by `next`
 * (VillageDescriptionVersionError when it changed meanwhile). Returns the description that
 * stands: `current` when no field the history shows changed (then nothing is recorded).
 */
export function recordVillageDescriptionChange(
  uow: UnitOfWork,
  current: VillageDescriptionRecord,
  next: VillageDescriptionRecord,
): VillageDescriptionRecord {
  if (!uow.update(villageDescriptions, current, next, { guard: () => new VillageDescriptionVersionError() })) return current;
  withCopy(uow, next.kd_desa, next);
  return next;
}

/** Records the deletion of the description as read (VillageDescriptionVersionError when it changed meanwhile). */
export function recordVillageDescriptionDeletion(uow: UnitOfWork, current: VillageDescriptionRecord): void {
  uow.delete(villageDescriptions, current, {
    guard: () => new VillageDescriptionVersionError(),
    unchanged: { version: current.version },
  });
  withCopy(uow, current.kd_desa, null);
}
