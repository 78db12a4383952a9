/** The import routes' shapes (docs/api.md, Impor: ImportStatus, ImportSummary). */
export type ImportState = 'memeriksa' | 'siap' | 'ditolak' | 'berjalan' | 'selesai' | 'gagal';
export type ImportKind = 'desa' | 'laporan';

export interface ImportCounts {
  baris: number;
  valid: number;
  ditolak: number;
  dibuat: number;
  diubah: number;
  tidak_berubah: number;
  diterapkan: number;
}

export interface RowProblem {
  baris: number;
  kolom: string | null;
  pesan: string;
}

export interface ImportSummary {
  id_impor: string;
  jenis: ImportKind;
  nama_berkas: string;
  status: ImportState;
  pesan?: string;
  oleh_username: string;
  oleh_nama: string;
  created_at: string;
  updated_at: string;
  selesai_at?: string;
  jumlah: ImportCounts;
  hasil: { dibuat: number; diubah: number; tidak_berubah: number; gagal: number };
}

export interface ImportStatus extends ImportSummary {
  kemajuan: { diterapkan: number; total: number; persen: number };
  baris_ditolak: { total: number; baris: RowProblem[] };
  baris_gagal: { total: number; baris: RowProblem[] };
}

/** The states in which the worker still has something to do: the view asks again. */
export const working = (s: ImportState) => s === 'memeriksa' || s === 'berjalan';
