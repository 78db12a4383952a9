/** The API's shapes as this page reads them (docs/api.md, "Evaluasi"). */

export const CRITERIA = [
  'partisipasi_masyarakat',
  'keragaman_paket_wisata',
  'akses_tempat_wisata',
  'keramahan_difabel',
  'fasilitas_tempat_wisata',
  'produk_tempat_wisata',
] as const;
export type Criterion = (typeof CRITERIA)[number];
export type PerCriterion<T> = Partial<Record<Criterion, T>>;

export type RoundState = 'akan_datang' | 'penilaian_mandiri' | 'peninjauan' | 'selesai';
export type VillageState = 'belum' | 'draf' | 'dikembalikan' | 'diajukan' | 'dinilai';
export const VILLAGE_STATES: readonly VillageState[] = ['belum', 'draf', 'dikembalikan', 'diajukan', 'dinilai'];

/** What an office sends to open or change a round. */
export interface RoundBody {
  nama: string;
  mulai: string;
  batas_mandiri: string;
  selesai: string;
  provinsi?: string;
  kabupaten?: string;
}

export interface Round extends RoundBody {
  id_evaluasi: string;
  status: RoundState;
  /** When the latest reminder went (an ISO time), or null. */
  pengingat_terakhir?: string | null;
  created_at?: string;
  updated_at?: string;
}

export interface VillageRow {
  kd_desa: string;
  nama_desa: string;
  provinsi: string;
  kabupaten: string;
  status: VillageState;
  diajukan_at?: string;
  dikembalikan_at?: string;
  dinilai_at?: string;
  kategori_desa?: string;
}

export interface Village {
  kd_desa: string;
  nama_desa: string;
  provinsi: string;
  kabupaten: string;
}

export interface EvidenceFile {
  key: string;
  tipe: string;
  ukuran: number;
  url?: string;
}

export interface Evidence {
  catatan?: string;
  tautan?: string[];
  berkas?: EvidenceFile[];
}

export interface Review {
  nilai: Record<Criterion, number>;
  catatan?: PerCriterion<string>;
  rata_rata?: number;
  kategori_desa?: string;
}

export interface Assessment {
  id_evaluasi: string;
  kd_desa: string;
  status: VillageState;
  mandiri?: { nilai: PerCriterion<number>; bukti: PerCriterion<Evidence> };
  diajukan_at?: string;
  penilaian?: Review;
  dinilai_at?: string;
  /** The office's review saved but not published (dinas and admin only). */
  penilaian_draf?: Review & { updated_at?: string };
  /** Returned for correction: the office's note and when. */
  catatan_pengembalian?: string;
  dikembalikan_at?: string;
  kategori_sebelum?: string;
  gerak?: string;
  updated_at?: string;
}

export interface Figures {
  desa: number;
  belum: number;
  draf: number;
  dikembalikan?: number;
  diajukan: number;
  dinilai: number;
  gerak?: { naik: number; tetap: number; turun: number; baru: number };
  kriteria: PerCriterion<{ mandiri: number | null; penilaian: number | null }>;
  /** The villages both submitted and reviewed; null for a round whose counters predate it (not recounted yet). */
  n_banding?: number | null;
  /** Both means per criterion over those same villages. */
  rata_rata_banding?: { mandiri: PerCriterion<number | null>; dinas: PerCriterion<number | null> } | null;
  kriteria_terlemah?: string | null;
}

export interface RegionFigures extends Figures {
  provinsi: string;
  kabupaten: string;
}

export interface Summary extends Figures {
  evaluasi: Round;
  wilayah: RegionFigures[];
  mandiri_diajukan?: number;
}

export interface Region {
  provinsi: string;
  n_desa: number;
  kabupaten: { kabupaten: string; n_desa: number }[];
}
