import { SYSTEM } from '../contract/caller';
import type { Role } from '../contract/roles';
import { MSG } from '../contract/messages';
import { slugify } from '../contract/slug';
import { appliedRowMarker, appliedRows, getImport, imports, RowAppliedError, workingImports, type ImportRecord } from '../db/imports';
import type { Recorded } from '../db/history';
import { keys, normEmail } from '../db/keys';
import * as reportStore from '../db/reports';
import { ReportChangedError, reports } from '../db/reports';
import { getUserByEmail } from '../db/users';
import { getVillageDescription, recordVillageDescriptionChange } from '../db/village-descriptions';
import { inUnitOfWork, RaceLostError, VillageStaleError } from '../db/unit-of-work';
import { getVillage, recordNewVillage, recordVillageChange, slugToTry } from '../db/villages';
import type { RowProblem } from '../import/types';
import { nowIso, nowMs } from '../platform/clock';
import { log } from '../platform/log';
import { putImportObject, readImportObject } from '../storage/imports';
import { writeWithImages } from './image-writes';
import { SHOWN_PROBLEMS, type StoredProblems } from './import';
import {
  checkRows,
  coordinatesMove,
  countsOfCheck,
  createdSinceReader,
  matchVillage,
  sameReport,
  type PlannedRow,
  type RegionReader,
} from './import-check';
import { checkReasons } from './monitoring';

/**
 * The import worker (docs/import.md): scheduled every minute (functions/maintenance/import.ts);
 * each run takes the imports being checked or applied (GSI3 `IMPORKERJA`), one at a time under
 * a lease, and checks a file or applies its valid rows in batches until it runs out of time.
 * Each row is its own unit of work (history, counters, list versions as any write of it), with
 * a marker of the row in the same transaction when it writes; the progress (`diterapkan`) is
 * saved after each batch under a condition. A run killed halfway leaves its lease to expire:
 * the next run redoes the batch, skipping the rows whose marker exists and recomputing the
 * rest against the table (a row that wrote nothing writes nothing again).
 */

/** Rows per batch: the progress is saved after each. */
export const IMPORT_BATCH = 25;
/** How long a run's claim holds (longer than the function's 60 s timeout). */
export const IMPORT_LEASE_MS = 90_000;
/** Runs in a row that stop on an error before the import is `gagal`. */
export const IMPORT_MAX_FAILED_RUNS = 5;
/** Writers' clocks may differ a little: villages created this long before the upload are read too. */
const CLOCK_MARGIN_MS = 5 * 60_000;
/** Rows of a batch applied at once. */
const PARALLEL_ROWS = 4;

/** Another run holds the import (its claim was taken or its progress moved): leave it. */
class ClaimLostError extends RaceLostError {}

const WORKING = new Set(['memeriksa', 'berjalan']);

/** Who the import's writes are made by: its importer, as the history names them, with the import's id. */
const whoOf = (rec: ImportRecord): Recorded => ({
  actor: { id: Number(rec.oleh_id), username: rec.oleh_username, role: rec.oleh_role as Role, full_name: rec.oleh_nama },
  impor: rec.id_impor,
});

/** Changes the import item if it is still as read (ClaimLostError otherwise); the changed record. */
async function changeImport(id: string, change: (current: ImportRecord) => ImportRecord | undefined): Promise<ImportRecord | undefined> {
  try {
    return await inUnitOfWork(SYSTEM, async (uow) => {
      const current = await getImport(id, true);
      if (!current) return undefined;
      const next = change(current);
      if (!next) return undefined;
      uow.update(imports, current, { ...next, updated_at: nowIso() }, { guard: () => new ClaimLostError() });
      return next;
    });
  } catch (err) {
    if (err instanceof ClaimLostError) return undefined;
    throw err;
  }
}

/** Takes the import for this run if nobody holds it; the claimed record. */
const claim = (id: string) =>
  changeImport(id, (c) =>
    WORKING.has(c.status) && (c.klaim_sampai ?? 0) <= nowMs() ? { ...c, klaim_sampai: nowMs() + IMPORT_LEASE_MS } : undefined,
  );

export interface ImportRunReport {
  checked: string[];
  applied: number;
  finished: string[];
  /** Imports whose run stopped on an error (logged; the next run takes them up again once their claim expires). */
  failed: string[];
}

