import * as z from 'zod';
import type { Caller } from '../contract/caller';
import { conflict, forbidden, found, invalid, tooLarge } from '../contract/errors';
import { kabupatenWithinProvinsi, kdDesaParams, listPage, listPagingQuery, regionName } from '../contract/inputs';
import { MSG, withFields } from '../contract/messages';
import { namingRefusal, refusals, whenFieldsValid } from '../contract/validation';
import { nowMs } from '../platform/clock';
import { keys, normEmail, regionPart } from '../db/keys';
import * as store from '../db/reports';
import {
  categoryCount,
  REPORT_CATEGORIES,
  REPORT_FIGURES,
  ReportChangedError,
  reports,
  type ReportCategory,
  type ReportFigure,
  type ReportRecord,
} from '../db/reports';
import { KATEGORI } from '../db/scores';
import { readRegionCounters } from '../db/stats';
import { inUnitOfWork, VillageStaleError } from '../db/unit-of-work';
import { filteredVillages, getVillage, getVillages, listVillages, type VillageRecord } from '../db/villages';
import { column, exportLinkOption, spreadsheet, VILLAGE_COLUMNS, type Cell, type Column, type ExportFile } from './export';

/**
 * Monitoring (docs/monitoring.md): a village's manager reports each month's figures (visitors,
 * revenue, jobs); the office verifies them, corrects a verified month with a reason, and sees
 * its region's totals per month from counters kept by the writes, and who has not reported.
 * Months are calendar months in Western Indonesian Time (UTC+7).
 */

const WIB_MS = 7 * 3600_000;
/** The month now, in Western Indonesian Time (YYYY-MM). */
export const thisMonth = (): string => new Date(nowMs() + WIB_MS).toISOString().slice(0, 7);
/** The first month a report may be of: back-filling stops there (0000-01 or 1999-12 is a typo). */
export const FIRST_MONTH = '2000-01';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A month that can be reported or asked for: YYYY-MM, from FIRST_MONTH through this month (WIB). */
export const isReportMonth = (m: string): boolean => MONTH.test(m) && m >= FIRST_MONTH && m <= thisMonth();

/** The month after / before `m`, and `n` months on (negative: back). */
export function monthPlus(m: string, n: number): string {
  const index = Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}
/** The months from `a` through `b`, in order. */
export function monthsFrom(a: string, b: string): string[] {
  const out: string[] = [];
  for (let m = a; m <= b; m = monthPlus(m, 1)) out.push(m);
  return out;
}
/** The WIB month of an ISO time. */
const monthAt = (iso: string) => new Date(Date.parse(iso) + WIB_MS).toISOString().slice(0, 7);
/** Midnight (WIB) starting day `day` of month `m`, as epoch ms. */
const wibDay = (m: string, day: number) => Date.parse(`${m}-${String(day).padStart(2, '0')}T00:00:00+07:00`);
/** The deadline of a month's report: the end of the 10th of the month after (WIB). A report first written later is late. */
export const isLate = (bulan: string, at: string): boolean => Date.parse(at) >= wibDay(monthPlus(bulan, 1), 11);

