import * as z from 'zod';
import { nowIso } from '../platform/clock';
import { isTransactionConflict } from '../db/transact';
import {
  CATEGORIES,
  countTourismDescriptions,
  createTourismDescription,
  deleteTourismDescription,
  DescriptionExistsError,
  DescriptionVersionError,
  DescriptionVillageMissingError,
  getTourismDescription,
  imagesOf,
  newRandomKey,
  PositionsMovedError,
  replaceTourismDescription,
  tourismDescriptionPage,
  type Category,
  type StoredItem,
  type TourismDescriptionRecord,
} from '../db/tourism-descriptions';
import type { UserRecord } from '../db/users';
import { conflict, invalid, found, notFound, tooLarge } from '../contract/errors';
import { ItemTooLargeError } from '../db/item-size';
import type { MultipartLimits, UploadedFile } from '../contract/files';
import { MSG, withFields } from '../contract/messages';
import { parseDataObject } from '../contract/validation';
import { REF_ROOM } from '../db/image-refs';
import { changeStored, filesByField, IMAGE_MAX_BYTES, ImageChanges, writeWithImages, type StoredRecord } from './images';
import { ownedVillage } from './villages';

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

/** A category may also arrive as JSON text (as GET returns it). */
const categoryList = <S extends z.ZodType>(item: S) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, z.array(item).max(MAX_ITEMS));

const text = (max: number) => z.string().max(max);
const categoryFields = {
  atraksi: categoryList(ITEM_SCHEMAS.atraksi).optional(),
  penginapan: categoryList(ITEM_SCHEMAS.penginapan).optional(),
  paket_wisata: categoryList(ITEM_SCHEMAS.paket_wisata).optional(),
  suvenir: categoryList(ITEM_SCHEMAS.suvenir).optional(),
};
export const createTourismSchema = z.object({
  kd_desa: z.string().trim().min(1).max(100),
  penjelasan_umum: text(20_000).default(''),
  fasilitas: text(10_000).default(''),
  dokumentasi_desa: text(10_000).default(''),
  ...categoryFields,
});
export const updateTourismSchema = z.object({
  penjelasan_umum: text(20_000).optional(),
  fasilitas: text(10_000).optional(),
  dokumentasi_desa: text(10_000).optional(),
  ...categoryFields,
});
export const patchTourismSchema = z.object(categoryFields);
export const removeItemSchema = z.object({ entity_type: z.string(), item_id: z.union([z.number(), z.string()]) });

type CategoryInput = Partial<Record<Category, ItemInput[]>>;

export const parseDescription = <S extends z.ZodType>(schema: S, data: unknown): z.output<S> =>
  parseDataObject(schema, data, MSG.tourismDescriptionInvalid);

/** Item fields in a stable order (DynamoDB maps come back in any order). */
const ITEM_FIELDS: Record<Category, string[]> = {
  atraksi: ['nama_atraksi', 'kategori_atraksi'],
  penginapan: ['nama_penginapan', 'harga_penginapan'],
  paket_wisata: ['nama_paket_wisata', 'harga_paket_wisata'],
  suvenir: ['nama_suvenir', 'harga_suvenir'],
};
/** Fields a client dialect adds after the contract's fields of each item (lib/web-app). */
export type ItemExtras = (category: Category, item: StoredItem) => Record<string, unknown>;

const categoryText = (c: Category, items: StoredItem[], extras?: ItemExtras) =>
  JSON.stringify(
    items.map((i) => ({
      id: i.id,
      ...Object.fromEntries(ITEM_FIELDS[c].filter((f) => f in i).map((f) => [f, i[f]])),
      gambar: i.gambar,
      ...extras?.(c, i),
    })),
  );