/** One run of the worker: every import with work, until `outOfTime`. */
export async function runImportWork(opts: { outOfTime?: () => boolean } = {}): Promise<ImportRunReport> {
  const outOfTime = opts.outOfTime ?? (() => false);
  const report: ImportRunReport = { checked: [], applied: 0, finished: [], failed: [] };
  for (const waiting of await workingImports()) {
    if (outOfTime()) break;
    if ((waiting.klaim_sampai ?? 0) > nowMs()) continue;
    const rec = await claim(waiting.id_impor);
    if (!rec) continue;
    try {
      if (rec.status === 'memeriksa') {
        await checkImport(rec);
        report.checked.push(rec.id_impor);
      } else {
        const done = await applyImport(rec, outOfTime, (n) => (report.applied += n));
        if (done) report.finished.push(rec.id_impor);
      }
    } catch (err) {
      log.error('import run failed', { id_impor: rec.id_impor, error: err instanceof Error ? err.message : String(err) });
      await noteFailedRun(rec.id_impor).catch(() => undefined);
      report.failed.push(rec.id_impor);
    }
  }
  return report;
}

/** A run stopped on an error: counted; after IMPORT_MAX_FAILED_RUNS the import is `gagal` (its lease left to expire otherwise). */
async function noteFailedRun(id: string) {
  await changeImport(id, (c) => {
    const failed = (c.gagal_berturut ?? 0) + 1;
    return failed >= IMPORT_MAX_FAILED_RUNS
      ? { ...c, gagal_berturut: failed, status: 'gagal', pesan: MSG.importFailed, selesai_at: nowIso(), klaim_sampai: undefined }
      : { ...c, gagal_berturut: failed };
  });
}

/** Checks the file: the reader, then the rows against the table; the import becomes `siap` or `ditolak`. */
async function checkImport(rec: ImportRecord): Promise<void> {
  const { readImportFile } = await import('../import/read');
  const read = await readImportFile(await readImportObject(rec.id_impor, 'berkas'), rec.nama_berkas, rec.jenis);
  if (!read.ok) {
    await putImportObject(rec.id_impor, 'ditolak.json', Buffer.from(JSON.stringify({ problems: [], raw: null } satisfies StoredProblems)));
    await finishCheck(rec, { status: 'ditolak', pesan: read.pesan });
    return;
  }
  const checked = await checkRows(rec.jenis, read.rows);
  const problems = [...read.problems, ...checked.problems].sort((a, b) => a.baris - b.baris);
  const stored: StoredProblems = { problems, raw: read.raw ?? null };
  await putImportObject(rec.id_impor, 'rencana.json', Buffer.from(JSON.stringify(checked.plan)));
  await putImportObject(rec.id_impor, 'ditolak.json', Buffer.from(JSON.stringify(stored)));
  await finishCheck(rec, {
    ...countsOfCheck(read.total, checked.plan, problems),
    status: checked.plan.length ? 'siap' : 'ditolak',
    ...(checked.plan.length ? {} : { pesan: MSG.importNoValidRow }),
    contoh_ditolak: problems.slice(0, SHOWN_PROBLEMS),
  });
}

const finishCheck = (rec: ImportRecord, fields: Partial<ImportRecord>) =>
  changeImport(rec.id_impor, (c) =>
    c.status === 'memeriksa' && c.klaim_sampai === rec.klaim_sampai ? { ...c, ...fields, klaim_sampai: undefined } : undefined,
  );

const plans = new Map<string, PlannedRow[]>();
async function planOf(id: string): Promise<PlannedRow[]> {
  let plan = plans.get(id);
  if (!plan) {
    plan = JSON.parse((await readImportObject(id, 'rencana.json')).toString('utf8')) as PlannedRow[];
    plans.set(id, plan);
  }
  return plan;
}

type Outcome = 'dibuat' | 'diubah' | 'tidak_berubah' | RowProblem;

/**
 * Applies batches from the saved progress until every valid row is done (the import is then
 * `selesai`: true) or `outOfTime`. Each batch's progress is saved only if the import is still
 * this run's (its claim unchanged), and renews the claim.
 */