/** The largest value each figure may take (one village, one month): a typo of a few zeros too many is refused. */
export const REPORT_MAX: Record<ReportFigure, number> = {
  wisnus: 10_000_000,
  wisman: 10_000_000,
  pendapatan: 100_000_000_000,
  tenaga_kerja: 100_000,
  malam_inap: 1_000_000,
};
const figure = (f: ReportFigure, description: string, example: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(REPORT_MAX[f])
    .meta({ description: `${description} (a whole number, 0–${REPORT_MAX[f]})`, examples: [example] });
/** A note people type: lines of text, without control characters other than line breaks and tabs, nor lone surrogates. */
const isText = (s: string) => !/[\p{Cc}\p{Cs}]/u.test(s.replace(/[\n\r\t]/g, ''));

/** PUT /api/pemantauan/desa/{kd}/{bulan}: the month's figures whole (a figure left out is none: malam_inap, catatan). */
export const reportInput = z.strictObject({
  wisnus: figure('wisnus', 'Domestic visitors (wisatawan nusantara, BPS) that month', 1250),
  wisman: figure('wisman', 'Foreign visitors (wisatawan mancanegara, BPS) that month', 40),
  pendapatan: figure('pendapatan', 'Revenue of the village’s tourism that month, in Rupiah', 87_500_000),
  tenaga_kerja: figure('tenaga_kerja', 'People working in the village’s tourism that month', 35),
  malam_inap: figure('malam_inap', 'Room-nights sold that month (optional)', 180).optional(),
  catatan: z.string().max(2000).refine(isText).optional().meta({ description: 'A note, up to 2,000 characters' }),
  alasan: z.string().trim().min(1).max(2000).refine(isText).optional().meta({
    description: 'Why it changes: required when dinas or admin correct a verified month (kept in the history); otherwise optional',
  }),
});
/** Each report field's own text when it is refused (the API's, and an import row's). */
export const REPORT_FIELD_TEXTS: Record<string, string> = {
  wisnus: MSG.fieldReportWisnus,
  wisman: MSG.fieldReportWisman,
  pendapatan: MSG.fieldReportRevenue,
  tenaga_kerja: MSG.fieldReportJobs,
  malam_inap: MSG.fieldReportRoomNights,
  catatan: MSG.fieldNote,
};
refusals.add(reportInput, namingRefusal(MSG.reportInvalid, 'body', { fields: { ...REPORT_FIELD_TEXTS, alasan: MSG.fieldReportReason } }));
export type ReportInput = z.output<typeof reportInput>;

const reportMonth = z.string().refine(isReportMonth, { error: MSG.reportMonthInvalid });
export const reportParams = kdDesaParams.extend({
  bulan: reportMonth.meta({ description: 'Month (YYYY-MM, WIB), from 2000-01 through this month', examples: ['2026-05'] }),
});

/** A month in a query (no text of its own: the query's refusal names the parameter). */
const queryMonth = z.string().refine(isReportMonth);
const region = {
  provinsi: regionName().optional().meta({ description: 'Only this province' }),
  kabupaten: regionName().optional().meta({ description: 'Only this kabupaten (with provinsi)' }),
};
const withinProvince = { path: ['kabupaten'], ...whenFieldsValid };

/** The longest range GET /api/pemantauan/desa/{kd} answers at once (ten years). */
export const MAX_RANGE_MONTHS = 120;
/** GET /api/pemantauan/desa/{kd}?dari&sampai: default the twelve months through this one. */
export const villageReportsQuery = z
  .object({
    dari: queryMonth.optional().meta({ description: 'First month (YYYY-MM); default: 11 months before sampai' }),
    sampai: queryMonth.optional().meta({ description: 'Last month (YYYY-MM); default: this month (WIB)' }),
  })
  .refine((q) => !q.dari || !q.sampai || (q.dari <= q.sampai && monthPlus(q.dari, MAX_RANGE_MONTHS - 1) >= q.sampai), {
    error: MSG.monitoringRangeInvalid,
    ...whenFieldsValid,
  });
refusals.add(villageReportsQuery, namingRefusal(MSG.monitoringQueryInvalid));

/** A year in a query: YYYY, from 2000 through this year (WIB). */
const yearParam = z
  .string()
  .regex(/^\d{4}$/)
  .refine((y) => y >= FIRST_MONTH.slice(0, 4) && y <= thisMonth().slice(0, 4))
  .meta({ description: 'Year (YYYY), from 2000 through this year', examples: ['2026'] });

/** GET /api/pemantauan/rekap: a year (and a month of it), a region. */
export const monitoringSummaryQuery = z
  .object({
    tahun: yearParam,
    bulan: z
      .string()
      .regex(/^(0[1-9]|1[0-2])$/)
      .optional()
      .meta({ description: 'Only this month of the year (MM), not after this month', examples: ['05'] }),
    ...region,
  })
  .refine((q) => !q.bulan || `${q.tahun}-${q.bulan}` <= thisMonth(), { path: ['bulan'], ...whenFieldsValid })
  .refine(kabupatenWithinProvinsi, withinProvince);
refusals.add(monitoringSummaryQuery, namingRefusal(MSG.monitoringQueryInvalid));

/** GET /api/pemantauan/belum-lapor: a month, a region, a page (default 100 rows). */
export const missingReportsQuery = listPagingQuery
  .extend({ bulan: queryMonth.meta({ description: 'Month (YYYY-MM), through this month (WIB)', examples: ['2026-04'] }), ...region })
  .refine(kabupatenWithinProvinsi, withinProvince);
refusals.add(missingReportsQuery, namingRefusal(MSG.monitoringQueryInvalid));

/** The category a village's report counts in: its score's category now, `belum` without a score. */
const categoryOf = (v: VillageRecord): ReportCategory =>
  (REPORT_CATEGORIES as readonly string[]).includes(v.kategori ?? '') ? (v.kategori as ReportCategory) : 'belum';

const isOffice = (caller: Caller) => caller.role === 'dinas' || caller.role === 'admin';
const ownedBy = (village: VillageRecord, caller: Caller) => {
  if (village.email !== normEmail(caller.email)) throw forbidden(MSG.villageOwnerOnly);
};

/** How many earlier reported months a new figure is compared with, and how few make a pattern. */
const PATTERN_MONTHS = 12;
const PATTERN_MIN = 3;
/** A figure over this many times its median of the earlier months is flagged. */
const SPIKE = 5;

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * Why a month's figures need the office's look (none: they fit): a figure over 5× its median
 * of the village's last 12 reported months before it (with at least 3 of them, and a median
 * above 0), or visitors with no revenue where those months had some.
 */
