import * as z from 'zod';
import { exportLinkOption } from './export';
import type { Caller } from '../contract/caller';
import { conflict, forbidden, found, invalid, notFound } from '../contract/errors';
import type { MultipartLimits, UploadedFile } from '../contract/files';
import { listPage, listPagingQuery, pathParam, regionName } from '../contract/inputs';
import { MSG } from '../contract/messages';
import { namingRefusal, refusals } from '../contract/validation';
import { getImport, imports, listImports, newImportId, type ImportRecord } from '../db/imports';
import { regionPart } from '../db/keys';
import { readRegionCounters } from '../db/stats';
import { inUnitOfWork, RaceLostError } from '../db/unit-of-work';
import type { ImportKind, RowProblem } from '../import/types';
import { nowIso } from '../platform/clock';
import { putImportObject, readImportObject } from '../storage/imports';
import type { ExportFile } from './export';

/**
 * Bulk import, its flow (docs/import.md): an office uploads a file (kept privately), the
 * worker checks it (lib/domain/import-check.ts) and, once asked, applies its valid rows in
 * resumable batches (lib/domain/import-apply.ts). Reading the file is lib/import/.
 */

export const IMPORT_KINDS = ['desa', 'laporan'] as const;
/** A file one request carries on AWS (base64 in a 6 MB payload): about 7,500 villages of a CSV fit many times over. */
export const IMPORT_FILE_MAX_BYTES = 4 * 1024 * 1024;
/** How many refused rows GET /api/impor/{id} shows (all of them: …/kesalahan). */
export const SHOWN_PROBLEMS = 100;

export const IMPORT_UPLOAD_LIMITS: MultipartLimits = {
  fileSize: IMPORT_FILE_MAX_BYTES,
  fileTooLarge: MSG.importFileTooLarge,
  files: 1,
  filesPerField: 1,
  fileFields: ['berkas'],
  fields: 2,
  fieldSize: 1024,
};

const jenis = z.enum(IMPORT_KINDS).meta({ description: '`desa` (villages) or `laporan` (monthly figures)', examples: ['desa'] });
export const importKindQuery = z.object({ jenis });
refusals.add(importKindQuery, namingRefusal(MSG.importQueryInvalid));
export const importTemplateQuery = z.object({
  jenis,
  provinsi: regionName().optional().meta({ description: 'Offer this province’s kabupaten in the kabupaten drop-down' }),
  ...exportLinkOption,
});
refusals.add(importTemplateQuery, namingRefusal(MSG.importQueryInvalid));
export const importErrorsQuery = z.object({
  format: z.enum(['xlsx']).optional().meta({ description: 'Only `xlsx` (the default)' }),
  ...exportLinkOption,
});
refusals.add(importErrorsQuery, namingRefusal(MSG.importQueryInvalid));
export const importListQuery = listPagingQuery;
refusals.add(importListQuery, namingRefusal(MSG.importQueryInvalid));
export const importParams = z.object({ id_impor: pathParam('Import id (`IMP-…`)') });

/** The import changed since it was read: read again. */
class ImportChangedError extends RaceLostError {}

/** dinas sees and runs the imports it started; admin every one (others: 404, as if there were none). */
function visible(rec: ImportRecord | undefined, caller: Caller): ImportRecord {
  const found_ = found(rec, MSG.importNotFound);
  if (caller.role === 'admin') return found_;
  if (caller.role === 'dinas' && found_.oleh_id === String(caller.id)) return found_;
  throw notFound(MSG.importNotFound);
}
const officeOnly = (caller: Caller) => {
  if (caller.role !== 'dinas' && caller.role !== 'admin') throw forbidden(MSG.importOfficeOnly);
};

/** The counts as the answers show them. */
const countsOf = (r: ImportRecord) => ({
  baris: r.baris,
  valid: r.valid,
  ditolak: r.ditolak,
  dibuat: r.dibuat,
  diubah: r.diubah,
  tidak_berubah: r.tidak_berubah,
  diterapkan: r.diterapkan,
});
/** An import as the list shows it. */
export const importSummary = (r: ImportRecord) => ({
  ...imports.publicView(r),
  jumlah: countsOf(r),
  hasil: { dibuat: r.hasil_dibuat, diubah: r.hasil_diubah, tidak_berubah: r.hasil_tidak_berubah, gagal: r.hasil_gagal },
});
/** An import with its refused rows (the first SHOWN_PROBLEMS) and progress. */
export const importView = (r: ImportRecord) => ({
  ...importSummary(r),
  kemajuan: { diterapkan: r.diterapkan, total: r.valid, persen: r.valid ? Math.floor((r.diterapkan / r.valid) * 100) : 0 },
  baris_ditolak: { total: r.ditolak, baris: r.contoh_ditolak },
  baris_gagal: { total: r.hasil_gagal, baris: r.contoh_gagal },
});