async function applyImport(claimed: ImportRecord, outOfTime: () => boolean, applied: (n: number) => void): Promise<boolean> {
  const plan = await planOf(claimed.id_impor);
  // a new row is matched against the villages created since its file was uploaded (the check matched the
  // others): a second import of the same file, or a registration meanwhile, never creates a village twice
  const region = createdSinceReader(new Date(Date.parse(claimed.created_at) - CLOCK_MARGIN_MS).toISOString());
  let rec = claimed;
  while (rec.diterapkan < plan.length) {
    if (outOfTime()) {
      // leave it for the next run at once
      await changeImport(rec.id_impor, (c) => (c.klaim_sampai === rec.klaim_sampai ? { ...c, klaim_sampai: undefined } : undefined));
      return false;
    }
    const batch = plan.slice(rec.diterapkan, rec.diterapkan + IMPORT_BATCH);
    const done = await appliedRows(
      rec.id_impor,
      batch.map((r) => r.index),
    );
    const outcomes: Outcome[] = new Array<Outcome>(batch.length);
    let next = 0;
    const who = whoOf(rec);
    let stopped = false;
    const worker = async () => {
      while (!stopped && next < batch.length) {
        const i = next++;
        const row = batch[i]!;
        try {
          outcomes[i] = done.get(row.index) ?? (await applyRow(rec, row, who, region));
        } catch (err) {
          stopped = true;
          throw err;
        }
      }
    };
    // every row in flight settles before the run gives up: a row still writing after the run
    // ended could commit after the next run read the markers (and be counted as unchanged)
    const settled = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL_ROWS, batch.length) }, worker));
    const broke = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (broke) throw broke.reason;
    const failed = outcomes.filter((o): o is RowProblem => typeof o === 'object');
    const tally = (k: string) => outcomes.filter((o) => o === k).length;
    const before = rec;
    const moved = await changeImport(rec.id_impor, (c) => {
      if (c.klaim_sampai !== before.klaim_sampai || c.diterapkan !== before.diterapkan || c.status !== 'berjalan') return undefined;
      const diterapkan = c.diterapkan + batch.length;
      const last = diterapkan >= plan.length;
      return {
        ...c,
        diterapkan,
        hasil_dibuat: c.hasil_dibuat + tally('dibuat'),
        hasil_diubah: c.hasil_diubah + tally('diubah'),
        hasil_tidak_berubah: c.hasil_tidak_berubah + tally('tidak_berubah'),
        hasil_gagal: c.hasil_gagal + failed.length,
        contoh_gagal: [...c.contoh_gagal, ...failed].slice(0, SHOWN_PROBLEMS),
        gagal_berturut: undefined,
        ...(last
          ? { status: 'selesai' as const, selesai_at: nowIso(), klaim_sampai: undefined }
          : { klaim_sampai: nowMs() + IMPORT_LEASE_MS }),
      };
    });
    if (!moved) return false; // another run took it over
    applied(batch.length);
    rec = moved;
  }
  if (rec.status !== 'selesai') {
    // nothing left to apply (an import with an empty plan): it is done
    await changeImport(rec.id_impor, (c) =>
      c.status === 'berjalan' ? { ...c, status: 'selesai', selesai_at: nowIso(), klaim_sampai: undefined } : undefined,
    );
  }
  plans.delete(rec.id_impor);
  return true;
}

const rowProblem = (row: PlannedRow, kolom: string | null, pesan: string): RowProblem => ({ baris: row.baris, kolom, pesan });

/** Applies one row in its own unit of work, comparing with the table first: what it did. */
function applyRow(rec: ImportRecord, row: PlannedRow, who: Recorded, region: RegionReader): Promise<Outcome> {
  return row.desa ? applyVillageRow(rec, row, who, region) : applyReportRow(rec, row, who);
}

/**
 * A village row. A new one whose village appeared since the check (the same file imported twice, both then run; a
 * registration meanwhile) is matched by name as the check would have, so it is never created twice.
 */