export function checkReasons(figures: Pick<ReportRecord, ReportFigure>, earlier: readonly ReportRecord[]): string[] {
  const reasons: string[] = [];
  const spiked = REPORT_FIGURES.filter((f) => {
    const values = earlier.map((r) => r[f]).filter((v): v is number => v !== undefined);
    if (values.length < PATTERN_MIN) return false;
    const m = median(values);
    return m > 0 && (figures[f] ?? 0) > SPIKE * m;
  });
  if (spiked.length) reasons.push(withFields(MSG.reportCheckSpike, spiked));
  if (figures.wisnus + figures.wisman > 0 && figures.pendapatan === 0 && earlier.some((r) => r.pendapatan > 0))
    reasons.push(MSG.reportCheckNoRevenue);
  return reasons;
}

/** The figures (and note) a request sets; a figure left out is none. */
const figuresOf = (input: ReportInput) => ({
  wisnus: input.wisnus,
  wisman: input.wisman,
  pendapatan: input.pendapatan,
  tenaga_kerja: input.tenaga_kerja,
  malam_inap: input.malam_inap,
  catatan: input.catatan,
});
const sameFigures = (r: ReportRecord, f: ReturnType<typeof figuresOf>) =>
  (Object.keys(f) as (keyof typeof f)[]).every((k) => r[k] === f[k]);

export const reportView = (r: ReportRecord) => reports.publicView(r);

/**
 * PUT /api/pemantauan/desa/{kd}/{bulan}: the village's own pengelola writes the month (a new
 * one, or a change while it is not verified: 409 after); dinas and admin only correct a
 * verified month (403 otherwise), with `alasan` (400 without). A report first written after the
 * 10th of the next month (WIB) is `terlambat`; figures far outside the village's pattern are
 * flagged `perlu_cek` with the reason. The same figures again write nothing.
 */
