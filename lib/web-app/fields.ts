/**
 * The response fields the web-app dialect adds beside the contract's, per kind of
 * response (and `gambar_varian`, the variants of a response's images, lib/storage/images.ts). The contract's own fields never change; tests remove exactly these to check
 * the contract's shapes as strictly as before, and check these on their own.
 */
export const WEB_APP_FIELDS = {
  me: ['data'],
  attraction: ['atraksi', 'kabupaten', 'nama_popular'],
  tourismItem: ['nama', 'harga'],
  villageDescription: ['galeri_desa', 'gambar_cover', 'gambar_varian'],
  villageDescriptionWrite: ['galeri_desa', 'gambar_cover', 'latitude', 'longitude', 'gambar_varian'],
  tourismDescription: ['gambar_varian'],
  upload: ['gambar_varian'],
  status: ['nama_desa_wisata', 'provinsi', 'kabupaten'],
  villageDetailsByKind: ['jenis_desa'],
} as const;

export type WebAppResponseKind = keyof typeof WEB_APP_FIELDS;

/** A copy of `value` without the fields the dialect adds to responses of `kind`. */
export function withoutWebAppFields<T extends Record<string, unknown>>(value: T, kind: WebAppResponseKind): Partial<T> {
  const out: Record<string, unknown> = { ...value };
  for (const f of WEB_APP_FIELDS[kind]) delete out[f];
  return out as Partial<T>;
}
