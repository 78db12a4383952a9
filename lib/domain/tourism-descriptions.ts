import * as z from 'zod';
import { nowIso } from '../platform/clock';
import * as store from '../db/tourism-descriptions';
import {
  CATEGORIES,
  DescriptionExistsError,
  DescriptionVersionError,
  DescriptionVillageMissingError,
  imagesOf,
  newRandomKey,
  PositionsMovedError,
  type Category,
  type StoredItem,
  type TourismDescriptionRecord,
} from '../db/tourism-descriptions';
import type { Caller } from '../contract/caller';
import { conflict, invalid, found, notFound, tooLarge } from '../contract/errors';
import { ItemTooLargeError } from '../db/item-size';
import type { MultipartLimits, UploadedFile } from '../contract/files';
import { MSG, withFields } from '../contract/messages';
import { filesByField, IMAGE_MAX_BYTES, type ImageChanges } from './images';
import { deleteReleasingImages, writeWithImages } from './image-writes';
import { ownedVillage } from './villages';
import { refusals, namingRefusal } from '../contract/validation';

export { CATEGORIES, type Category };

/** Multipart limits: 5 MB per image, 25 files per category field (the contract's PATCH limit, used for all writes). */
export const TOURISM_FORM_LIMITS: MultipartLimits = {
  fileSize: IMAGE_MAX_BYTES,
  files: 100,
  filesPerField: 25,
  fileFields: CATEGORIES,
  fields: 10,
  fieldSize: 512 * 1024,
};
/** The form of POST, PUT and PATCH: its limits, and the fields of `data` that may also arrive as JSON text (a category, as GET returns it). */
export const TOURISM_FORM = { limits: TOURISM_FORM_LIMITS, jsonText: CATEGORIES };

const MAX_ITEMS = 100;
const name = z.string().trim().min(1).max(200);
const price = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .pipe(z.number().finite().min(0).max(1e12));
const itemBase = {
  id: z.number().int().positive().optional(),
  gambar: z.array(z.string().max(2048)).max(25).optional(),
  /** How many of the category's uploaded files this item takes (default 1 for a new item, 0 for an existing one). */
  jumlah_gambar: z.number().int().min(0).max(25).optional(),
};
export const ITEM_SCHEMAS = {
  atraksi: z.object({ ...itemBase, nama_atraksi: name, kategori_atraksi: z.string().trim().max(100).optional() }),
  penginapan: z.object({ ...itemBase, nama_penginapan: name, harga_penginapan: price }),
  paket_wisata: z.object({ ...itemBase, nama_paket_wisata: name, harga_paket_wisata: price }),
  suvenir: z.object({ ...itemBase, nama_suvenir: name, harga_suvenir: price }),
} as const;
type ItemInput = z.output<(typeof ITEM_SCHEMAS)[Category]>;

const text = (max: number) => z.string().max(max);
const categoryFields = {
  atraksi: z.array(ITEM_SCHEMAS.atraksi).max(MAX_ITEMS).optional(),
  penginapan: z.array(ITEM_SCHEMAS.penginapan).max(MAX_ITEMS).optional(),
  paket_wisata: z.array(ITEM_SCHEMAS.paket_wisata).max(MAX_ITEMS).optional(),
  suvenir: z.array(ITEM_SCHEMAS.suvenir).max(MAX_ITEMS).optional(),
};
/** POST /api/deskripsi-wisata (a failure names its fields: 400 "Data deskripsi wisata tidak valid: …", the route's refusal). */
export const createTourismInput = z.object({
  kd_desa: z.string().trim().min(1).max(100),
  penjelasan_umum: text(20_000).default(''),
  fasilitas: text(10_000).default(''),
  dokumentasi_desa: text(10_000).default(''),
  ...categoryFields,
});
refusals.add(createTourismInput, namingRefusal(MSG.tourismDescriptionInvalid, 'form'));
const repeatsId = (items: readonly { id?: number }[] | undefined) => {
  const ids = Array.isArray(items) ? items.map((i) => i.id).filter((id) => id !== undefined) : [];
  return new Set(ids).size !== ids.length;
};
/** PUT /api/deskripsi-wisata/{kd}: two items of one category with the same id are a 400 "id item tidak boleh sama …: <category>". */
export const updateTourismInput = z
  .object({
    penjelasan_umum: text(20_000).optional(),
    fasilitas: text(10_000).optional(),
    dokumentasi_desa: text(10_000).optional(),
    ...categoryFields,
  })
  .superRefine((input, ctx) => {
    const c = CATEGORIES.find((c) => repeatsId(input[c]));
    if (c) ctx.addIssue({ code: 'custom', message: `${MSG.itemIdDuplicate}: ${c}`, input });
  });