export async function saveReport(kd: string, bulan: string, input: ReportInput, caller: Caller) {
  const saved = await inUnitOfWork(caller, async (uow, read) => {
    const [villageRead, { current, earlier }] = await Promise.all([
      getVillage(kd, read.consistent),
      store.reportWithEarlier(kd, bulan, PATTERN_MONTHS, read.consistent),
    ]);
    const village = found(villageRead, MSG.villageNotFound);
    const office = isOffice(caller);
    if (office) {
      if (!current?.diverifikasi) throw forbidden(MSG.reportOfficeCorrectsVerified);
      if (!input.alasan) throw invalid(MSG.reportCorrectionReasonMissing);
    } else {
      ownedBy(village, caller);
      if (current?.diverifikasi) throw conflict(MSG.reportVerifiedLocked);
    }
    const figures = figuresOf(input);
    if (current && sameFigures(current, figures)) return current;
    const reasons = checkReasons(figures, earlier);
    const fields = {
      ...figures,
      perlu_cek: reasons.length > 0,
      alasan_cek: reasons.length ? reasons.join('; ') : undefined,
      provinsi: village.provinsi,
      kabupaten: village.kabupaten,
      kategori: categoryOf(village),
    };
    const next = current
      ? store.changedReport(current, fields)
      : store.newReport({ kd_desa: kd, bulan, ...dropUndefined(fields), terlambat: isLate(bulan, uow.at) }, uow.at);
    if (input.alasan) Object.assign(next, { alasan_koreksi: input.alasan, dikoreksi_oleh: caller.username, dikoreksi_at: next.updated_at });
    const guard = () => new ReportChangedError();
    if (current) uow.update(reports, current, next, { guard, ...(office ? { action: 'report.corrected' } : {}) });
    else uow.create(reports, next, { guard });
    // the village must still be there (not being deleted) when its month is stored
    uow.requireExists(keys.village(kd), () => new VillageStaleError());
    return next;
  });
  return reportView(saved);
}

/** POST …/{bulan}/verifikasi (dinas, admin): the month is verified (404 without a report); again: nothing changes. */
export async function verifyReport(kd: string, bulan: string, caller: Caller) {
  const verified = await inUnitOfWork(caller, async (uow, read) => {
    const [village, current] = await Promise.all([getVillage(kd, read.consistent), store.getReport(kd, bulan, true)]);
    found(village, MSG.villageNotFound);
    const report = found(current, MSG.reportNotFound);
    if (report.diverifikasi) return report;
    const next = store.changedReport(report, { diverifikasi: true, diverifikasi_oleh: caller.username });
    next.diverifikasi_at = next.updated_at;
    uow.update(reports, report, next, { guard: () => new ReportChangedError(), action: 'report.verified' });
    return next;
  });
  return reportView(verified);
}

/**
 * GET /api/pemantauan/desa/{kd}: the owner, dinas and admin: the village's reports of the range
 * (default the twelve months through this one), oldest first, and the months of it that are due
 * and have none (from the village's first month through last month: this month is due by the
 * 10th of the next).
 */
export async function villageReports(kd: string, q: z.output<typeof villageReportsQuery>, caller: Caller) {
  const sampai = q.sampai ?? (q.dari && monthPlus(q.dari, 11) < thisMonth() ? monthPlus(q.dari, 11) : thisMonth());
  const dari = q.dari ?? monthPlus(sampai, -11);
  const [read, list] = await Promise.all([getVillage(kd), store.villageReports(kd, dari, sampai)]);
  const village = found(read, MSG.villageNotFound);
  if (!isOffice(caller)) ownedBy(village, caller);
  const reported = new Set(list.map((r) => r.bulan));
  const from = [dari, monthAt(village.created_at)].sort().at(-1)!;
  const to = [sampai, monthPlus(thisMonth(), -1)].sort()[0]!;
  return {
    kd_desa: kd,
    nama_desa: village.nama_desa,
    dari,
    sampai,
    laporan: list.map(reportView),
    belum_lapor: from <= to ? monthsFrom(from, to).filter((m) => !reported.has(m)) : [],
  };
}

/** The counts a region-month's counters hold, summed in the answers. */
const SUMS = [...REPORT_FIGURES, 'n_lapor', 'n_verifikasi', 'n_cek', 'n_terlambat'] as const;
type Figures = Record<(typeof SUMS)[number], number>;
const zero = (): Figures => Object.fromEntries(SUMS.map((k) => [k, 0])) as Figures;
const addInto = (to: Figures, c: Record<string, unknown>) => {
  for (const k of SUMS) to[k] += Number(c[k] ?? 0);
  return to;
};
/** Each figure's change against the same period a year before: the difference, and in percent (null from 0). */
const changeOf = (now: Figures, before: Figures) =>
  Object.fromEntries(
    REPORT_FIGURES.map((f) => [
      f,
      { selisih: now[f] - before[f], persen: before[f] ? Math.round(((now[f] - before[f]) / before[f]) * 1000) / 10 : null },
    ]),
  ) as Record<ReportFigure, { selisih: number; persen: number | null }>;
