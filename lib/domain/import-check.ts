import { MSG } from '../contract/messages';
import type { ImportRecord } from '../db/imports';
import { normEmail, regionPart } from '../db/keys';
import { reports, type ReportRecord } from '../db/reports';
import { users as userEntity } from '../db/users';
import { filteredVillages, getVillages, villagesCreatedSince, type VillageRecord } from '../db/villages';
import { changesNothing } from '../db/history';
import { villageDescriptions, type VillageDescriptionRecord } from '../db/village-descriptions';
import type { ImportKind, ReportFields, ReportRow, RowProblem, VillageRow } from '../import/types';
import { isReportMonth, reportInput } from './monitoring';
import { villageInput, type VillageInput } from './villages';

/**
 * The check of an import (docs/import.md "Pemeriksaan"): each row the reader (lib/import)
 * accepted is validated against the service's own rules and matched against the table — by
 * `kd_desa`, else by its normalised name within its province and kabupaten — and what applying
 * it would do is counted. Nothing is written here.
 */

/** What applying a valid row will do, as the check saw it. */
export type PlannedAction = 'dibuat' | 'diubah' | 'tidak_berubah';
/** A valid row, its village (matched) and what applying it would do: the apply's input (stored beside the file). */
export interface PlannedRow {
  /** Its index among the valid rows: the apply's progress counts these. */
  index: number;
  baris: number;
  kd?: string;
  aksi: PlannedAction;
  /** desa: the eight fields, parsed; laporan: the month and figures. */
  desa?: VillageInput;
  /** desa: the coordinates to set on the matched village's description (given, and it has one that differs). */
  koordinat?: Coordinates;
  laporan?: ReportFields;
}
export interface Coordinates {
  latitude: number;
  longitude: number;
}
export interface CheckResult {
  baris: number;
  plan: PlannedRow[];
  problems: RowProblem[];
}

/** A name as matching compares it: case, accents of width, punctuation and spacing ignored. */
export const normName = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const regionOf = (provinsi: string, kabupaten: string) => `${regionPart(provinsi)}#${regionPart(kabupaten)}`;

/** A region's villages as a match sees them. */
export type RegionReader = (provinsi: string, kabupaten: string) => Promise<VillageRecord[]>;

/** The villages of regions, read once per region (the filtered lists' index: only that region's villages). */
export function regionReader(): RegionReader {
  const cache = new Map<string, Promise<VillageRecord[]>>();
  return (provinsi, kabupaten) => {
    const k = regionOf(provinsi, kabupaten);
    let got = cache.get(k);
    if (!got) {
      got = filteredVillages({ provinsi, kabupaten }).then((vs) =>
        vs.filter((v) => !v.deleting && regionOf(v.provinsi, v.kabupaten) === k),
      );
      cache.set(k, got);
    }
    return got;
  };
}

/**
 * The villages created since `at`, read once (one Query of the list by creation) and grouped by
 * region: what an apply run must still match a new row against, since the check matched every
 * village that existed when it ran.
 */
export function createdSinceReader(at: string): RegionReader {
  let byRegion: Promise<Map<string, VillageRecord[]>> | undefined;
  return async (provinsi, kabupaten) => {
    byRegion ??= villagesCreatedSince(at).then((vs) => {
      const m = new Map<string, VillageRecord[]>();
      for (const v of vs) {
        const k = regionOf(v.provinsi, v.kabupaten);
        const list = m.get(k);
        if (list) list.push(v);
        else m.set(k, [v]);
      }
      return m;
    });
    return (await byRegion).get(regionOf(provinsi, kabupaten)) ?? [];
  };
}

type Match = { kd: string; village: VillageRecord } | { problem: RowProblem } | { none: true };

