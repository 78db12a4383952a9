/** The monitoring API's answers the page reads (lib/domain/monitoring.ts, docs/monitoring.md). */

/** The figures of a month's report, as the form sends them. */
export const FIGURES = ['wisnus', 'wisman', 'pendapatan', 'tenaga_kerja', 'malam_inap'] as const;
export type Figure = (typeof FIGURES)[number];

/** A village's report of a month (GET/PUT /api/pemantauan/desa/{kd}[/{bulan}]). */
export interface Report {
  kd_desa: string;
  bulan: string;
  wisnus: number;
  wisman: number;
  pendapatan: number;
  tenaga_kerja: number;
  malam_inap?: number;
  catatan?: string;
  terlambat: boolean;
  perlu_cek: boolean;
  alasan_cek?: string;
  diverifikasi: boolean;
  diverifikasi_oleh?: string;
  diverifikasi_at?: string;
  alasan_koreksi?: string;
  dikoreksi_oleh?: string;
  dikoreksi_at?: string;
  created_at: string;
  updated_at: string;
}

/** GET /api/pemantauan/desa/{kd}: the range's reports, oldest first, and the due months without one. */
export interface VillageMonths {
  kd_desa: string;
  nama_desa: string;
  dari: string;
  sampai: string;
  laporan: Report[];
  belum_lapor: string[];
}

/** A manager's village (GET /api/desa-wisata/email/{email}). */
export interface Village {
  kd_desa: string;
  nama_desa: string;
  provinsi: string;
  kabupaten: string;
}

type Sums = Record<Figure | 'n_lapor' | 'n_verifikasi' | 'n_cek' | 'n_terlambat', number>;
export interface Period extends Sums {
  tahun_lalu: Sums;
  perubahan: Record<Figure, { selisih: number; persen: number | null }>;
}

/** GET /api/pemantauan/rekap. */
export interface Rekap {
  tahun: number;
  provinsi: string | null;
  kabupaten: string | null;
  periode: { dari: string; sampai: string };
  pembanding: { dari: string; sampai: string };
  desa: number;
  total: Period;
  per_bulan: (Period & { bulan: string; belum_lapor: number })[];
  wilayah: (Period & { provinsi: string; kabupaten: string; desa: number })[];
  per_kategori: (Sums & { kategori: string; desa: number })[];
}

/** A row of GET /api/pemantauan/perlu-cek: a flagged month not yet verified. */
export interface FlaggedMonth {
  kd_desa: string;
  nama_desa: string;
  provinsi: string;
  kabupaten: string;
  bulan: string;
  wisnus: number;
  wisman: number;
  pendapatan: number;
  tenaga_kerja: number;
  malam_inap: number | null;
  alasan_cek: string;
  terlambat: boolean;
}

/** The data of POST /api/pemantauan/pengingat (202). */
export interface Reminded {
  bulan: string;
  desa: number;
  pengelola: number;
}

/** A row of GET /api/pemantauan/belum-lapor. */
export interface Missing {
  kd_desa: string;
  nama_desa: string;
  provinsi: string;
  kabupaten: string;
  pengelola?: string;
  nomor_telepon?: string;
  email?: string;
}

/** GET /api/wilayah: the regions with villages. */
export interface Region {
  provinsi: string;
  n_desa: number;
  kabupaten: { kabupaten: string; n_desa: number }[];
}