/** The counts of one category in a region-month's counters, by their plain names. */
const categoryView = (c: Record<string, unknown>, k: ReportCategory) =>
  Object.fromEntries(SUMS.map((f) => [f, c[categoryCount(k, f)] ?? 0]));
/** The categories as the answers name them (as GET /api/statistik does: no score is `belum_dinilai`). */
const CATEGORY_NAMES: Record<ReportCategory, string> = {
  ...(Object.fromEntries(KATEGORI.map((k) => [k, k])) as Record<(typeof KATEGORI)[number], string>),
  belum: 'belum_dinilai',
};
const regionKeyOf = (r: { provinsi?: unknown; kabupaten?: unknown }) =>
  `${regionPart(String(r.provinsi ?? ''))}#${regionPart(String(r.kabupaten ?? ''))}`;

/**
 * GET /api/pemantauan/rekap (dinas, admin): the period's totals per region and month from the
 * report counters (the year's and the year before's: Queries whose size is regions × months,
 * never villages), against the same months a year before, with the villages in scope today (the
 * statistics' region counters), reported, verified, flagged and late. A month of the current year
 * still to come is not part of the period.
 */
export async function monitoringSummary(q: z.output<typeof monitoringSummaryQuery>) {
  const last = q.tahun === thisMonth().slice(0, 4) ? thisMonth() : `${q.tahun}-12`;
  const months = q.bulan ? [`${q.tahun}-${q.bulan}`] : monthsFrom(`${q.tahun}-01`, last);
  const earlierMonths = months.map((m) => monthPlus(m, -12));
  const regionPrefix = q.provinsi ? `${regionPart(q.provinsi)}#${q.kabupaten ? `${regionPart(q.kabupaten)}#` : ''}` : '';
  // by key: each month's region (or one month), else the whole year at once (a kabupaten ends its key: no `#` after it)
  const keyPrefix = q.kabupaten ? regionPrefix.slice(0, -1) : regionPrefix;
  const prefixes = (ms: string[]) => (regionPrefix || q.bulan ? ms.map((m) => `${m}#${keyPrefix}`) : ['']);
  const [now, before, regions] = await Promise.all([
    store.reportCounters(q.tahun, prefixes(months)),
    store.reportCounters(String(Number(q.tahun) - 1), prefixes(earlierMonths)),
    readRegionCounters(q.provinsi),
  ]);
  const inScope = (r: { provinsi?: unknown; kabupaten?: unknown }) => `${regionKeyOf(r)}#`.startsWith(regionPrefix);

  type Row = { provinsi: string; kabupaten: string; desa: number; now: Map<string, Figures>; before: Map<string, Figures> };
  const rows = new Map<string, Row>();
  const rowOf = (r: { provinsi?: unknown; kabupaten?: unknown }) => {
    const k = regionKeyOf(r);
    let row = rows.get(k);
    if (!row)
      rows.set(k, (row = { provinsi: String(r.provinsi), kabupaten: String(r.kabupaten), desa: 0, now: new Map(), before: new Map() }));
    return row;
  };
  // per category: the villages in scope today (the statistics' kat_* counters), the reports by the category they were written in
  const categoryDesa = new Map<ReportCategory, number>(REPORT_CATEGORIES.map((k) => [k, 0]));
  const byCategory = new Map<string, Map<ReportCategory, Figures>>(months.map((m) => [m, new Map()]));
  for (const r of regions.filter(inScope)) {
    if (Number(r.desa ?? 0) > 0) rowOf(r).desa = Number(r.desa);
    for (const k of REPORT_CATEGORIES) categoryDesa.set(k, categoryDesa.get(k)! + Number(r[`kat_${k}`] ?? 0));
  }
  const into = (list: store.ReportCounters[], ms: string[], side: 'now' | 'before') => {
    const wanted = new Set(ms);
    for (const c of list.filter((c) => wanted.has(c.bulan) && inScope(c))) {
      const row = rowOf(c);
      row[side].set(c.bulan, addInto(row[side].get(c.bulan) ?? zero(), c));
      if (side === 'now')
        for (const k of REPORT_CATEGORIES) {
          const month = byCategory.get(c.bulan)!;
          month.set(k, addInto(month.get(k) ?? zero(), categoryView(c, k)));
        }
    }
  };
  into(now, months, 'now');
  into(before, earlierMonths, 'before');

  const sumOf = (maps: Map<string, Figures>[], ms: string[]) => {
    const out = zero();
    for (const m of maps) for (const month of ms) addInto(out, m.get(month) ?? {});
    return out;
  };
  const period = (nowMaps: Map<string, Figures>[], beforeMaps: Map<string, Figures>[], ms: string[], ems: string[]) => {
    const total = sumOf(nowMaps, ms);
    const tahun_lalu = sumOf(beforeMaps, ems);
    return { ...total, tahun_lalu, perubahan: changeOf(total, tahun_lalu) };
  };
  const all = [...rows.values()].sort((a, b) => a.provinsi.localeCompare(b.provinsi) || a.kabupaten.localeCompare(b.kabupaten));
  const desa = all.reduce((s, r) => s + r.desa, 0);
  const nowMaps = all.map((r) => r.now);
  const beforeMaps = all.map((r) => r.before);
  return {
    tahun: Number(q.tahun),
    bulan: q.bulan ?? null,
    provinsi: q.provinsi ?? null,
    kabupaten: q.kabupaten ?? null,
    periode: { dari: months[0]!, sampai: months.at(-1)! },
    pembanding: { dari: earlierMonths[0]!, sampai: earlierMonths.at(-1)! },
    desa,
    total: period(nowMaps, beforeMaps, months, earlierMonths),
    per_bulan: months.map((m, i) => {
      const p = period(nowMaps, beforeMaps, [m], [earlierMonths[i]!]);
      return {
        bulan: m,
        ...p,
        belum_lapor: Math.max(0, desa - p.n_lapor),
        per_kategori: REPORT_CATEGORIES.map((k) => {
          const f = byCategory.get(m)!.get(k) ?? zero();
          return {
            kategori: CATEGORY_NAMES[k],
            desa: categoryDesa.get(k)!,
            ...f,
            belum_lapor: Math.max(0, categoryDesa.get(k)! - f.n_lapor),
          };
        }),
      };
    }),
    per_kategori: REPORT_CATEGORIES.map((k) => ({
      kategori: CATEGORY_NAMES[k],
      desa: categoryDesa.get(k)!,
      ...months.reduce((out, m) => addInto(out, byCategory.get(m)!.get(k) ?? {}), zero()),
    })),
    wilayah: all.map((r) => ({
      provinsi: r.provinsi,
      kabupaten: r.kabupaten,
      desa: r.desa,
      ...period([r.now], [r.before], months, earlierMonths),
      per_bulan: months.map((m) => ({ bulan: m, ...(r.now.get(m) ?? zero()) })),
    })),
  };
}

