import { MSG, withFields } from '../contract/messages';
import { isReportMonth, REPORT_FIELD_TEXTS, reportInput } from '../domain/monitoring';
import { createVillageDescriptionInput, updateVillageDescriptionInput } from '../domain/village-descriptions';
import { villageInput } from '../domain/villages';
import { DATA_SHEET, GUIDE_SHEET, headerKey, IMPORT_COLUMNS, type ImportColumn } from './columns';
import { looksLikeText, readCsv } from './csv';
import { IMPORT_LIMITS, ImportRefusal } from './limits';
import type { ImportKind, ImportRow, ReadResult, ReportRow, RowProblem, VillageRow } from './types';
import { cellText, nearInteger, parseMonth, parseNumber, serialDay, villageNameKey } from './values';
import { readXlsx, type Cell, type Grid, type SheetRow } from './xlsx';

/**
 * Reads a file to import (docs/import.md "Membaca berkas"): XLSX or CSV as its bytes say,
 * never as its name says; the header row names the columns (in any order, spelled loosely);
 * each data row is checked with the service's own schemas and is either a valid row or
 * refused with its reasons. A file that cannot be read within the limits is refused whole.
 * Pure: no table, no network.
 */
export async function readImportFile(bytes: Buffer, _fileName: string, kind: ImportKind): Promise<ReadResult> {
  try {
    return readGrid(kind, gridOf(bytes, kind));
  } catch (e) {
    // whatever a hostile or broken file makes the parsers throw is a refusal of the file, never a crash
    return { ok: false, pesan: e instanceof ImportRefusal ? e.message : MSG.importUnreadable };
  }
}

const startsWith = (b: Buffer, bytes: number[]) => bytes.every((x, i) => b[i] === x);

function gridOf(bytes: Buffer, kind: ImportKind): Grid {
  if (bytes.length === 0) throw new ImportRefusal(MSG.importNoRows);
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    return readXlsx(bytes, DATA_SHEET[kind], GUIDE_SHEET);
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) throw new ImportRefusal(MSG.importLegacyExcel);
  const utf16 = startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]);
  if (utf16 || looksLikeText(bytes)) return { rows: readCsv(bytes), date1904: false };
  throw new ImportRefusal(MSG.importNotSpreadsheet);
}

const columnLetters = (c: number): string => {
  let s = '';
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

/** Which file column holds which import column (file order), after the header checks. */
function mapHeader(kind: ImportKind, header: SheetRow, data: SheetRow[]): { def: ImportColumn; at: number; title: string }[] {
  const defs = IMPORT_COLUMNS[kind];
  const width = Math.max(header.cells.length, ...data.map((r) => r.cells.length));
  const mapped: { def: ImportColumn; at: number; title: string }[] = [];
  const unknown: string[] = [];
  const repeated: string[] = [];
  const untitled: string[] = [];
  for (let c = 0; c < width; c++) {
    const title = cellText(header.cells[c]).trim();
    if (!title) {
      if (data.some((r) => r.cells[c] !== undefined)) untitled.push(columnLetters(c));
      continue;
    }
    const key = headerKey(title);
    if (key === headerKey(MSG.importRefusedMessageColumn)) continue; // the refused-rows file's own column
    const def = defs.find((d) => headerKey(d.key) === key || d.aliases.includes(key));
    if (!def) unknown.push(title);
    else if (mapped.some((m) => m.def === def)) repeated.push(title);
    else mapped.push({ def, at: c, title });
  }
  const has = (key: string) => mapped.some((m) => m.def.key === key);
  const missing = defs.filter((d) => d.required && !has(d.key)).map((d) => d.key);
  const reasons = [
    unknown.length && withFields(MSG.importColumnsUnknown, unknown),
    missing.length && withFields(MSG.importColumnsMissing, missing),
    kind === 'laporan' && !has('kd_desa') && !(has('nama_desa') && has('provinsi') && has('kabupaten')) && MSG.importColumnsIdentityMissing,
    repeated.length && withFields(MSG.importColumnsRepeated, repeated),
    untitled.length && withFields(MSG.importColumnsUntitled, untitled),
  ].filter((r): r is string => typeof r === 'string');
  if (reasons.length) throw new ImportRefusal(reasons.join('. '));
  return mapped;
}

const VILLAGE_TEXTS: Record<string, string> = {
  provinsi: MSG.importFieldProvince,
  kabupaten: MSG.importFieldKabupaten,
  nama_desa: MSG.importFieldVillageName,
  nama_popular: MSG.importFieldPopularName,
  alamat: MSG.importFieldAddress,
  pengelola: MSG.importFieldManager,
  nomor_telepon: MSG.importFieldPhone,
  email: MSG.importFieldEmail,
};

/** One data row's cells by import column, and the problems its cells already have. */
interface RowCells {
  baris: number;
  cells: Map<string, Cell>;
  problems: RowProblem[];
  date1904: boolean;
}

const problemOf = (row: RowCells, kolom: string | null, pesan: string) => {
  if (kolom === null || !row.problems.some((p) => p.kolom === kolom)) row.problems.push({ baris: row.baris, kolom, pesan });
};
const textOf = (row: RowCells, key: string) => cellText(row.cells.get(key)).trim();

/** A number column's value: the number, undefined when empty, or the text itself (the schema then refuses it, naming the column). */
function numberOf(row: RowCells, key: string, kind: 'int' | 'decimal'): number | string | undefined {
  const cell = row.cells.get(key);
  if (cell === undefined || (typeof cell !== 'string' && 'noValue' in cell)) return undefined;
  if (typeof cell !== 'string') return kind === 'int' ? nearInteger(cell.n) : cell.n;
  return parseNumber(cell, kind) ?? cell;
}

/** The schema's issues as problems, each field's text from `texts`. */
function schemaProblems(row: RowCells, issues: readonly { path: PropertyKey[] }[], texts: Record<string, string>) {
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    problemOf(row, field || null, texts[field] ?? MSG.importRowInvalid);
  }
}

