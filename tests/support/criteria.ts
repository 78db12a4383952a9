/** Six values, one per criterion: a complete self-assessment or review (no handlers here, so the unit tier may import it). */
export const SIX = {
  partisipasi_masyarakat: 80,
  keragaman_paket_wisata: 70,
  akses_tempat_wisata: 90,
  keramahan_difabel: 55,
  fasilitas_tempat_wisata: 75,
  produk_tempat_wisata: 85,
};

/** The six criteria's names, in the order the forms and the API list them. */
export const CRITERIA = Object.keys(SIX) as (keyof typeof SIX)[];