/**
 * GET /api/pemantauan/belum-lapor (dinas, admin): the villages in scope (a region's by the
 * filtered lists' index: only that region's villages are read) that existed in the month and have
 * no report of it, in region and name order, one page (default 100 rows) and `pagination`.
 */
export async function missingReports(q: z.output<typeof missingReportsQuery>) {
  const villages = q.provinsi ? await filteredVillages({ provinsi: q.provinsi, kabupaten: q.kabupaten }) : await listVillages();
  const monthEnd = wibDay(monthPlus(q.bulan, 1), 1);
  const existed = villages.filter((v) => !v.deleting && Date.parse(v.created_at) < monthEnd);
  const reported = await store.reportedOf(
    existed.map((v) => v.kd_desa),
    q.bulan,
  );
  const rows = existed
    .filter((v) => !reported.has(v.kd_desa))
    .sort(
      (a, b) => a.provinsi.localeCompare(b.provinsi) || a.kabupaten.localeCompare(b.kabupaten) || a.nama_desa.localeCompare(b.nama_desa),
    )
    .map((v) => ({
      kd_desa: v.kd_desa,
      nama_desa: v.nama_desa,
      provinsi: v.provinsi,
      kabupaten: v.kabupaten,
      pengelola: v.pengelola,
      nomor_telepon: v.nomor_telepon,
      email: v.email,
    }));
  return listPage(rows, { page: q.page ?? 1, limit: q.limit ?? 100 });
}