function villageRow(row: RowCells): VillageRow | null {
  const fields = Object.fromEntries(Object.keys(VILLAGE_TEXTS).map((k) => [k, textOf(row, k)]));
  const parsed = villageInput.safeParse(fields);
  if (!parsed.success) schemaProblems(row, parsed.error.issues, VILLAGE_TEXTS);
  const kd = textOf(row, 'kd_desa');
  if (kd && !createVillageDescriptionInput.shape.kd_desa.safeParse(kd).success) problemOf(row, 'kd_desa', MSG.importFieldKdDesa);
  const coordinate = (key: 'latitude' | 'longitude', text: string) => {
    const value = numberOf(row, key, 'decimal');
    if (value === undefined) return undefined;
    const out = updateVillageDescriptionInput.shape[key].safeParse(value);
    if (out.success) return out.data;
    problemOf(row, key, text);
    return null;
  };
  const latitude = coordinate('latitude', MSG.importFieldLatitude);
  const longitude = coordinate('longitude', MSG.importFieldLongitude);
  if ((latitude === undefined) !== (longitude === undefined)) {
    problemOf(row, latitude === undefined ? 'latitude' : 'longitude', MSG.importFieldCoordinatesPair);
  }
  if (row.problems.length || !parsed.success) return null;
  return {
    baris: row.baris,
    ...(kd ? { kd_desa: kd } : {}),
    ...parsed.data,
    ...(latitude != null && longitude != null ? { latitude, longitude } : {}),
  };
}

