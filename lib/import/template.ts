import type { DataValidation, Workbook, Worksheet } from 'exceljs';
import { MSG } from '../contract/messages';
import { REPORT_MAX } from '../domain/monitoring';
import { DATA_SHEET, GUIDE_SHEET, IMPORT_COLUMNS } from './columns';
import { IMPORT_LIMITS } from './limits';
import type { ImportKind, RowProblem } from './types';

/**
 * The import templates (GET /api/impor/template) and the refused-rows file
 * (GET /api/impor/{id}/kesalahan). The guide's text is a document, like the mails of
 * lib/mail/templates.ts: it lives here, beside the columns it explains.
 */

/** Each column's line in the guide. */
const GUIDE: Record<string, { wajib: string; keterangan: string }> = {
  kd_desa: {
    wajib: 'tidak (laporan: ini, atau nama_desa + provinsi + kabupaten)',
    keterangan: 'Kode desa wisata di layanan ini (DESA-…). Kosongkan untuk desa baru; isi untuk mengubah desa yang sudah ada.',
  },
  nama_desa: { wajib: 'ya', keterangan: 'Nama resmi desa, paling banyak 150 karakter.' },
  nama_popular: { wajib: 'ya', keterangan: 'Nama desa wisata yang dikenal wisatawan, paling banyak 150 karakter.' },
  provinsi: { wajib: 'ya', keterangan: 'Pilih dari daftar, atau ketik nama provinsi.' },
  kabupaten: { wajib: 'ya', keterangan: 'Kabupaten atau kota; pilih dari daftar bila ada.' },
  alamat: { wajib: 'ya', keterangan: 'Alamat desa, paling banyak 500 karakter.' },
  pengelola: { wajib: 'ya', keterangan: 'Nama pengelola desa wisata.' },
  nomor_telepon: { wajib: 'ya', keterangan: 'Nomor telepon, misalnya 0812-3456-7890 atau +62 812 3456 7890.' },
  email: { wajib: 'ya', keterangan: 'Email akun pengelola desa; akun itu harus sudah terdaftar sebagai pengelola.' },
  latitude: {
    wajib: 'tidak',
    keterangan: 'Lintang lokasi desa, -90 sampai 90; isi bersama longitude. Disimpan pada deskripsi desa yang sudah ada.',
  },
  longitude: {
    wajib: 'tidak',
    keterangan: 'Bujur lokasi desa, -180 sampai 180; isi bersama latitude. Disimpan pada deskripsi desa yang sudah ada.',
  },
  bulan: { wajib: 'ya', keterangan: 'Bulan laporan: 2025-01, Januari 2025, atau sebuah tanggal; dari 2000-01 sampai bulan ini.' },
  wisnus: { wajib: 'ya', keterangan: 'Wisatawan nusantara bulan itu, bilangan bulat.' },
  wisman: { wajib: 'ya', keterangan: 'Wisatawan mancanegara bulan itu, bilangan bulat.' },
  pendapatan: { wajib: 'ya', keterangan: 'Pendapatan wisata desa bulan itu, dalam rupiah.' },
  tenaga_kerja: { wajib: 'ya', keterangan: 'Orang yang bekerja di pariwisata desa bulan itu.' },
  malam_inap: { wajib: 'tidak', keterangan: 'Malam inap yang terjual bulan itu.' },
  catatan: { wajib: 'tidak', keterangan: 'Catatan, paling banyak 2.000 karakter.' },
};

/** The example row of each kind, on the guide sheet (an example on the data sheet would be imported); a column not named is empty. */
const EXAMPLE: Record<ImportKind, Record<string, string | number>> = {
  desa: {
    nama_desa: 'Penglipuran',
    nama_popular: 'Desa Wisata Penglipuran',
    provinsi: 'Bali',
    kabupaten: 'Bangli',
    alamat: 'Kubu, Bangli, Bali',
    pengelola: 'I Wayan Contoh',
    nomor_telepon: '081234567890',
    email: 'pengelola@contoh.id',
    latitude: '-8,4227',
    longitude: '115,3592',
  },
  laporan: {
    kd_desa: 'DESA-a1B2c3D4e5',
    bulan: '2025-01',
    wisnus: '1.250',
    wisman: 40,
    pendapatan: '87.500.000',
    tenaga_kerja: 35,
    malam_inap: 180,
  },
};