/** GET /api/pemantauan/perlu-cek: a year, a region, a page (default 100 rows). */
export const flaggedReportsQuery = listPagingQuery.extend({ tahun: yearParam, ...region }).refine(kabupatenWithinProvinsi, withinProvince);
refusals.add(flaggedReportsQuery, namingRefusal(MSG.monitoringQueryInvalid));

/** A report's region, month and figures, in the order a list row and an export row show them. */
const placeAndFigures = (r: ReportRecord) => ({
  provinsi: r.provinsi,
  kabupaten: r.kabupaten,
  bulan: r.bulan,
  wisnus: r.wisnus,
  wisman: r.wisman,
  pendapatan: r.pendapatan,
  tenaga_kerja: r.tenaga_kerja,
  malam_inap: r.malam_inap ?? null,
});

/**
 * GET /api/pemantauan/perlu-cek (dinas, admin): the year's months of the region flagged
 * `perlu_cek` and not yet verified, in region, village name and month order, one page (default
 * 100 rows) and `pagination`. The year's reports of the region are one Query of GSI1 (as the
 * export reads them); the names are read for the flagged villages only.
 */
export async function flaggedReports(q: z.output<typeof flaggedReportsQuery>) {
  const flagged = (await store.reportsOfYear(q.tahun, q)).filter((r) => r.perlu_cek && !r.diverifikasi);
  const villages = await getVillages(flagged.map((r) => r.kd_desa));
  const rows = flagged
    .map((r) => ({
      kd_desa: r.kd_desa,
      nama_desa: villages.get(r.kd_desa)?.nama_desa ?? '',
      ...placeAndFigures(r),
      perlu_cek: true,
      alasan_cek: r.alasan_cek ?? '',
      terlambat: r.terlambat,
      updated_at: r.updated_at,
    }))
    .sort(
      (a, b) =>
        a.provinsi.localeCompare(b.provinsi) ||
        a.kabupaten.localeCompare(b.kabupaten) ||
        a.nama_desa.localeCompare(b.nama_desa) ||
        a.kd_desa.localeCompare(b.kd_desa) ||
        a.bulan.localeCompare(b.bulan),
    );
  return listPage(rows, { page: q.page ?? 1, limit: q.limit ?? 100 });
}

/** GET /api/pemantauan/export: a year, a region, the file's format, and `tautan=1` for the link as JSON. */
export const monitoringExportQuery = z
  .object({
    tahun: yearParam,
    format: z.enum(['xlsx', 'csv']).default('xlsx').meta({ description: 'xlsx (default) or csv' }),
    ...region,
    ...exportLinkOption,
  })
  .refine(kabupatenWithinProvinsi, withinProvince);
refusals.add(monitoringExportQuery, namingRefusal(MSG.monitoringQueryInvalid));

/** The most rows one export holds (about the village export's cells at 50,000 villages): a larger one is refused, before reading it. */
export const MONITORING_EXPORT_MAX_ROWS = 75_000;