function reportRow(row: RowCells): ReportRow | null {
  const kd = textOf(row, 'kd_desa');
  const names = { nama_desa: textOf(row, 'nama_desa'), provinsi: textOf(row, 'provinsi'), kabupaten: textOf(row, 'kabupaten') };
  if (kd) {
    if (!createVillageDescriptionInput.shape.kd_desa.safeParse(kd).success) problemOf(row, 'kd_desa', MSG.importFieldKdDesa);
  } else if (names.nama_desa && names.provinsi && names.kabupaten) {
    const parsed = villageInput.pick({ nama_desa: true, provinsi: true, kabupaten: true }).safeParse(names);
    if (!parsed.success) schemaProblems(row, parsed.error.issues, VILLAGE_TEXTS);
  } else problemOf(row, null, MSG.importRowVillageNeeded);

  const bulan = parseMonth(row.cells.get('bulan'), row.date1904);
  if (!bulan || !isReportMonth(bulan)) problemOf(row, 'bulan', MSG.importFieldMonth);

  const catatan = cellText(row.cells.get('catatan')).trim();
  const figures = {
    wisnus: numberOf(row, 'wisnus', 'int'),
    wisman: numberOf(row, 'wisman', 'int'),
    pendapatan: numberOf(row, 'pendapatan', 'int'),
    tenaga_kerja: numberOf(row, 'tenaga_kerja', 'int'),
    ...(row.cells.has('malam_inap') ? { malam_inap: numberOf(row, 'malam_inap', 'int') } : {}),
    ...(catatan ? { catatan } : {}),
  };
  const parsed = reportInput.safeParse(figures);
  if (!parsed.success) schemaProblems(row, parsed.error.issues, REPORT_FIELD_TEXTS);
  if (row.problems.length || !parsed.success || !bulan) return null;
  const { alasan: _none, ...values } = parsed.data;
  return { baris: row.baris, ...(kd ? { kd_desa: kd } : names), bulan, ...values };
}

/** What makes two valid rows the same (the second is refused, naming the first). */
function sameKeys(kind: ImportKind, r: ImportRow): string[] {
  if (kind === 'desa') {
    const v = r as VillageRow;
    return [...(v.kd_desa ? [`kd#${v.kd_desa}`] : []), `nama#${villageNameKey(v)}`];
  }
  const p = r as ReportRow;
  const village = p.kd_desa
    ? `kd#${p.kd_desa}`
    : `nama#${villageNameKey({ nama_desa: p.nama_desa!, provinsi: p.provinsi!, kabupaten: p.kabupaten! })}`;
  return [`${village}#${p.bulan}`];
}

/** A refused row's cell as the refused-rows file shows it: a date as YYYY-MM-DD, a 1 MB cell cut. */
function rawText(cell: Cell | undefined, date1904: boolean): string {
  const date = cell !== undefined && typeof cell !== 'string' && 'date' in cell && cell.date ? serialDay(cell.n, date1904) : null;
  const s = date ?? cellText(cell);
  return s.length > IMPORT_LIMITS.cellChars ? `${s.slice(0, IMPORT_LIMITS.cellChars)}…` : s;
}

function readGrid(kind: ImportKind, grid: Grid): ReadResult {
  const [header, ...data] = grid.rows;
  if (!header) throw new ImportRefusal(MSG.importNoRows);
  const columns = mapHeader(kind, header, data);
  const raw: Record<number, string[]> = { [header.r]: columns.map((c) => c.title) };
  const rows: ImportRow[] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  let total = 0;
  for (const line of data) {
    const cells = new Map<string, Cell>();
    for (const c of columns) {
      const cell = line.cells[c.at];
      if (cell !== undefined) cells.set(c.def.key, cell);
    }
    if (cells.size === 0) continue; // a row with nothing but ignored columns
    total++;
    const row: RowCells = { baris: line.r, cells, problems: [], date1904: grid.date1904 };
    for (const [key, cell] of cells) {
      if (typeof cell === 'string' && cell.length > IMPORT_LIMITS.cellChars) problemOf(row, key, MSG.importCellTooLong);
      else if (typeof cell !== 'string' && 'noValue' in cell) problemOf(row, key, MSG.importCellFormulaNoValue);
    }
    const valid = kind === 'desa' ? villageRow(row) : reportRow(row);
    if (valid) {
      const keys = sameKeys(kind, valid);
      const first = keys.map((k) => seen.get(k)).find((n) => n !== undefined);
      if (first === undefined) {
        keys.forEach((k) => seen.set(k, line.r));
        rows.push(valid);
        continue;
      }
      problemOf(row, null, `${MSG.importRowDuplicate} ${first}`);
    }
    problems.push(...row.problems);
    raw[line.r] = columns.map((c) => rawText(line.cells[c.at], grid.date1904));
  }
  if (total === 0) throw new ImportRefusal(MSG.importNoRows);
  return { ok: true, kind, total, rows, problems, raw };
}
