import { toPublicAttraction, type PickedAttraction } from '../domain/attractions';

/**
 * GET /api/atraksi-wisata for the home and attraction pages: besides the contract's
 * fields they read `atraksi[0].nama`, `atraksi[0].gambar` (one URL, an <img> source),
 * `kabupaten` and `nama_popular` of each item.
 */
export const attractionForWebApp = (p: PickedAttraction) => {
  const item = toPublicAttraction(p);
  return {
    ...item,
    atraksi: [{ nama: item.nama_atraksi, gambar: item.gambar[0] ?? null }],
    kabupaten: p.village.kabupaten,
    nama_popular: p.village.nama_popular,
  };
};
