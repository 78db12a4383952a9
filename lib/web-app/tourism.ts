import type * as z from 'zod';
import { imageVariantsOf } from '../storage/images';
import { CATEGORIES, TOURISM_FORM, toPublicTourismDescription, toPublicTourismItem, type Category } from '../domain/tourism-descriptions';
import type { StoredItem, TourismDescriptionRecord } from '../db/tourism-descriptions';
import { form } from '../http/form';

/**
 * Tourism items as the manager page (FasilitasProduk) writes and reads them:
 * `{id, nama, harga, gambar: "<url of an earlier upload>"}`. On input, `nama`/`harga`
 * are the category's name/price fields (they win over the contract names, which an
 * edited item still carries from the last read), a single URL string is a one-image
 * `gambar`, and the app's own ids are ignored (the service assigns ids). On output each
 * item also carries `nama` and `harga`.
 */
const NAME: Record<Category, string> = {
  atraksi: 'nama_atraksi',
  penginapan: 'nama_penginapan',
  paket_wisata: 'nama_paket_wisata',
  suvenir: 'nama_suvenir',
};
const PRICE: Partial<Record<Category, string>> = {
  penginapan: 'harga_penginapan',
  paket_wisata: 'harga_paket_wisata',
  suvenir: 'harga_suvenir',
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isAppItem = (item: Record<string, unknown>) =>
  'nama' in item || 'harga' in item || typeof item.gambar === 'string' || item.gambar === null;

function contractItem(category: Category, item: unknown): unknown {
  if (!isObject(item) || !isAppItem(item)) return item;
  const { nama, harga, gambar, id: _appId, gambarFile: _file, ...rest } = item;
  const out: Record<string, unknown> = { ...rest };
  if (nama !== undefined) out[NAME[category]] = nama;
  const price = PRICE[category];
  if (price && harga !== undefined) out[price] = harga;
  if (typeof gambar === 'string' && gambar.trim() !== '') out.gambar = [gambar];
  else if (Array.isArray(gambar)) out.gambar = gambar;
  return out;
}

/**
 * The `data` object of POST/PUT/PATCH /api/deskripsi-wisata with app-style items turned
 * into the contract's (a category sent as JSON text is parsed before, by the form reader).
 */
export function fromWebAppTourismData(data: unknown): unknown {
  if (!isObject(data) || !CATEGORIES.some((c) => Array.isArray(data[c]))) return data;
  const out: Record<string, unknown> = { ...data };
  for (const c of CATEGORIES) {
    const list = out[c];
    if (Array.isArray(list)) out[c] = list.map((item) => contractItem(c, item));
  }
  return out;
}

/**
 * The input spec of POST, PUT and PATCH /api/deskripsi-wisata (lib/http/input.ts): the
 * form and the app's items adapted (its refusal is declared with each data schema).
 */
export const tourismFormInput = <S extends z.ZodType>(data: S) => ({
  form: form({ data, ...TOURISM_FORM }),
  adapt: fromWebAppTourismData,
});

const itemForWebApp = (c: Category, item: StoredItem) => ({
  ...toPublicTourismItem(c, item),
  nama: item[NAME[c]],
  ...(PRICE[c] ? { harga: item[PRICE[c]!] } : {}),
});

/** The contract's description view with `nama`/`harga` added to every item, and the variants of the items' images (`gambar_varian`). */
export const tourismDescriptionForWebApp = (d: TourismDescriptionRecord) => ({
  ...toPublicTourismDescription(d, itemForWebApp),
  gambar_varian: imageVariantsOf(CATEGORIES.flatMap((c) => (d[c] ?? []).flatMap((item) => item.gambar ?? []))),
});