/** The export's sheet: one row per village and month (headers as an office reads them). */
const MONITORING_COLUMNS: readonly Column[] = [
  ...VILLAGE_COLUMNS,
  column('bulan', 'Bulan', 10),
  column('wisnus', 'Wisatawan nusantara', 14, 'number'),
  column('wisman', 'Wisatawan mancanegara', 14, 'number'),
  column('pendapatan', 'Pendapatan (Rp)', 18, 'number'),
  column('tenaga_kerja', 'Tenaga kerja', 12, 'number'),
  column('malam_inap', 'Malam inap', 12, 'number'),
  column('kategori', 'Kategori saat lapor', 14),
  column('terlambat', 'Terlambat', 10, 'yes-no'),
  column('perlu_cek', 'Perlu cek', 10, 'yes-no'),
  column('alasan_cek', 'Alasan cek', 40),
  column('diverifikasi', 'Terverifikasi', 12, 'yes-no'),
  column('diverifikasi_oleh', 'Diverifikasi oleh', 18),
  column('diverifikasi_at', 'Diverifikasi', 18, 'date'),
  column('alasan_koreksi', 'Alasan koreksi', 30),
  column('catatan', 'Catatan', 40),
  column('created_at', 'Dilaporkan', 18, 'date'),
  column('updated_at', 'Diubah', 18, 'date'),
];

/**
 * GET /api/pemantauan/export (dinas, admin): the year's reports of the region (none: every
 * region) as a file, one row per village and month in region, name and month order, a deleted
 * village's months included (their name empty). The region's report count is read from the
 * counters first: more than MONITORING_EXPORT_MAX_ROWS is 413 before any report is read.
 */
export async function monitoringExport(q: z.output<typeof monitoringExportQuery>): Promise<ExportFile> {
  const regionPrefix = q.provinsi ? `${regionPart(q.provinsi)}#${q.kabupaten ? `${regionPart(q.kabupaten)}#` : ''}` : '';
  const inScope = (r: { provinsi?: unknown; kabupaten?: unknown }) => `${regionKeyOf(r)}#`.startsWith(regionPrefix);
  const months = monthsFrom(`${q.tahun}-01`, `${q.tahun}-12`);
  // (a kabupaten ends its counters' key: no `#` after it)
  const keyPrefix = q.kabupaten ? regionPrefix.slice(0, -1) : regionPrefix;
  const counters = await store.reportCounters(q.tahun, regionPrefix ? months.map((m) => `${m}#${keyPrefix}`) : ['']);
  const rowCount = counters.filter(inScope).reduce((n, c) => n + Number(c.n_lapor ?? 0), 0);
  if (rowCount > MONITORING_EXPORT_MAX_ROWS) throw tooLarge(MSG.monitoringExportTooLarge);
  const [list, villages] = await Promise.all([
    store.reportsOfYear(q.tahun, q),
    q.provinsi ? filteredVillages({ provinsi: q.provinsi, kabupaten: q.kabupaten }) : listVillages(),
  ]);
  const names = new Map(villages.map((v) => [v.kd_desa, v.nama_desa]));
  const at = (iso?: string) => (iso ? new Date(iso) : null);
  const rows = list
    .map((r) => ({ r, nama: names.get(r.kd_desa) ?? '' }))
    .sort(
      (a, b) =>
        a.r.provinsi.localeCompare(b.r.provinsi) ||
        a.r.kabupaten.localeCompare(b.r.kabupaten) ||
        a.nama.localeCompare(b.nama) ||
        a.r.kd_desa.localeCompare(b.r.kd_desa) ||
        a.r.bulan.localeCompare(b.r.bulan),
    )
    .map(({ r, nama }): Record<string, Cell> => ({
      kd_desa: r.kd_desa,
      nama_desa: nama || null,
      ...placeAndFigures(r),
      kategori: r.kategori ? CATEGORY_NAMES[r.kategori] : null,
      terlambat: r.terlambat,
      perlu_cek: r.perlu_cek,
      alasan_cek: r.alasan_cek ?? null,
      diverifikasi: r.diverifikasi,
      diverifikasi_oleh: r.diverifikasi_oleh ?? null,
      diverifikasi_at: at(r.diverifikasi_at),
      alasan_koreksi: r.alasan_koreksi ?? null,
      catatan: r.catatan ?? null,
      created_at: at(r.created_at),
      updated_at: at(r.updated_at),
    }));
  return spreadsheet(`pemantauan-${q.tahun}`, q.format, rows, MONITORING_COLUMNS, 'Pemantauan');
}

/** An object without its undefined values (a record as stored). */
function dropUndefined<T extends object>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as never;
}