/** The village a row names: by `kd_desa`, else by name within its region (none, one, or ambiguous). */
export async function matchVillage(
  row: { baris: number; kd_desa?: string; nama_desa?: string; provinsi?: string; kabupaten?: string },
  byCode: Map<string, VillageRecord>,
  region: RegionReader,
): Promise<Match> {
  const kd = row.kd_desa?.trim();
  if (kd) {
    const village = byCode.get(kd);
    return village ? { kd, village } : { problem: { baris: row.baris, kolom: 'kd_desa', pesan: MSG.importRowVillageUnknown } };
  }
  if (!row.nama_desa?.trim() || !row.provinsi?.trim() || !row.kabupaten?.trim())
    return { problem: { baris: row.baris, kolom: 'kd_desa', pesan: MSG.importRowVillageNeeded } };
  const name = normName(row.nama_desa);
  const same = (await region(row.provinsi, row.kabupaten)).filter((v) => normName(v.nama_desa) === name);
  if (same.length > 1) return { problem: { baris: row.baris, kolom: 'nama_desa', pesan: MSG.importRowVillageAmbiguous } };
  return same[0] ? { kd: same[0].kd_desa, village: same[0] } : { none: true };
}

/** The first issue of each field a schema refuses, as row problems naming the column. */
function issuesOf(baris: number, issues: readonly { path: PropertyKey[] }[]): RowProblem[] {
  const columns = [...new Set(issues.map((i) => String(i.path[0] ?? '')))];
  return columns.map((kolom) => ({ baris, kolom: kolom || null, pesan: MSG.importRowInvalid }));
}

const duplicateOf = (baris: number, first: number): RowProblem => ({ baris, kolom: null, pesan: `${MSG.importRowDuplicate} ${first}` });

/** Checks the rows the reader accepted; `problems` adds to the reader's. */
export async function checkRows(kind: ImportKind, rows: readonly (VillageRow | ReportRow)[]): Promise<Omit<CheckResult, 'baris'>> {
  const codes = rows.map((r) => r.kd_desa?.trim()).filter((k): k is string => !!k);
  const byCode = await getVillages([...new Set(codes)]);
  const region = regionReader();
  return kind === 'desa' ? checkVillages(rows as VillageRow[], byCode, region) : checkReports(rows as ReportRow[], byCode, region);
}