async function applyVillageRow(rec: ImportRecord, planned: PlannedRow, who: Recorded, region: RegionReader): Promise<Outcome> {
  const fields = planned.desa!;
  let row = planned;
  if (!row.kd) {
    const match = await matchVillage({ baris: row.baris, ...fields }, new Map(), region);
    if ('problem' in match) return match.problem;
    if ('kd' in match) {
      if (match.village.email !== normEmail(fields.email)) return rowProblem(row, 'email', MSG.importRowOwnerDiffers);
      row = { ...row, kd: match.kd };
    }
  }
  const base = slugify(fields.nama_popular);
  // the coordinates are a second write (the description's copy on the village item is one more update of that item,
  // which a transaction may hold only once); the row's marker goes with the last write that changes something
  const coordinates = row.kd && row.koordinat && coordinatesMove(await getVillageDescription(row.kd, true), row.koordinat);
  const village = await inUnitOfWork(who, async (uow, attempt): Promise<Outcome> => {
    if (row.kd) {
      const current = await getVillage(row.kd, true);
      if (!current) return rowProblem(row, 'kd_desa', MSG.importRowVillageGone);
      if (current.email !== normEmail(fields.email)) return rowProblem(row, 'email', MSG.importRowOwnerChanged);
      const slug = base === slugify(current.nama_popular) ? current.slug : await slugToTry(base, attempt.lost);
      if (recordVillageChange(uow, current, fields, slug, 'village.updated') === current) return 'tidak_berubah';
      if (!coordinates) uow.include(appliedRowMarker(rec.id_impor, row.index, 'diubah'), () => new RowAppliedError());
      return 'diubah';
    }
    const owner = await getUserByEmail(fields.email);
    if (!owner) return rowProblem(row, 'email', MSG.importRowEmailUnknown);
    if (owner.role !== 'pengelola') return rowProblem(row, 'email', MSG.importRowEmailNotManager);
    if (!owner.is_verified) return rowProblem(row, 'email', MSG.importRowEmailUnverified);
    recordNewVillage(uow, fields, await slugToTry(base, attempt.lost));
    uow.include(appliedRowMarker(rec.id_impor, row.index, 'dibuat'), () => new RowAppliedError());
    return 'dibuat';
  });
  if (!coordinates || typeof village === 'object') return village;
  // (no image changes: the unit of work still needs the image source a description's write declares)
  return writeWithImages({ kd: row.kd!, callerId: Number(rec.oleh_id) }, who, async (uow): Promise<Outcome> => {
    const current = await getVillageDescription(row.kd!, true);
    const moves = coordinatesMove(current, row.koordinat!);
    if (moves)
      recordVillageDescriptionChange(uow, current!, { ...current!, ...row.koordinat!, version: current!.version + 1, updated_at: uow.at });
    if (!moves && village === 'tidak_berubah') return 'tidak_berubah';
    uow.include(appliedRowMarker(rec.id_impor, row.index, 'diubah'), () => new RowAppliedError());
    return 'diubah';
  });
}

/** The reported months compared with a new figure (lib/domain/monitoring.ts's pattern). */
const PATTERN_MONTHS = 12;

/**
 * A month's figures from the office's spreadsheet: counted as done by the office — verified
 * by the importer, never late (the office brings in what was reported on paper); a month that
 * held other figures is corrected, with the import as its reason. Odd figures are flagged as
 * any report's.
 */
async function applyReportRow(rec: ImportRecord, row: PlannedRow, who: Recorded): Promise<Outcome> {
  const { bulan, ...figures } = row.laporan!;
  const kd = row.kd!;
  return inUnitOfWork(who, async (uow): Promise<Outcome> => {
    const [village, { current, earlier }] = await Promise.all([
      getVillage(kd, true),
      reportStore.reportWithEarlier(kd, bulan, PATTERN_MONTHS, true),
    ]);
    if (!village) return rowProblem(row, 'kd_desa', MSG.importRowVillageGone);
    if (current && sameReport(current, row.laporan!)) return 'tidak_berubah';
    const reasons = checkReasons({ malam_inap: undefined, ...figures }, earlier);
    const fields = {
      wisnus: figures.wisnus,
      wisman: figures.wisman,
      pendapatan: figures.pendapatan,
      tenaga_kerja: figures.tenaga_kerja,
      malam_inap: figures.malam_inap,
      catatan: figures.catatan,
      perlu_cek: reasons.length > 0,
      alasan_cek: reasons.length ? reasons.join('; ') : undefined,
      provinsi: village.provinsi,
      kabupaten: village.kabupaten,
    };
    const guard = () => new ReportChangedError();
    if (current) {
      const next = reportStore.changedReport(current, {
        ...fields,
        diverifikasi: true,
        diverifikasi_oleh: rec.oleh_username,
        alasan_koreksi: `${MSG.importCorrectionReason} ${rec.id_impor}`,
        dikoreksi_oleh: rec.oleh_username,
      });
      next.dikoreksi_at = next.updated_at;
      if (!current.diverifikasi) next.diverifikasi_at = next.updated_at;
      uow.update(reports, current, next, { guard, ...(current.diverifikasi ? { action: 'report.corrected' } : {}) });
    } else {
      const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as typeof fields;
      const next = reportStore.newReport({ kd_desa: kd, bulan, ...defined, terlambat: false }, uow.at);
      Object.assign(next, { diverifikasi: true, diverifikasi_oleh: rec.oleh_username, diverifikasi_at: next.updated_at });
      uow.create(reports, next, { guard });
    }
    uow.requireExists(keys.village(kd), () => new VillageStaleError());
    uow.include(appliedRowMarker(rec.id_impor, row.index, current ? 'diubah' : 'dibuat'), () => new RowAppliedError());
    return current ? 'diubah' : 'dibuat';
  });
}