refusals.add(updateTourismInput, namingRefusal(MSG.tourismDescriptionInvalid, 'form'));
/** PATCH /api/deskripsi-wisata/{kd}. */
export const appendTourismItemsInput = z.object(categoryFields);
refusals.add(appendTourismItemsInput, namingRefusal(MSG.tourismDescriptionInvalid, 'form'));

const missing = (v: unknown) => v === undefined || v === null || v === '';
/**
 * PATCH /api/deskripsi-wisata/{kd}/remove-item: both fields present (else 400 "entity_type
 * dan item_id harus disediakan"), then `entity_type` one of the four categories, then
 * `item_id` a positive integer (or a string of digits, as form-encoded clients send it).
 */
export const removeTourismItemInput = z.preprocess(
  (body, ctx) => {
    const b = (typeof body === 'object' && body !== null ? body : {}) as { entity_type?: unknown; item_id?: unknown };
    if (missing(b.entity_type) || missing(b.item_id)) ctx.addIssue({ code: 'custom', message: MSG.entityTypeItemIdRequired, input: body });
    return body;
  },
  z.object({
    entity_type: z.enum(CATEGORIES, { error: MSG.entityTypeInvalid }),
    item_id: z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^\d{1,15}$/)
            .transform(Number),
        ],
        { error: MSG.itemIdInvalid },
      )
      .refine((id) => Number.isSafeInteger(id) && id >= 1, { error: MSG.itemIdInvalid }),
  }),
);

export type CreateTourismInput = z.output<typeof createTourismInput>;
export type UpdateTourismInput = z.output<typeof updateTourismInput>;
export type AppendTourismItemsInput = z.output<typeof appendTourismItemsInput>;
type CategoryInput = Partial<Record<Category, ItemInput[]>>;

/** Item fields in a stable order (DynamoDB maps come back in any order). */
const ITEM_FIELDS: Record<Category, string[]> = {
  atraksi: ['nama_atraksi', 'kategori_atraksi'],
  penginapan: ['nama_penginapan', 'harga_penginapan'],
  paket_wisata: ['nama_paket_wisata', 'harga_paket_wisata'],
  suvenir: ['nama_suvenir', 'harga_suvenir'],
};

/** The contract's view of an item: its id, its fields in a stable order, its images. */
export const toPublicTourismItem = (c: Category, i: StoredItem) => ({
  id: i.id,
  ...Object.fromEntries(ITEM_FIELDS[c].filter((f) => f in i).map((f) => [f, i[f]])),
  gambar: i.gambar,
});

/**
 * The response shape: the four categories as JSON text, each item as `itemView` shows it
 * (the contract's `toPublicTourismItem` unless a view that adds to it is given).
 */