/** The file's name as sent, without a path, control characters or more than 200 characters. */
const fileNameOf = (file: UploadedFile, kind: ImportKind) => {
  const name = (file.name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}"]/gu, '')
    .trim()
    .slice(0, 200);
  return name || `impor-${kind}`;
};

/**
 * POST /api/impor?jenis=: the file is stored privately and the import begins `memeriksa`;
 * the worker checks it. Nothing else is written before POST …/jalankan.
 */
export async function startImport(kind: ImportKind, file: UploadedFile | undefined, caller: Caller) {
  officeOnly(caller);
  if (!file || file.data.length === 0) throw invalid(MSG.importFileMissing);
  const at = nowIso();
  const id = newImportId(at);
  await putImportObject(id, 'berkas', file.data);
  const record: ImportRecord = {
    id_impor: id,
    jenis: kind,
    nama_berkas: fileNameOf(file, kind),
    status: 'memeriksa',
    oleh_id: String(caller.id),
    oleh_username: caller.username,
    oleh_role: caller.role,
    oleh_nama: caller.full_name,
    oleh_email: caller.email,
    baris: 0,
    valid: 0,
    ditolak: 0,
    dibuat: 0,
    diubah: 0,
    tidak_berubah: 0,
    diterapkan: 0,
    hasil_dibuat: 0,
    hasil_diubah: 0,
    hasil_tidak_berubah: 0,
    hasil_gagal: 0,
    contoh_ditolak: [],
    contoh_gagal: [],
    created_at: at,
    updated_at: at,
  };
  await inUnitOfWork(caller, async (uow) => uow.create(imports, record));
  return { id_impor: id };
}

/** GET /api/impor/{id}. */
export const importStatus = async (id: string, caller: Caller) => importView(visible(await getImport(id, true), caller));

/** GET /api/impor: admin every import, dinas its own; newest first, paged like the other lists. */
export async function importList(q: z.output<typeof importListQuery>, caller: Caller) {
  officeOnly(caller);
  const list = await listImports(caller.role === 'admin' ? undefined : String(caller.id));
  return listPage(list.map(importSummary), q);
}

/** POST /api/impor/{id}/jalankan: only from `siap`, once (409 otherwise: the change is conditional); the worker applies the valid rows. */
export async function runImport(id: string, caller: Caller) {
  const next = await inUnitOfWork(caller, async (uow) => {
    const current = visible(await getImport(id, true), caller);
    if (current.status !== 'siap') throw conflict(MSG.importNotReady);
    const after: ImportRecord = { ...current, status: 'berjalan', updated_at: nowIso() };
    // a concurrent jalankan that came first fails this condition: the retry reads `berjalan` (409)
    uow.update(imports, current, after, { guard: () => new ImportChangedError() });
    return after;
  });
  return importView(next);
}

/** What the check keeps of the refused rows (GET …/kesalahan). */
export interface StoredProblems {
  problems: RowProblem[];
  raw: Record<number, string[]> | null;
}

/** GET /api/impor/{id}/kesalahan: every refused row (and every row the apply could not write) with its reason, as XLSX. */
export async function importErrorsFile(id: string, caller: Caller): Promise<ExportFile> {
  const rec = visible(await getImport(id, true), caller);
  let stored: StoredProblems = { problems: [], raw: null };
  if (rec.status !== 'memeriksa') {
    try {
      stored = JSON.parse((await readImportObject(id, 'ditolak.json')).toString('utf8')) as StoredProblems;
    } catch {
      // a file refused whole has no rows of its own: its reason is the one row
      stored = { problems: rec.pesan ? [{ baris: 0, kolom: null, pesan: rec.pesan }] : [], raw: null };
    }
  }
  const { refusedRowsXlsx } = await import('../import/template');
  const problems = [...stored.problems, ...rec.contoh_gagal];
  const bytes = await refusedRowsXlsx(rec.jenis, problems, stored.raw);
  return {
    name: `kesalahan-${id}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes,
  };
}

/** GET /api/impor/template?jenis=: the template, its drop-downs offering the provinces and kabupaten that have villages. */
export async function importTemplate(kind: ImportKind, provinsi: string | undefined): Promise<ExportFile> {
  const regions = await readRegionCounters();
  const provinsiList = [...new Set(regions.map((r) => String(r.provinsi)))].sort();
  const kabupatenOf = (p: string) =>
    [...new Set(regions.filter((r) => regionPart(String(r.provinsi)) === regionPart(p)).map((r) => String(r.kabupaten)))].sort();
  const { templateXlsx } = await import('../import/template');
  const bytes = await templateXlsx(kind, { provinsi, kabupatenOf, provinsiList });
  return { name: `templat-impor-${kind}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes };
}