/** The response shape: the four categories as JSON text, items without internal fields. */
export function present(d: TourismDescriptionRecord, extras?: ItemExtras) {
  return {
    kd_desa: d.kd_desa,
    penjelasan_umum: d.penjelasan_umum,
    fasilitas: d.fasilitas,
    dokumentasi_desa: d.dokumentasi_desa,
    atraksi: categoryText('atraksi', d.atraksi, extras),
    penginapan: categoryText('penginapan', d.penginapan, extras),
    paket_wisata: categoryText('paket_wisata', d.paket_wisata, extras),
    suvenir: categoryText('suvenir', d.suvenir, extras),
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

const raceLost = (err: unknown) =>
  err instanceof DescriptionVersionError || err instanceof PositionsMovedError || isTransactionConflict(err);

/** A read-modify-write of a description reads it afresh on each attempt and retries lost races. */
const stored: StoredRecord<TourismDescriptionRecord> = {
  read: (kd) => getTourismDescription(kd, true),
  missing: MSG.tourismDescriptionNotFound,
  retryable: raceLost,
  busy: MSG.tourismDescriptionBusy,
};

function mapWriteErrors(err: unknown): never {
  if (err instanceof ItemTooLargeError) throw tooLarge(MSG.itemTooLarge);
  if (err instanceof DescriptionExistsError) throw conflict(MSG.tourismDescriptionExists);
  if (err instanceof DescriptionVillageMissingError) throw notFound(MSG.villageNotFound);
  if (err instanceof DescriptionVersionError || err instanceof PositionsMovedError) throw conflict(MSG.tourismDescriptionBusy);
  throw err;
}

/** POST /api/deskripsi-wisata. */
export async function createTourismDescriptionAs(
  data: unknown,
  files: UploadedFile[],
  caller: UserRecord,
): Promise<TourismDescriptionRecord> {
  const input = parseDescription(createTourismSchema, data);
  const village = await ownedVillage(input.kd_desa, caller);
  if (await getTourismDescription(village.kd_desa)) throw conflict(MSG.tourismDescriptionExists);
  const byField = filesByField(files);
  const noRetry = () => false; // the create retries its own list-position race (lib/db)
  return writeWithImages(
    village.kd_desa,
    caller.id,
    async (images) => {
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
      await createTourismDescription(record, images.refWrites([], imagesOf(record), REF_ROOM));
      return record;
    },
    noRetry,
  ).catch(mapWriteErrors);
}

/**
 * Runs a read-modify-write of a description: loads it (404 if missing), lets `change`
 * compute the new record, writes it if nobody wrote in between, and otherwise does it
 * again from a fresh read. Images are stored once (a retry reuses them); they are
 * removed if the change finally fails, and the ones it drops are deleted after it commits.
 */
async function modify(
  kd: string,
  caller: UserRecord,
  change: (current: TourismDescriptionRecord, images: ImageChanges) => Promise<TourismDescriptionRecord>,
): Promise<TourismDescriptionRecord> {
  const village = await ownedVillage(kd, caller);
  return changeStored(stored, village.kd_desa, caller.id, async (current, images) => {
    const next = await change(structuredClone(current), images);
    const refs = images.refWrites(imagesOf(current), imagesOf(next), REF_ROOM);
    await replaceTourismDescription({ ...next, version: current.version + 1, updated_at: nowIso() }, current.version, refs);
    return { ...next, version: current.version + 1 };
  }).catch(mapWriteErrors);
}

/** PUT /api/deskripsi-wisata/{kd}: texts replaced when given; each given category replaced (known ids keep theirs). */
export function updateTourismDescriptionAs(kd: string, data: unknown, files: UploadedFile[], caller: UserRecord) {
  const input = parseDescription(updateTourismSchema, data);
  for (const c of CATEGORIES) {
    const ids = ((input as CategoryInput)[c] ?? []).map((i) => i.id).filter((id) => id !== undefined);
    if (new Set(ids).size !== ids.length) throw invalid(`${MSG.itemIdDuplicate}: ${c}`);
  }
  const byField = filesByField(files);
  return modify(kd, caller, async (d, images) => {
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
  });
}

/** PATCH /api/deskripsi-wisata/{kd}: appends new items (with images) to the given categories. */
export async function appendTourismItemsAs(kd: string, data: unknown, files: UploadedFile[], caller: UserRecord) {
  const input = parseDescription(patchTourismSchema, data) as CategoryInput;
  const byField = filesByField(files);
  const affected = CATEGORIES.filter((c) => input[c] !== undefined || byField.has(c));
  const record = await modify(kd, caller, async (d, images) => {
    const held = new Set(imagesOf(d));
    for (const c of affected) {
      const items = (input[c] ?? []).map((it) => ({ ...it, id: undefined }));
      if (d[c].length + items.length > MAX_ITEMS) throw invalid(withFields(MSG.tourismDescriptionInvalid, [c]));
      d[c] = [...d[c], ...(await buildItems(c, items, byField.get(c) ?? [], new Map(), d.next_ids, images, held))];
    }
    return d;
  });
  return { record, affected };
}

/** PATCH /api/deskripsi-wisata/{kd}/remove-item. */
export async function removeTourismItemAs(kd: string, body: unknown, caller: UserRecord) {
  const b = (body ?? {}) as { entity_type?: unknown; item_id?: unknown };
  const missing = (v: unknown) => v === undefined || v === null || v === '';
  if (missing(b.entity_type) || missing(b.item_id)) throw invalid(MSG.entityTypeItemIdRequired);
  if (typeof b.entity_type !== 'string' || !(CATEGORIES as readonly string[]).includes(b.entity_type)) throw invalid(MSG.entityTypeInvalid);
  const category = b.entity_type as Category;
  // an integer (or a string of digits, as form-encoded clients send it); anything else is a 400
  const id =
    typeof b.item_id === 'number'
      ? b.item_id
      : typeof b.item_id === 'string' && /^\d{1,15}$/.test(b.item_id.trim())
        ? Number(b.item_id)
        : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw invalid(MSG.itemIdInvalid);
  const record = await modify(kd, caller, async (d) => {
    const index = d[category].findIndex((i) => i.id === id);
    if (index < 0) throw notFound(MSG.itemNotFound);
    d[category].splice(index, 1);
    return d;
  });
  return { record, category };
}

/** DELETE /api/deskripsi-wisata/{kd}: the description; its images are released (the sweep collects them after the grace period). */
export async function deleteTourismDescriptionAs(kd: string, caller: UserRecord): Promise<void> {
  const village = await ownedVillage(kd, caller);
  await changeStored(stored, village.kd_desa, caller.id, async (current, images) => {
    await deleteTourismDescription(village.kd_desa, current.version, images.refWrites(imagesOf(current), [], REF_ROOM));
  }).catch(mapWriteErrors);
}

/** GET /api/deskripsi-wisata/{kd}. */
export const tourismDescriptionOf = async (kd: string) => found(await getTourismDescription(kd), MSG.tourismDescriptionNotFound);

/** GET /api/deskripsi-wisata?page=&limit=: one page and the total, in parallel. */
export async function tourismDescriptionsPage(page: number, limit: number) {
  const [total, items] = await Promise.all([countTourismDescriptions(), tourismDescriptionPage(page, limit)]);
  return { items, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
}