async function checkVillages(rows: VillageRow[], byCode: Map<string, VillageRecord>, region: RegionReader) {
  const problems: RowProblem[] = [];
  const plan: PlannedRow[] = [];
  const parsed: { row: VillageRow; fields: VillageInput }[] = [];
  for (const row of rows) {
    const { baris: _b, kd_desa: _k, latitude: _la, longitude: _lo, ...fields } = row;
    const out = villageInput.safeParse(fields);
    if (out.success) parsed.push({ row, fields: out.data });
    else problems.push(...issuesOf(row.baris, out.error.issues));
  }
  const owners = await userEntity.getMany([...new Set(parsed.map((p) => normEmail(p.fields.email)))]);
  const seen = new Map<string, number>();
  const moved: [PlannedRow, Coordinates][] = [];
  for (const { row, fields } of parsed) {
    const match = await matchVillage(row, byCode, region);
    if ('problem' in match) {
      problems.push(match.problem);
      continue;
    }
    const key = 'kd' in match ? match.kd : `baru#${regionOf(fields.provinsi, fields.kabupaten)}#${normName(fields.nama_desa)}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push(duplicateOf(row.baris, first));
      continue;
    }
    seen.set(key, row.baris);
    const email = normEmail(fields.email);
    if ('kd' in match) {
      // an import never hands a village over: the office does that by PUT, where both managers are told
      if (match.village.email !== email) {
        problems.push({ baris: row.baris, kolom: 'email', pesan: MSG.importRowOwnerDiffers });
        continue;
      }
      const unchanged = changesNothing(match.village, { ...match.village, ...fields, email });
      const planned: PlannedRow = {
        index: plan.length,
        baris: row.baris,
        kd: match.kd,
        aksi: unchanged ? 'tidak_berubah' : 'diubah',
        desa: fields,
      };
      if (row.latitude !== undefined && row.longitude !== undefined)
        moved.push([planned, { latitude: row.latitude, longitude: row.longitude }]);
      plan.push(planned);
      continue;
    }
    const owner = owners.get(email);
    const refused = !owner
      ? MSG.importRowEmailUnknown
      : owner.role !== 'pengelola'
        ? MSG.importRowEmailNotManager
        : !owner.is_verified
          ? MSG.importRowEmailUnverified
          : undefined;
    if (refused) problems.push({ baris: row.baris, kolom: 'email', pesan: refused });
    else plan.push({ index: plan.length, baris: row.baris, aksi: 'dibuat', desa: fields });
  }
  await withCoordinates(moved);
  return { plan, problems };
}

/**
 * A matched village's coordinates are its description's: set where it has one and they differ (the row is then
 * `diubah`). A village without a description (a new one too) keeps none: a description has fields an import does
 * not carry.
 */
async function withCoordinates(rows: [PlannedRow, Coordinates][]): Promise<void> {
  const descriptions = await villageDescriptions.getMany(rows.map(([r]) => r.kd!));
  for (const [row, at] of rows) {
    if (!coordinatesMove(descriptions.get(row.kd!), at)) continue;
    row.koordinat = at;
    row.aksi = 'diubah';
  }
}
export const coordinatesMove = (d: VillageDescriptionRecord | undefined, at: Coordinates) =>
  !!d && (d.latitude !== at.latitude || d.longitude !== at.longitude);

/** The figures and note a report row sets (an empty note is none). */
export const reportFieldsOf = (row: ReportRow): ReportFields => ({
  bulan: row.bulan,
  wisnus: row.wisnus,
  wisman: row.wisman,
  pendapatan: row.pendapatan,
  tenaga_kerja: row.tenaga_kerja,
  ...(row.malam_inap !== undefined ? { malam_inap: row.malam_inap } : {}),
  ...(row.catatan?.trim() ? { catatan: row.catatan.trim() } : {}),
});
/** Whether a stored report holds these figures and note already. */
export const sameReport = (r: ReportRecord, f: ReportFields) =>
  r.wisnus === f.wisnus &&
  r.wisman === f.wisman &&
  r.pendapatan === f.pendapatan &&
  r.tenaga_kerja === f.tenaga_kerja &&
  r.malam_inap === f.malam_inap &&
  (r.catatan ?? undefined) === f.catatan;

async function checkReports(rows: ReportRow[], byCode: Map<string, VillageRecord>, region: RegionReader) {
  const problems: RowProblem[] = [];
  const valid: { row: ReportRow; fields: ReportFields; kd: string }[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const fields = reportFieldsOf(row);
    const rowProblems: RowProblem[] = [];
    if (!isReportMonth(fields.bulan)) rowProblems.push({ baris: row.baris, kolom: 'bulan', pesan: MSG.reportMonthInvalid });
    const { bulan: _m, ...figures } = fields;
    const out = reportInput.safeParse(figures);
    if (!out.success) rowProblems.push(...issuesOf(row.baris, out.error.issues));
    const match = await matchVillage(row, byCode, region);
    if ('problem' in match) rowProblems.push(match.problem);
    else if ('none' in match) rowProblems.push({ baris: row.baris, kolom: 'nama_desa', pesan: MSG.importRowVillageNotFound });
    if (rowProblems.length || !('kd' in match)) {
      problems.push(...rowProblems);
      continue;
    }
    const key = `${match.kd}/${fields.bulan}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push(duplicateOf(row.baris, first));
      continue;
    }
    seen.set(key, row.baris);
    valid.push({ row, fields, kd: match.kd });
  }
  const current = await reports.getMany(valid.map((v) => `${v.kd}/${v.fields.bulan}`));
  const plan = valid.map(({ row, fields, kd }, index): PlannedRow => {
    const stored = current.get(`${kd}/${fields.bulan}`);
    const aksi: PlannedAction = !stored ? 'dibuat' : sameReport(stored, fields) ? 'tidak_berubah' : 'diubah';
    return { index, baris: row.baris, kd, aksi, laporan: fields };
  });
  return { plan, problems };
}

/** The check's counts for the import record. */
export function countsOfCheck(baris: number, plan: readonly PlannedRow[], problems: readonly RowProblem[]): Partial<ImportRecord> {
  const refusedRows = new Set(problems.map((p) => p.baris)).size;
  return {
    baris,
    valid: plan.length,
    ditolak: refusedRows,
    dibuat: plan.filter((p) => p.aksi === 'dibuat').length,
    diubah: plan.filter((p) => p.aksi === 'diubah').length,
    tidak_berubah: plan.filter((p) => p.aksi === 'tidak_berubah').length,
  };
}
