import * as z from 'zod';
import { nowIso, nowIsoAfter } from '../platform/clock';
import { defineEntity, timestamp } from './entity';
import { beginsWith, between, keyQuery, lte } from './expression';
import { batchGetItems, queryAll, queryPage } from './helpers';
import { fitsKey, GSI1, keys, regionPart } from './keys';
import { KATEGORI } from './scores';
import { RaceLostError, type CounterShare } from './unit-of-work';

/**
 * Monitoring (docs/monitoring.md): each village's figures of a month, reported by its manager,
 * verified by the office, and kept as counters per region and month by the same transactions.
 *
 * | item                               | PK                  | SK                               |
 * |------------------------------------|---------------------|----------------------------------|
 * | a village's report of a month      | LAPORAN#<kd_desa>   | <YYYY-MM>                        |
 * | the report counters of a region-month | REKAPLAPORAN#<YYYY> | <YYYY-MM>#<provinsi>#<kabupaten> |
 * | a province's visitors of a year    | REKAPTAHUN          | <provinsi>#<YYYY>                |
 *
 * A report is listed in GSI1 by year and region (`LAPORAN#<YYYY>` / `<provinsi>#<kabupaten>#<kd>#<YYYY-MM>`):
 * the export reads a year's reports of a region in one Query, deleted villages' months included.
 *
 * A report counts in the region and category its village had when its figures were last written
 * (`provinsi`, `kabupaten`, `kategori` on the report): a village that moves, or whose score
 * changes category, takes a month with it on that month's next write (docs/monitoring.md).
 */