export function toPublicTourismDescription(
  d: TourismDescriptionRecord,
  itemView: (c: Category, item: StoredItem) => object = toPublicTourismItem,
) {
  const categoryText = (c: Category, items: StoredItem[]) => JSON.stringify(items.map((i) => itemView(c, i)));
  return {
    kd_desa: d.kd_desa,
    penjelasan_umum: d.penjelasan_umum,
    fasilitas: d.fasilitas,
    dokumentasi_desa: d.dokumentasi_desa,
    atraksi: categoryText('atraksi', d.atraksi),
    penginapan: categoryText('penginapan', d.penginapan),
    paket_wisata: categoryText('paket_wisata', d.paket_wisata),
    suvenir: categoryText('suvenir', d.suvenir),
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

/**
 * Builds a category's new items: ids for items without a known one, images for each
 * (listed URLs resolved by `images.claim` — any image the description already `held`
 * stays —, and the category's files in order — each item takes `jumlah_gambar` files,
 * default 1 for new items). Leftover files are a 400.
 */
async function buildItems(
  category: Category,
  inputs: ItemInput[],
  files: UploadedFile[],
  existing: Map<number, StoredItem>,
  nextIds: Record<Category, number>,
  images: ImageChanges,
  held: ReadonlySet<string>,
): Promise<StoredItem[]> {
  const wanted = inputs.map((it) => it.jumlah_gambar ?? (it.id !== undefined && existing.has(it.id) ? 0 : 1));
  if (wanted.reduce((a, b) => a + b, 0) < files.length) throw invalid(`${MSG.tooManyFilesForItems}: ${category}`);
  const uploaded = await images.store(files); // all of the category's files at once, in parallel
  let next = 0;
  const out: StoredItem[] = [];
  for (const [i, input] of inputs.entries()) {
    const { id, gambar, jumlah_gambar: _taken, ...fields } = input;
    const old = id !== undefined ? existing.get(id) : undefined;
    const kept = gambar === undefined ? (old?.gambar ?? []) : await Promise.all(gambar.map((u) => images.claim(u, held)));
    const mine = uploaded.slice(next, next + wanted[i]!);
    next += mine.length;
    out.push({ id: old ? old.id : nextIds[category]++, ...fields, gambar: [...new Set([...kept, ...mine])] });
  }
  return out;
}

/** A description read afresh on each attempt (404 when it is missing). */
const currentDescription = async (kd: string) => found(await store.getTourismDescription(kd, true), MSG.tourismDescriptionNotFound);
/** When every attempt lost its race. */
const BUSY = { busy: MSG.tourismDescriptionBusy };

function mapWriteErrors(err: unknown): never {
  if (err instanceof ItemTooLargeError) throw tooLarge(MSG.itemTooLarge);
  if (err instanceof DescriptionExistsError) throw conflict(MSG.tourismDescriptionExists);
  if (err instanceof DescriptionVillageMissingError) throw notFound(MSG.villageNotFound);
  if (err instanceof DescriptionVersionError || err instanceof PositionsMovedError) throw conflict(MSG.tourismDescriptionBusy);
  throw err;
}

/** POST /api/deskripsi-wisata. */
export async function createTourismDescription(
  input: CreateTourismInput,
  files: UploadedFile[],
  caller: Caller,
): Promise<TourismDescriptionRecord> {
  const village = await ownedVillage(input.kd_desa, caller);
  if (await store.getTourismDescription(village.kd_desa)) throw conflict(MSG.tourismDescriptionExists);
  const byField = filesByField(files);
  return writeWithImages(
    { kd: village.kd_desa, callerId: caller.id, files },
    caller,
    async (uow, images) => {
      const now = nowIso();
      const record: TourismDescriptionRecord = {
        kd_desa: village.kd_desa,
        penjelasan_umum: input.penjelasan_umum,
        fasilitas: input.fasilitas,
        dokumentasi_desa: input.dokumentasi_desa,
        atraksi: [],
        penginapan: [],
        paket_wisata: [],
        suvenir: [],
        next_ids: { atraksi: 1, penginapan: 1, paket_wisata: 1, suvenir: 1 },
        random_key: newRandomKey(),
        version: 1,
        created_at: now,
        updated_at: now,
      };
      for (const c of CATEGORIES) {
        const items = (input[c] ?? []).map((it) => ({ ...it, id: undefined }));
        record[c] = await buildItems(c, items, byField.get(c) ?? [], new Map(), record.next_ids, images, new Set());
      }
      // at the next list position: a concurrent create or delete moved it, and the unit of work tries again
      await store.recordNewTourismDescription(uow, record);
      return record;
    },
    BUSY,
  ).catch(mapWriteErrors);
}

/**
 * Changes a description as one unit of work: reads it afresh (404 if missing), lets `change`
 * compute the new record, records it on the condition that nobody wrote in between, and
 * otherwise does it again from a fresh read. A change that changes nothing writes nothing;
 * the history names the caller and `action` (`tourism_description.<action>`).
 */
async function modify(
  kd: string,
  caller: Caller,
  action: string,
  change: (current: TourismDescriptionRecord, images: ImageChanges) => Promise<TourismDescriptionRecord>,
  files: readonly UploadedFile[] = [],
): Promise<TourismDescriptionRecord> {
  const village = await ownedVillage(kd, caller);
  return writeWithImages(
    { kd: village.kd_desa, callerId: caller.id, files },
    caller,
    async (uow, images) => {
      const current = await currentDescription(village.kd_desa);
      const next = await change(structuredClone(current), images);
      const written = { ...next, version: current.version + 1, updated_at: nowIso() };
      // nothing changed: nothing written (nor recorded), the description answered as it is
      return store.recordTourismChange(uow, current, written, `tourism_description.${action}`);
    },
    BUSY,
  ).catch(mapWriteErrors);
}

/** PUT /api/deskripsi-wisata/{kd}: texts replaced when given; each given category replaced (known ids keep theirs). */
export function updateTourismDescription(kd: string, input: UpdateTourismInput, files: UploadedFile[], caller: Caller) {
  const byField = filesByField(files);
  return modify(
    kd,
    caller,
    'updated',
    async (d, images) => {
      const held = new Set(imagesOf(d));
      if (input.penjelasan_umum !== undefined) d.penjelasan_umum = input.penjelasan_umum;
      if (input.fasilitas !== undefined) d.fasilitas = input.fasilitas;
      if (input.dokumentasi_desa !== undefined) d.dokumentasi_desa = input.dokumentasi_desa;
      for (const c of CATEGORIES) {
        const items = (input as CategoryInput)[c];
        const files = byField.get(c) ?? [];
        if (items === undefined) {
          if (files.length) throw invalid(`${MSG.tooManyFilesForItems}: ${c}`);
          continue;
        }
        d[c] = await buildItems(c, items, files, new Map(d[c].map((i) => [i.id, i])), d.next_ids, images, held);
      }
      return d;
    },
    files,
  );
}

/** PATCH /api/deskripsi-wisata/{kd}: appends new items (with images) to the given categories. */
export async function appendTourismItems(kd: string, input: AppendTourismItemsInput, files: UploadedFile[], caller: Caller) {
  const byField = filesByField(files);
  const affected = CATEGORIES.filter((c) => input[c] !== undefined || byField.has(c));
  const record = await modify(
    kd,
    caller,
    'items_added',
    async (d, images) => {
      const held = new Set(imagesOf(d));
      for (const c of affected) {
        const items = (input[c] ?? []).map((it) => ({ ...it, id: undefined }));
        if (d[c].length + items.length > MAX_ITEMS) throw invalid(withFields(MSG.tourismDescriptionInvalid, [c]));
        d[c] = [...d[c], ...(await buildItems(c, items, byField.get(c) ?? [], new Map(), d.next_ids, images, held))];
      }
      return d;
    },
    files,
  );
  return { record, affected };
}

/** PATCH /api/deskripsi-wisata/{kd}/remove-item. */
export async function removeTourismItem(kd: string, input: z.output<typeof removeTourismItemInput>, caller: Caller) {
  const { entity_type: category, item_id: id } = input;
  const record = await modify(kd, caller, 'item_removed', async (d) => {
    const index = d[category].findIndex((i) => i.id === id);
    if (index < 0) throw notFound(MSG.itemNotFound);
    d[category].splice(index, 1);
    return d;
  });
  return { record, category };
}

/** DELETE /api/deskripsi-wisata/{kd}: the description; its images are released (the sweep collects them after the grace period). */
export async function deleteTourismDescription(kd: string, caller: Caller): Promise<void> {
  const village = await ownedVillage(kd, caller);
  await deleteReleasingImages(
    { kd: village.kd_desa, callerId: caller.id },
    caller,
    () => currentDescription(village.kd_desa),
    (uow, current) => store.recordTourismDeletion(uow, current),
    BUSY,
  ).catch(mapWriteErrors);
}

/** GET /api/deskripsi-wisata/{kd}. */
export const getTourismDescription = async (kd: string) => found(await store.getTourismDescription(kd), MSG.tourismDescriptionNotFound);

/** GET /api/deskripsi-wisata?page=&limit=: one page and the total, in parallel. */
export async function listTourismDescriptions(page: number, limit: number) {
  const [total, items] = await Promise.all([store.countTourismDescriptions(), store.tourismDescriptionPage(page, limit)]);
  return { items, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
}