const INTRO: Record<ImportKind, string[]> = {
  desa: [
    'Impor desa wisata',
    `Isi satu desa per baris pada lembar "${DATA_SHEET.desa}", mulai baris 2. Judul kolom (baris 1) jangan diubah; urutan kolom boleh berbeda dan kolom yang tidak wajib boleh dihapus.`,
    'Desa dicocokkan dengan kd_desa; bila kd_desa kosong, dengan nama desa di provinsi dan kabupaten yang sama. Desa yang cocok diperbarui, yang lain ditambahkan.',
  ],
  laporan: [
    'Impor laporan bulanan',
    `Isi satu laporan (satu desa, satu bulan) per baris pada lembar "${DATA_SHEET.laporan}", mulai baris 2. Judul kolom (baris 1) jangan diubah; urutan kolom boleh berbeda.`,
    'Desa ditunjuk dengan kd_desa, atau dengan nama_desa bersama provinsi dan kabupaten.',
  ],
};
const RULES = [
  'Angka boleh ditulis 1.234 atau 1234; desimal memakai koma (1.234,5).',
  `Paling banyak ${IMPORT_LIMITS.rows.toLocaleString('id-ID')} baris data dan ${IMPORT_LIMITS.columns} kolom per berkas; satu sel paling banyak ${IMPORT_LIMITS.cellChars.toLocaleString('id-ID')} karakter.`,
  'Berkas disimpan sebagai .xlsx (tanpa makro) atau CSV (dipisahkan koma atau titik koma). Rumus dibaca dari nilai yang terakhir dihitung Excel.',
  'Baris yang sama dua kali dalam satu berkas: baris kedua ditolak. Baris kosong dilewati.',
  'Berkas diperiksa dulu; tidak ada yang diubah sebelum impor dijalankan. Baris yang ditolak dapat diunduh dengan kolom Pesan, diperbaiki, lalu diunggah lagi.',
];
const GUIDE_HEADER = ['Kolom', 'Wajib', 'Keterangan'];
const EXAMPLE_TITLE = 'Contoh baris (jangan disalin ke lembar data apa adanya):';

export interface TemplateOptions {
  /** The office's province: its kabupaten are the kabupaten drop-down. */
  provinsi?: string;
  kabupatenOf?: (provinsi: string) => string[];
  provinsiList?: string[];
}

/** exceljs keeps a sheet's validations by range (its typings leave them out). */
const validations = (sheet: Worksheet) =>
  (sheet as Worksheet & { dataValidations: { add(range: string, v: DataValidation): void } }).dataValidations;

async function newWorkbook(): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  return workbook;
}

const letter = (n: number): string => {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
};

/** A list as the hidden sheet's column `col` from row 2, and its absolute range (null when empty). */
function listRange(lists: Worksheet, col: number, title: string, values: string[]): string | null {
  lists.getCell(1, col).value = title;
  values.forEach((v, i) => (lists.getCell(i + 2, col).value = v));
  return values.length ? `'${lists.name}'!$${letter(col)}$2:$${letter(col)}$${values.length + 1}` : null;
}

