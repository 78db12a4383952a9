import * as z from 'zod';
import { nowIso } from '../platform/clock';
import * as store from '../db/village-descriptions';
import {
  JENIS_DESA,
  type JenisDesa,
  VillageDescriptionExistsError,
  VillageDescriptionVillageMissingError,
  type VillageDescriptionRecord,
} from '../db/village-descriptions';
import { getVillage } from '../db/villages';
import type { Caller } from '../contract/caller';
import { conflict, forbidden, invalid, found, notFound, tooLarge } from '../contract/errors';
import { ItemTooLargeError } from '../db/item-size';
import type { MultipartLimits, UploadedFile } from '../contract/files';
import { MSG } from '../contract/messages';
import { IMAGE_MAX_BYTES } from './images';
import { deleteReleasingImages, writeWithImages } from './image-writes';
import { normEmail } from '../db/keys';
import { refusals, namingRefusal } from '../contract/validation';

export const VILLAGE_DESCRIPTION_FORM_LIMITS: MultipartLimits = {
  fileSize: IMAGE_MAX_BYTES,
  files: 25,
  filesPerField: 25,
  fileFields: ['galeri_gambar'],
  fields: 10,
  fieldSize: 256 * 1024,
};

/** Arrays may also arrive as JSON text (multipart forms often send them so). */
const jsonArray = <S extends z.ZodType>(item: S, max: number) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return [v];
    }
  }, z.array(item).max(max));
const coordinate = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .pipe(z.number().finite().min(min).max(max));

const fieldsSchema = {
  lokasi_desa: z.string().trim().min(1).max(500),
  deskripsi_desa: z.string().trim().min(1).max(20_000),
  fasilitas_desa: jsonArray(z.string().trim().min(1).max(200), 100).default([]),
  url_video: jsonArray(z.url({ protocol: /^https?$/ }).max(2048), 20).default([]),
  jenis_desa: z.enum(JENIS_DESA),
  jenis_desa_list: z.array(z.enum(JENIS_DESA)).min(1).max(JENIS_DESA.length).optional(),
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
};
/** POST /api/deskripsi-desa (a failure names its fields: 400 "Data deskripsi desa tidak valid: …"). */
export const createVillageDescriptionInput = z.object({ kd_desa: z.string().trim().min(1).max(100), ...fieldsSchema });
refusals.add(createVillageDescriptionInput, namingRefusal(MSG.villageDescriptionInvalid, 'form'));
/** PUT /api/deskripsi-desa/{kd}. */
export const updateVillageDescriptionInput = z.object({
  ...fieldsSchema,
  keep_gallery_images: jsonArray(z.string(), 100).optional(),
});
refusals.add(updateVillageDescriptionInput, namingRefusal(MSG.villageDescriptionInvalid, 'form'));

/** The files of a village description request: gallery images and, optionally, one chosen cover image. */
export interface VillageDescriptionFiles {
  gallery: UploadedFile[];
  cover?: UploadedFile;
}
const filesOf = (files: VillageDescriptionFiles) => [...files.gallery, ...(files.cover ? [files.cover] : [])];

/** The kinds to keep: those sent, starting with the contract's `jenis_desa`, without repeats. */
const kindsOf = (input: { jenis_desa: JenisDesa; jenis_desa_list?: JenisDesa[] }): JenisDesa[] => [
  ...new Set([input.jenis_desa, ...(input.jenis_desa_list ?? [])]),
];

/** The village named by a description request: 400 when it does not exist (contract text), 403 when another manager's. */
async function checkOwnedVillage(kd: string, caller: Caller, missing: 'badRequest' | 'notFound') {
  const village = await getVillage(kd);
  if (!village) throw missing === 'badRequest' ? invalid(MSG.villageCodeUnknown) : notFound(MSG.villageDescriptionNotFound);
  if (village.email !== normEmail(caller.email)) throw forbidden(MSG.villageOwnerOnly);
  return village;
}

