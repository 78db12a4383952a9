import * as z from 'zod';
import { MSG } from '../contract/messages';
import { kabupatenWithinProvinsi, regionFilter } from '../contract/inputs';
import { nowIso } from '../platform/clock';
import { config } from '../platform/config';
import type { ExportLink } from '../storage/exports';
import { listRequests } from '../db/requests';
import { listScores, SCORE_FIELDS } from '../db/scores';
import { regionKey } from '../db/stats';
import { listStatuses } from '../db/statuses';
import { listUsers } from '../db/users';
import { listVillages } from '../db/villages';
import { refusals } from '../contract/validation';

/**
 * `tautan=1` on an export: the answer is the link to the file, stored as a large one is, as JSON
 * (200) whatever its size: a page whose CSP lets it fetch only its own origin cannot follow a 303
 * to S3, but it may navigate to the link.
 */
export const exportLinkOption = {
  tautan: z.enum(['0', '1']).optional().meta({
    description:
      '1: answer 200 JSON `data: {url, nama_berkas, expires_at}`, a link to the file stored privately, whatever its size (for pages that navigate to it); 0 or absent: the file, or 303 when large',
  }),
};
export const wantsLink = (q: { tautan?: '0' | '1' }) => q.tautan === '1';

/** GET /api/desa-wisata/export?format=xlsx|csv&provinsi=&kabupaten=&tautan= (a kabupaten only within its province). */
export const exportQuery = z
  .object({
    format: z.enum(['xlsx', 'csv']).default('xlsx'),
    ...regionFilter,
    ...exportLinkOption,
  })
  .refine(kabupatenWithinProvinsi, { message: MSG.exportQueryInvalid })
  .meta({ description: 'format: xlsx (default) or csv; provinsi / kabupaten (with provinsi) narrow the rows; tautan=1: the link as JSON' });
refusals.add(exportQuery, {
  message: MSG.exportQueryInvalid,
  when: 'format not xlsx or csv, tautan not 0 or 1, a region too long, empty or with #, or kabupaten without provinsi',
});
export type ExportQuery = z.output<typeof exportQuery>;

export type Cell = string | number | boolean | Date | null;
export interface Column {
  key: string;
  header: string;
  width: number;
  /** How a spreadsheet shows it. */
  kind: 'text' | 'number' | 'date' | 'yes-no';
}

export const column = (key: string, header: string, width: number, kind: Column['kind'] = 'text'): Column => ({ key, header, width, kind });

/** The columns that name a row's village, first in the round and the monitoring exports. */
export const VILLAGE_COLUMNS: readonly Column[] = [
  column('kd_desa', 'Kode desa', 16),
  column('nama_desa', 'Nama desa', 24),
  column('provinsi', 'Provinsi', 22),
  column('kabupaten', 'Kabupaten', 20),
];

/** The sheet's columns, in order (headers in Indonesian, as an office reads them). */
export const EXPORT_COLUMNS: readonly Column[] = [
  column('kd_desa', 'Kode desa', 16),
  column('nama_desa', 'Nama desa', 24),
  column('nama_popular', 'Nama populer', 30),
  column('provinsi', 'Provinsi', 22),
  column('kabupaten', 'Kabupaten', 20),
  column('alamat', 'Alamat', 30),
  column('pengelola', 'Pengelola', 22),
  column('nomor_telepon', 'Nomor telepon', 18),
  column('email', 'Email pengelola', 28),
  column('akun_terverifikasi', 'Akun terverifikasi', 12, 'yes-no'),
  column('status_permintaan', 'Status permintaan', 14),
  column('status_operasional', 'Status operasional', 14),
  ...SCORE_FIELDS.map((f) => column(f, f.replace(/_/g, ' '), 12, 'number')),
  column('rata_rata', 'Rata-rata', 10, 'number'),
  column('kategori_desa', 'Kategori', 12),
  column('created_at', 'Terdaftar', 18, 'date'),
];

