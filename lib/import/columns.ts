import type { ImportKind } from './types';

/** A column of an import file: its header in the template, other headers people write for it, and how its cells are read. */
export interface ImportColumn {
  key: string;
  /** Other spellings, compared after `headerKey` (a file's header matches the key or one of these). */
  aliases: string[];
  /** The column must be in the file (desa: every contract field; laporan: the month and the four figures). */
  required: boolean;
  /** How a text cell is read as a number: `int` reads `1.234` as 1234, `decimal` reads `-7,79` and `-7.79` alike. */
  number?: 'int' | 'decimal';
}

const col = (key: string, required: boolean, aliases: string[] = [], number?: 'int' | 'decimal'): ImportColumn => ({
  key,
  aliases,
  required,
  number,
});

const identity = [
  col('kd_desa', false, ['kodedesa', 'kode']),
  col('nama_desa', false, ['desa']),
  col('provinsi', false, ['propinsi']),
  col('kabupaten', false, ['kabupatenkota', 'kabkota', 'kota']),
];

export const IMPORT_COLUMNS: Record<ImportKind, ImportColumn[]> = {
  desa: [
    identity[0]!,
    { ...identity[1]!, required: true },
    col('nama_popular', true, ['namapopuler', 'namawisata', 'namadesawisata']),
    { ...identity[2]!, required: true },
    { ...identity[3]!, required: true },
    col('alamat', true),
    col('pengelola', true, ['namapengelola']),
    col('nomor_telepon', true, ['notelepon', 'telepon', 'notelp', 'nomorhp', 'nohp', 'telp']),
    col('email', true, ['emailpengelola']),
    col('latitude', false, ['lintang', 'lat'], 'decimal'),
    col('longitude', false, ['bujur', 'lon', 'lng', 'long'], 'decimal'),
  ],
  laporan: [
    ...identity,
    col('bulan', true, ['periode', 'bulanlaporan']),
    col('wisnus', true, ['wisatawannusantara'], 'int'),
    col('wisman', true, ['wisatawanmancanegara'], 'int'),
    col('pendapatan', true, ['pendapatanrp', 'pendapatanrupiah'], 'int'),
    col('tenaga_kerja', true, [], 'int'),
    col('malam_inap', false, [], 'int'),
    col('catatan', false, ['keterangan']),
  ],
};

/** The data sheet of each template (read first when a workbook has it) and the guide sheet (never read as data). */
export const DATA_SHEET: Record<ImportKind, string> = { desa: 'Desa Wisata', laporan: 'Laporan Bulanan' };
export const GUIDE_SHEET = 'Petunjuk';

/** A header compared without case, spaces, underscores or punctuation: "Nama Desa", "nama_desa", "NAMA-DESA" are one. */
export const headerKey = (s: string): string =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