/** The figures of a report that the counters sum; `malam_inap` is optional (not every village has lodging). */
export const REPORT_FIGURES = ['wisnus', 'wisman', 'pendapatan', 'tenaga_kerja', 'malam_inap'] as const;
export type ReportFigure = (typeof REPORT_FIGURES)[number];
/** The categories a report counts in: its village's score category when written, `belum` when it had no score. */
export const REPORT_CATEGORIES = [...KATEGORI, 'belum'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

const whole = z.number().int().min(0);
const month = z.string().meta({ description: 'Month (YYYY-MM), Western Indonesian Time', examples: ['2026-05'] });

const reportSchema = z.object({
  kd_desa: z.string(),
  bulan: month,
  /** The village's region when the report was last written: the counters of that region count it. */
  provinsi: z.string(),
  kabupaten: z.string(),
  /** The village's score category when the figures were last written (`belum`: no score); absent: written before categories were counted. */
  kategori: z.enum(REPORT_CATEGORIES).optional(),
  wisnus: whole.meta({ description: 'Domestic visitors (wisatawan nusantara) that month' }),
  wisman: whole.meta({ description: 'Foreign visitors (wisatawan mancanegara) that month' }),
  pendapatan: whole.meta({ description: 'Revenue of the village’s tourism that month, in Rupiah' }),
  tenaga_kerja: whole.meta({ description: 'People working in the village’s tourism that month' }),
  malam_inap: whole.optional().meta({ description: 'Room-nights sold that month' }),
  catatan: z.string().max(2000).optional(),
  /** First reported after the 10th of the next month (WIB). */
  terlambat: z.boolean(),
  /** A value far outside the village's own pattern, for the office to look at (`alasan_cek` says why). */
  perlu_cek: z.boolean(),
  alasan_cek: z.string().optional(),
  diverifikasi: z.boolean(),
  diverifikasi_oleh: z.string().optional().meta({ description: 'Username of who verified it' }),
  diverifikasi_at: timestamp.optional(),
  /** The reason given with the latest change that gave one (a correction of a verified month must); the history keeps each. */
  alasan_koreksi: z.string().optional(),
  dikoreksi_oleh: z.string().optional().meta({ description: 'Username of who made that change' }),
  dikoreksi_at: timestamp.optional(),
  created_at: timestamp,
  updated_at: timestamp,
  version: z.number().int(),
});
export type ReportRecord = z.infer<typeof reportSchema>;

/** `<kd_desa>/<YYYY-MM>`: a report's id (a village code holds no `/`; the month is the part after the last one). */
const idOf = (r: Pick<ReportRecord, 'kd_desa' | 'bulan'>) => `${r.kd_desa}/${r.bulan}`;
const split = (id: string) => {
  const at = id.lastIndexOf('/');
  return { kd: id.slice(0, at), bulan: id.slice(at + 1) };
};

export const reports = defineEntity({
  type: 'LAPORAN',
  schema: reportSchema,
  key: (id) => keys.report(split(id).kd, split(id).bulan),
  id: idOf,
  indexes: (r) => keys.reportList(r),
  changes: {
    history: {
      subject: 'report',
      record: idOf,
      kd_desa: (r) => r.kd_desa,
      // the reason of this change whole (a change's fields shorten a text over 200 characters)
      snapshot: (r) => (r.dikoreksi_at && r.dikoreksi_at === r.updated_at ? { alasan_koreksi: r.alasan_koreksi } : undefined),
    },
    counts: (r) => [reportShare(r), yearShare(r)],
    // the public statistics' visitor totals (their tag: lib/http/caching.ts)
    lists: ['reports'],
    stamps: ['updated_at'],
  },
  public: [
    'kd_desa',
    'bulan',
    ...REPORT_FIGURES,
    'catatan',
    'terlambat',
    'perlu_cek',
    'alasan_cek',
    'diverifikasi',
    'diverifikasi_oleh',
    'diverifikasi_at',
    'alasan_koreksi',
    'dikoreksi_oleh',
    'dikoreksi_at',
    'created_at',
    'updated_at',
  ],
  publicMeta: { id: 'MonthlyReport', description: 'A village’s monitoring figures of one month.' },
});

/**
 * What a report adds to its region-month's counters: the sum of each figure, how many reported
 * `malam_inap`, how many reports, verified, flagged, late; and the same again under its category
 * (`kat_<kategori>_<count>`) when the report has one.
 */
export function reportCounts(r: ReportRecord): Record<string, number> {
  const counts = baseCounts(r);
  if (!r.kategori) return counts;
  return { ...counts, ...Object.fromEntries(Object.entries(counts).map(([k, v]) => [categoryCount(r.kategori!, k), v])) };
}
/** The name of a count of a category in a region-month's counters. */
export const categoryCount = (kategori: ReportCategory, count: string) => `kat_${kategori}_${count}`;

function baseCounts(r: ReportRecord): Record<string, number> {
  return {
    wisnus: r.wisnus,
    wisman: r.wisman,
    pendapatan: r.pendapatan,
    tenaga_kerja: r.tenaga_kerja,
    malam_inap: r.malam_inap ?? 0,
    n_malam_inap: r.malam_inap === undefined ? 0 : 1,
    n_lapor: 1,
    n_verifikasi: r.diverifikasi ? 1 : 0,
    n_cek: r.perlu_cek ? 1 : 0,
    n_terlambat: r.terlambat ? 1 : 0,
  };
}

const reportShare = (r: ReportRecord): CounterShare => ({
  on: keys.reportCounters(r.bulan, r),
  counts: reportCounts(r),
  label: { provinsi: r.provinsi, kabupaten: r.kabupaten, bulan: r.bulan },
});

/** What a report adds to its province's visitors of its year (the public statistics' totals: visitors only, never revenue). */
const yearCounts = (r: ReportRecord) => ({ wisnus: r.wisnus, wisman: r.wisman });
const yearShare = (r: ReportRecord): CounterShare => ({
  on: keys.reportYear(r.provinsi, r.bulan.slice(0, 4)),
  counts: yearCounts(r),
  label: { provinsi: r.provinsi, tahun: r.bulan.slice(0, 4) },
});

/** The report changed (or appeared) since it was read: read again. */
export class ReportChangedError extends RaceLostError {}

export const getReport = (kd: string, bulan: string, consistent = false) => reports.get(idOf({ kd_desa: kd, bulan }), consistent);

/** A village's new report of a month (its figures and flags as the domain decided them). */
export function newReport(
  fields: Omit<ReportRecord, 'created_at' | 'updated_at' | 'version' | 'diverifikasi'>,
  at = nowIso(),
): ReportRecord {
  return { ...fields, diverifikasi: false, created_at: at, updated_at: at, version: 1 };
}

/** A report as it becomes with other fields (`undefined` removes one), its stamp and version moved on. */
export function changedReport(current: ReportRecord, fields: Partial<ReportRecord>): ReportRecord {
  const next: Record<string, unknown> = {
    ...current,
    ...fields,
    updated_at: nowIsoAfter(current.updated_at),
    version: current.version + 1,
  };
  for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
  return next as ReportRecord;
}

const fromItems = (items: Record<string, unknown>[]) => items.map((i) => reports.fromItem(i));

/** A village's reports from `dari` to `sampai` (YYYY-MM), oldest first: one Query (its size: the months). */
export async function villageReports(kd: string, dari: string, sampai: string): Promise<ReportRecord[]> {
  if (!fitsKey(kd)) return [];
  return fromItems(await queryAll(keyQuery({ pk: ['PK', keys.reportPartition(kd)], sk: between('SK', dari, sampai) })));
}

/** The village's report of `bulan` (if any) and up to `earlier` reported months before it, newest first: one Query. */
export async function reportWithEarlier(kd: string, bulan: string, earlier: number, consistent: boolean) {
  const page = await queryPage({
    ...keyQuery({ pk: ['PK', keys.reportPartition(kd)], sk: lte('SK', bulan) }),
    ScanIndexForward: false,
    Limit: earlier + 1,
    ConsistentRead: consistent,
  });
  const found = fromItems(page.items);
  const current = found[0]?.bulan === bulan ? found[0] : undefined;
  return { current, earlier: (current ? found.slice(1) : found).slice(0, earlier) };
}

/** Which of these villages have a report of `bulan` (BatchGetItem of their keys, 100 a call, the calls in parallel). */
export async function reportedOf(kds: readonly string[], bulan: string): Promise<Set<string>> {
  const wanted = kds.filter((kd) => fitsKey(kd)).map((kd) => keys.report(kd, bulan));
  const chunks: (typeof wanted)[] = [];
  for (let i = 0; i < wanted.length; i += 100) chunks.push(wanted.slice(i, i + 100));
  const found = await Promise.all(chunks.map((chunk) => batchGetItems(chunk, { fields: ['kd_desa'] })));
  return new Set(found.flat().map((i) => String(i.kd_desa)));
}

/** A region-month's counters as stored: its labels and counts. */
export type ReportCounters = { provinsi: string; kabupaten: string; bulan: string } & Record<string, number | string>;

/**
 * The report counters of a year (YYYY), or of those whose key starts with each of `prefixes`
 * (`<YYYY-MM>#[<provinsi>#[<kabupaten>#]]`, as keys spell them): their number follows regions × months.
 */
export async function reportCounters(tahun: string, prefixes: readonly string[] = ['']): Promise<ReportCounters[]> {
  const parts = await Promise.all(
    prefixes.map((prefix) =>
      queryAll<Record<string, unknown>>(
        keyQuery({ pk: ['PK', keys.reportCountersPartition(tahun)], ...(prefix ? { sk: beginsWith('SK', prefix) } : {}) }),
      ),
    ),
  );
  return parts.flat().map(({ PK: _pk, SK: _sk, ...rest }) => rest as ReportCounters);
}

/** A year's reports (of a region: `provinsi`, and `kabupaten` with it), in region, village and month order: one Query of GSI1. */
export async function reportsOfYear(tahun: string, region: { provinsi?: string; kabupaten?: string } = {}): Promise<ReportRecord[]> {
  const prefix = region.provinsi ? `${regionPart(region.provinsi)}#${region.kabupaten ? `${regionPart(region.kabupaten)}#` : ''}` : '';
  return fromItems(
    await queryAll(
      keyQuery({
        index: GSI1,
        pk: ['GSI1PK', keys.reportList({ bulan: `${tahun}-01` }).GSI1PK],
        ...(prefix ? { sk: beginsWith('GSI1SK', prefix) } : {}),
      }),
    ),
  );
}

/** A province's visitors of a year as stored. */
export type YearVisitors = { provinsi: string; tahun: string; wisnus: number; wisman: number };

/** Every province's visitors per year (or one province's): one Query whose size is provinces × years, never villages. */
export async function yearVisitors(provinsi?: string): Promise<YearVisitors[]> {
  const items = await queryAll<Record<string, unknown>>(
    keyQuery({
      pk: ['PK', keys.reportYear('', '').PK],
      ...(provinsi ? { sk: beginsWith('SK', `${regionPart(provinsi)}#`) } : {}),
      fields: ['provinsi', 'tahun', 'wisnus', 'wisman'],
    }),
  );
  return items.map((i) => ({
    provinsi: String(i.provinsi ?? ''),
    tahun: String(i.tahun ?? ''),
    wisnus: Number(i.wisnus ?? 0),
    wisman: Number(i.wisman ?? 0),
  }));
}
