import { imageVariantsOf } from '../storage/images';
import { coverOf, JENIS_DESA, toPublicVillageDescription, type VillageDescriptionRecord } from '../db/village-descriptions';
import { VILLAGE_DESCRIPTION_FORM_LIMITS, type VillageDescriptionFiles } from '../domain/village-descriptions';
import { invalid } from '../contract/errors';
import type { MultipartLimits, UploadedFile } from '../contract/files';
import { MSG, withFields } from '../contract/messages';
import type * as z from 'zod';
import { form } from '../http/form';

/**
 * Village descriptions as the manager page (DeskripsiDesa) sends and reads them: the
 * gallery comes in `galeri_desa` (the contract's `galeri_gambar[]` works too), a chosen
 * cover image in `gambar_cover`, and `jenis_desa` as a lower-case array such as
 * `["alam", "budaya"]`; it reads back `galeri_desa` and `gambar_cover`.
 */
export const VILLAGE_DESCRIPTION_FORM_LIMITS_FOR_WEB_APP: MultipartLimits = {
  ...VILLAGE_DESCRIPTION_FORM_LIMITS,
  fileFields: [...VILLAGE_DESCRIPTION_FORM_LIMITS.fileFields, 'galeri_desa', 'gambar_cover'],
};

/** Gallery files (either field name, in order) and the one cover file; two covers are a 400. */
export function fromWebAppVillageDescriptionFiles(files: UploadedFile[]): VillageDescriptionFiles {
  const covers = files.filter((f) => f.field === 'gambar_cover');
  if (covers.length > 1) throw invalid(withFields(MSG.tooManyFilesInField, ['gambar_cover']));
  return { gallery: files.filter((f) => f.field !== 'gambar_cover'), cover: covers[0] };
}

const KIND_BY_LOWER = new Map(JENIS_DESA.map((k) => [k.toLowerCase(), k]));

/** `jenis_desa: ["alam", …]` → the contract's `jenis_desa: "Alam"` plus every kind in `jenis_desa_list`. */
export function fromWebAppVillageDescriptionData(data: unknown): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  const d = data as Record<string, unknown>;
  if (!Array.isArray(d.jenis_desa) || d.jenis_desa.length === 0) return data;
  const kinds = d.jenis_desa.map((k) => (typeof k === 'string' ? (KIND_BY_LOWER.get(k.trim().toLowerCase()) ?? k) : k));
  return { ...d, jenis_desa: kinds[0], jenis_desa_list: kinds };
}

/** The web app's extra fields of a village description, and the variants of its images (`gambar_varian`). */
const extras = (d: VillageDescriptionRecord) => ({
  galeri_desa: d.galeri_gambar,
  gambar_cover: coverOf(d),
  gambar_varian: imageVariantsOf([...d.galeri_gambar, coverOf(d)]),
});

/** GET /api/deskripsi-desa/{kd}: the contract's view plus `galeri_desa` and `gambar_cover`. */
export const villageDescriptionForWebApp = (d: VillageDescriptionRecord) => ({ ...toPublicVillageDescription(d), ...extras(d) });

/**
 * POST/PUT responses: the contract's `data`, then what the page reads back after saving
 * (the gallery and cover, and the coordinates it otherwise resets).
 */
export const villageDescriptionWriteForWebApp = (contract: Record<string, unknown>, d: VillageDescriptionRecord) => ({
  ...contract,
  ...extras(d),
  latitude: d.latitude,
  longitude: d.longitude,
});

/**
 * The input spec of POST and PUT /api/deskripsi-desa (lib/http/input.ts): the form with
 * both dialects' file fields and the app's `jenis_desa` array adapted (its refusal is declared with each data schema).
 */
export const villageDescriptionFormInput = <S extends z.ZodType>(data: S) => ({
  form: form({ data, limits: VILLAGE_DESCRIPTION_FORM_LIMITS_FOR_WEB_APP, files: fromWebAppVillageDescriptionFiles }),
  adapt: fromWebAppVillageDescriptionData,
});