function mapErrors(err: unknown): never {
  if (err instanceof ItemTooLargeError) throw tooLarge(MSG.itemTooLarge);
  if (err instanceof VillageDescriptionExistsError) throw conflict(MSG.villageDescriptionExists);
  if (err instanceof VillageDescriptionVillageMissingError) throw notFound(MSG.villageNotFound);
  throw err;
}

/** A description read afresh on each attempt (404 when it is missing). */
const currentDescription = async (kd: string) => found(await store.getVillageDescription(kd, true), MSG.villageDescriptionNotFound);

/** POST /api/deskripsi-desa. */
export async function createVillageDescription(
  input: z.output<typeof createVillageDescriptionInput>,
  files: VillageDescriptionFiles,
  caller: Caller,
) {
  const village = await checkOwnedVillage(input.kd_desa, caller, 'badRequest');
  if (await store.getVillageDescription(village.kd_desa)) throw conflict(MSG.villageDescriptionExists);
  return writeWithImages({ kd: village.kd_desa, callerId: caller.id, files: filesOf(files) }, caller, async (uow, images) => {
    const now = nowIso();
    const { kd_desa, ...fields } = input;
    const [galeri, cover] = await Promise.all([images.store(files.gallery), files.cover ? images.store([files.cover]) : []]);
    const record: VillageDescriptionRecord = {
      kd_desa,
      ...fields,
      jenis_desa_list: kindsOf(input),
      galeri_gambar: galeri,
      gambar_cover: cover[0] ?? null,
      version: 1,
      created_at: now,
      updated_at: now,
    };
    store.recordNewVillageDescription(uow, record);
    return record;
  }).catch(mapErrors);
}

/**
 * PUT /api/deskripsi-desa/{kd}. The gallery becomes the listed current images that are
 * really in it (in the order listed; others ignored), then the new uploads. Without
 * keep_gallery_images the current gallery is kept whole.
 */
export async function updateVillageDescription(
  kd: string,
  input: z.output<typeof updateVillageDescriptionInput>,
  files: VillageDescriptionFiles,
  caller: Caller,
) {
  const village = await checkOwnedVillage(kd, caller, 'notFound');
  return writeWithImages({ kd: village.kd_desa, callerId: caller.id, files: filesOf(files) }, caller, async (uow, images) => {
    const current = await currentDescription(village.kd_desa);
    const inGallery = new Set(current.galeri_gambar);
    const kept =
      input.keep_gallery_images === undefined
        ? current.galeri_gambar
        : [...new Set(input.keep_gallery_images.filter((u) => inGallery.has(u)))];
    const [added, cover] = await Promise.all([images.store(files.gallery), files.cover ? images.store([files.cover]) : []]);
    const galeri = [...kept, ...added];
    const chosenCover = cover[0] ?? current.gambar_cover ?? null;
    const { keep_gallery_images: _kept, ...fields } = input;
    const record: VillageDescriptionRecord = {
      ...current,
      ...fields,
      jenis_desa_list: kindsOf(input),
      galeri_gambar: galeri,
      gambar_cover: chosenCover,
      version: current.version + 1,
      updated_at: nowIso(),
    };
    // nothing changed: nothing written (nor recorded), the description answered as it is
    return store.recordVillageDescriptionChange(uow, current, record);
  }).catch(mapErrors);
}

/** DELETE /api/deskripsi-desa/{kd}: the description; its images are released (the sweep collects them after the grace period). */
export async function deleteVillageDescription(kd: string, caller: Caller): Promise<void> {
  const village = await checkOwnedVillage(kd, caller, 'notFound');
  await deleteReleasingImages(
    { kd: village.kd_desa, callerId: caller.id },
    caller,
    () => currentDescription(village.kd_desa),
    (uow, current) => store.recordVillageDescriptionDeletion(uow, current),
  ).catch(mapErrors);
}

/** GET /api/deskripsi-desa/{kd}. */
export const getVillageDescription = async (kd: string) => found(await store.getVillageDescription(kd), MSG.villageDescriptionNotFound);
