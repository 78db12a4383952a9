export type ImportKind = 'desa' | 'laporan';

/** A refused row or cell: 1-based row number of the sheet (header = 1), column header as in the template (null: whole row). */
export interface RowProblem {
  baris: number;
  kolom: string | null;
  pesan: string;
}

/** A village row (jenis=desa): the village's contract fields (lib/domain/villages.ts villageInput: provinsi, kabupaten, nama_desa, nama_popular, alamat, pengelola, nomor_telepon, email — the manager's e-mail) plus optional kd_desa and optional latitude/longitude of its description. */
export interface VillageRow {
  baris: number;
  kd_desa?: string;
  provinsi: string;
  kabupaten: string;
  nama_desa: string;
  nama_popular: string;
  alamat: string;
  pengelola: string;
  nomor_telepon: string;
  email: string;
  latitude?: number;
  longitude?: number;
}

/** A month's figures as a row gives them (lib/domain/monitoring.ts reportInput, plus the month). */
export interface ReportFields {
  bulan: string;
  wisnus: number;
  wisman: number;
  pendapatan: number;
  tenaga_kerja: number;
  malam_inap?: number;
  catatan?: string;
}

/** A monthly report row (jenis=laporan): kd_desa, or nama_desa + provinsi + kabupaten; the month and its figures. */
export interface ReportRow extends ReportFields {
  baris: number;
  kd_desa?: string;
  nama_desa?: string;
  provinsi?: string;
  kabupaten?: string;
}

export type ImportRow = VillageRow | ReportRow;

export type ReadResult =
  /** The whole file refused (not XLSX/CSV by its bytes, macros, zip bomb, too many columns, missing/unknown columns…). */
  | { ok: false; pesan: string }
  /** total = data rows read (empty rows skipped); rows = valid rows; problems = refused rows' reasons; raw = the raw cells of refused rows by row number (for refusedRowsXlsx). */
  | {
      ok: true;
      kind: ImportKind;
      total: number;
      rows: ImportRow[];
      problems: RowProblem[];
      raw?: Record<number, string[]>;
    };