/** The template of `kind`: the data sheet (headers, drop-downs, text formats), the guide with an example row, the hidden lists. */
export async function templateXlsx(kind: ImportKind, opts: TemplateOptions): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(DATA_SHEET[kind], { views: [{ state: 'frozen', ySplit: 1 }] });
  const guide = workbook.addWorksheet(GUIDE_SHEET);
  const lists = workbook.addWorksheet('Daftar', { state: 'hidden' });
  const columns = IMPORT_COLUMNS[kind];
  sheet.columns = columns.map((c) => ({
    key: c.key,
    header: c.key,
    width: Math.max(14, c.key.length + 4),
    // text columns stay text (a telephone's leading 0, a month typed 2025-01)
    style: c.number ? {} : { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  const last = IMPORT_LIMITS.rows + 1;
  const at = (key: string) => columns.findIndex((c) => c.key === key) + 1;
  const rangeOf = (key: string) => `${letter(at(key))}2:${letter(at(key))}${last}`;
  const suggest = (key: string, formula: string, prompt: string) =>
    validations(sheet).add(rangeOf(key), {
      type: 'list',
      allowBlank: true,
      formulae: [formula],
      showInputMessage: true,
      promptTitle: key,
      prompt,
      // a region not yet in the service is allowed: the list only suggests
      showErrorMessage: true,
      errorStyle: 'warning',
      errorTitle: key,
      error: 'Nilai ini tidak ada di daftar. Tetap pakai?',
    });

  const provinces = opts.provinsi
    ? [opts.provinsi, ...(opts.provinsiList ?? []).filter((p) => p !== opts.provinsi)]
    : (opts.provinsiList ?? []);
  const provinceRange = listRange(lists, 1, 'provinsi', provinces);
  if (provinceRange) suggest('provinsi', provinceRange, GUIDE.provinsi!.keterangan);
  if (opts.kabupatenOf) {
    if (opts.provinsi) {
      const range = listRange(lists, 2, opts.provinsi, opts.kabupatenOf(opts.provinsi));
      if (range) suggest('kabupaten', range, GUIDE.kabupaten!.keterangan);
    } else if (provinces.length) {
      // one column of kabupaten per province (from C); the drop-down follows the row's province
      provinces.forEach((p, i) => listRange(lists, i + 3, p, opts.kabupatenOf!(p)));
      const p = `$${letter(at('provinsi'))}2`;
      const match = `MATCH(${p},'Daftar'!$A$2:$A$${provinces.length + 1},0)-1`;
      const formula = `OFFSET('Daftar'!$C$2,0,${match},MAX(1,COUNTA(OFFSET('Daftar'!$C$2,0,${match},1000,1))),1)`;
      suggest('kabupaten', formula, GUIDE.kabupaten!.keterangan);
    }
  }
  for (const c of columns) {
    if (c.number === 'int' && c.key in REPORT_MAX) {
      validations(sheet).add(rangeOf(c.key), {
        type: 'whole',
        operator: 'between',
        allowBlank: true,
        formulae: [0, REPORT_MAX[c.key as keyof typeof REPORT_MAX]],
        showErrorMessage: true,
        errorStyle: 'stop',
        errorTitle: c.key,
        error: GUIDE[c.key]!.keterangan,
      });
    } else if (c.number === 'decimal') {
      const bound = c.key === 'latitude' ? 90 : 180;
      validations(sheet).add(rangeOf(c.key), {
        type: 'decimal',
        operator: 'between',
        allowBlank: true,
        formulae: [-bound, bound],
        showErrorMessage: true,
        errorStyle: 'stop',
        errorTitle: c.key,
        error: GUIDE[c.key]!.keterangan,
      });
    }
  }

  guide.getColumn(1).width = 18;
  guide.getColumn(2).width = 22;
  guide.getColumn(3).width = 90;
  for (const line of [...INTRO[kind], ...RULES]) guide.addRow([line]);
  guide.getRow(1).font = { bold: true, size: 14 };
  guide.addRow([]);
  guide.addRow(GUIDE_HEADER).font = { bold: true };
  for (const c of columns) guide.addRow([c.key, GUIDE[c.key]!.wajib, GUIDE[c.key]!.keterangan]);
  guide.addRow([]);
  guide.addRow([EXAMPLE_TITLE]).font = { bold: true };
  guide.addRow(columns.map((c) => c.key)).font = { bold: true };
  guide.addRow(columns.map((c) => EXAMPLE[kind][c.key] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The refused rows to fix and upload again: the file's own columns and cells (`original`: the
 * header row and each refused row, by row number, as readImportFile gives them) and a Pesan
 * column with each reason. Without `original` (or for a row it lacks) only the reasons.
 */
export async function refusedRowsXlsx(
  kind: ImportKind,
  problems: RowProblem[],
  original: Record<number, string[]> | null,
): Promise<Buffer> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(DATA_SHEET[kind], { views: [{ state: 'frozen', ySplit: 1 }] });
  const numbers = Object.keys(original ?? {})
    .map(Number)
    .sort((a, b) => a - b);
  const headerRow = numbers[0];
  const header = original && headerRow !== undefined ? original[headerRow]! : IMPORT_COLUMNS[kind].map((c) => c.key);
  sheet.addRow([...header, MSG.importRefusedMessageColumn]).font = { bold: true };
  header.forEach((_, i) => (sheet.getColumn(i + 1).width = 18));
  sheet.getColumn(header.length + 1).width = 80;

  const byRow = new Map<number, RowProblem[]>();
  for (const p of problems) byRow.set(p.baris, [...(byRow.get(p.baris) ?? []), p]);
  for (const baris of [...byRow.keys()].sort((a, b) => a - b)) {
    const reasons = byRow
      .get(baris)!
      .map((p) => (p.kolom ? `${p.kolom}: ${p.pesan}` : p.pesan))
      .join('; ');
    const label = baris > 0 ? `${MSG.importRefusedRowLabel} ${baris} — ${reasons}` : reasons;
    const cells = (baris !== headerRow && original?.[baris]) || header.map(() => '');
    // every cell as text, as it was read: a cell starting with = stays text in XLSX, never a formula
    const row = sheet.addRow([...cells, label]);
    row.eachCell((cell) => (cell.numFmt = '@'));
    row.getCell(header.length + 1).font = { color: { argb: 'FFB00020' } };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