/** Latest of several records of one village, by a time field. */
function latestBy<T extends { kd_desa: string }>(records: T[], at: (r: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  for (const r of records) {
    const seen = out.get(r.kd_desa);
    if (!seen || at(seen) <= at(r)) out.set(r.kd_desa, r);
  }
  return out;
}

/**
 * Every village (of the region asked for) with its region, manager, latest request
 * status, owner's verification, latest operating status, the six scores, average and
 * category: five list Queries in parallel, joined in memory.
 */
export async function exportRows(q: ExportQuery): Promise<Record<string, Cell>[]> {
  const [villages, requests, statuses, scores, users] = await Promise.all([
    listVillages(),
    listRequests(['kd_desa', 'status_permintaan', 'created_at']),
    listStatuses(),
    listScores(),
    listUsers(),
  ]);
  const inRegion = (v: { provinsi: string; kabupaten: string }) => {
    if (!q.provinsi) return true;
    const [p, k] = regionKey(v).SK.split('#');
    const want = regionKey({ provinsi: q.provinsi, kabupaten: q.kabupaten ?? '' }).SK.split('#');
    return p === want[0] && (!q.kabupaten || k === want[1]);
  };
  const request = latestBy(requests, (r) => r.created_at);
  const status = latestBy(statuses, (s) => s.tanggal_update);
  const score = new Map(scores.map((s) => [s.kd_desa, s]));
  const verified = new Map(users.map((u) => [u.email, u.is_verified]));
  return villages.filter(inRegion).map((v) => {
    const s = score.get(v.kd_desa);
    return {
      kd_desa: v.kd_desa,
      nama_desa: v.nama_desa,
      nama_popular: v.nama_popular,
      provinsi: v.provinsi,
      kabupaten: v.kabupaten,
      alamat: v.alamat,
      pengelola: v.pengelola,
      nomor_telepon: v.nomor_telepon,
      email: v.email,
      akun_terverifikasi: verified.get(v.email) ?? false,
      status_permintaan: request.get(v.kd_desa)?.status_permintaan ?? null,
      status_operasional: status.get(v.kd_desa)?.status ?? null,
      ...Object.fromEntries(SCORE_FIELDS.map((f) => [f, s?.[f] ?? null])),
      rata_rata: s?.rata_rata ?? null,
      kategori_desa: s?.kategori_desa ?? null,
      created_at: new Date(v.created_at),
    };
  });
}

/** What a spreadsheet program would run as a formula when the cell starts with it (OWASP: CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A free-text cell as the file holds it: one that could start a formula is prefixed with `'`, which shows it as text. */
export const neutralised = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
/** A cell of a text column neutralised; other kinds as they are (numbers stay numbers). */
const safeCell = (c: Column, v: Cell): Cell => (c.kind === 'text' && typeof v === 'string' ? neutralised(v) : v);

/** The rows as CSV: UTF-8 with a byte-order mark (so spreadsheet programs read Indonesian names right), a header row. */
export async function toCsv(rows: Record<string, Cell>[], columns: readonly Column[] = EXPORT_COLUMNS): Promise<string> {
  // (loaded here only: the OpenAPI catalogue names this module's query schema)
  const { stringify } = await import('csv-stringify/sync');
  const text = (c: Column, v: Cell) =>
    v === null ? '' : c.kind === 'yes-no' ? (v ? 'ya' : 'tidak') : v instanceof Date ? v.toISOString() : String(safeCell(c, v));
  return stringify(
    rows.map((r) => columns.map((c) => text(c, r[c.key] ?? null))),
    { bom: true, header: true, columns: columns.map((c) => c.header) },
  );
}

/**
 * The rows as an XLSX workbook (exceljs, loaded only here: the other formats and routes
 * do not pay for it): a bold, frozen header row with a filter, numbers as numbers, the
 * registration time as a date.
 */
export async function toXlsx(
  rows: Record<string, Cell>[],
  columns: readonly Column[] = EXPORT_COLUMNS,
  sheetName = 'Desa wisata',
): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    key: c.key,
    header: c.header,
    width: c.width,
    style: c.kind === 'date' ? { numFmt: 'yyyy-mm-dd hh:mm' } : c.kind === 'number' ? { numFmt: '0' } : {},
  }));
  const cell = (c: Column, v: Cell) => (c.kind === 'yes-no' ? (v ? 'ya' : 'tidak') : safeCell(c, v));
  for (const r of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, cell(c, r[c.key] ?? null)])));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Lambda answers at most 6 MB (its payload, after base64 for binary bodies). A file whose
 * answer would be larger (config EXPORT_INLINE_MAX_BYTES, 5.8 MB) goes through S3 instead
 * (lib/storage/exports.ts): an XLSX of every village of Indonesia (~50,000) is about 7.5 MB
 * encoded, and a CSV of them 14 MB to a client that does not take gzip (BENCHMARKS.md).
 */
/** How long the link to a file stored in S3 works. */
export const EXPORT_LINK_SECONDS = 15 * 60;
export const fitsOneAnswer = (answerBytes: number) => answerBytes <= config().exportInlineMaxBytes;

const TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export interface ExportFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

/** Rows as a file of `format`, named `<base>-<date>.<format>`. */
export async function spreadsheet(
  base: string,
  format: 'xlsx' | 'csv',
  rows: Record<string, Cell>[],
  columns: readonly Column[] = EXPORT_COLUMNS,
  sheetName?: string,
): Promise<ExportFile> {
  return {
    name: `${base}-${nowIso().slice(0, 10)}.${format}`,
    contentType: TYPES[format],
    bytes: format === 'csv' ? Buffer.from(await toCsv(rows, columns)) : await toXlsx(rows, columns, sheetName),
  };
}

/** The export asked for, as a file: its name (dated), type and bytes. */
export const exportFile = async (q: ExportQuery): Promise<ExportFile> => spreadsheet('desa-wisata', q.format, await exportRows(q));

/** A file too large for one answer: stored privately, handed out as a link for EXPORT_LINK_SECONDS. */
export async function handOut(file: ExportFile): Promise<ExportLink> {
  // (loaded here only: the OpenAPI catalogue, which names this module's schema, needs no S3 presigner)
  const { storeExport } = await import('../storage/exports');
  return storeExport(file.bytes, file.name, file.contentType, EXPORT_LINK_SECONDS);
}
