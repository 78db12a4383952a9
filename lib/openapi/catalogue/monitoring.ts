/** The catalogue of functions/monitoring (docs/monitoring.md). */
import * as z from 'zod';
import { MSG } from '../../contract/messages';
import { kdDesaParams } from '../../contract/inputs';
import { REPORT_FIGURES, reports } from '../../db/reports';
import { KATEGORI } from '../../db/scores';
import {
  MONITORING_EXPORT_MAX_ROWS,
  flaggedReportsQuery,
  missingReportsQuery,
  monitoringExportQuery,
  monitoringSummaryQuery,
  reportInput,
  reportParams,
  villageReportsQuery,
} from '../../domain/monitoring';
import { reportReminderInput } from '../../domain/monitoring-reminders';
import * as R from '../responses';
import {
  area,
  e,
  fileAnswers,
  json,
  ok,
  okData,
  oncePer,
  ownerOnlyError,
  pagingInvalid,
  refusedRoles,
  trips,
  villageMissing,
  type AreaDocs,
} from './shared';

const entry = area('Pemantauan');

const Report = reports.publicSchema;
const month = z.string().meta({ description: 'YYYY-MM', examples: ['2026-05'] });
const count = z.number().int();
const Figures = z
  .object({
    ...Object.fromEntries(REPORT_FIGURES.map((f) => [f, count])),
    n_lapor: count.meta({ description: 'Reports (villages that reported, per month)' }),
    n_verifikasi: count.meta({ description: 'Reports verified by the office' }),
    n_cek: count.meta({ description: 'Reports flagged perlu_cek' }),
    n_terlambat: count.meta({ description: 'Reports first written after the 10th of the next month' }),
  })
  .meta({
    id: 'MonitoringFigures',
    description:
      'Sums over the villages (and months): tenaga_kerja over several months is person-months; malam_inap counts the villages that reported it',
  });
const Change = z
  .object(
    Object.fromEntries(
      REPORT_FIGURES.map((f) => [
        f,
        z.object({
          selisih: count,
          persen: z.number().nullable().meta({ description: 'Percent, one decimal; null when the year before was 0' }),
        }),
      ]),
    ),
  )
  .meta({ id: 'MonitoringChange', description: 'Each figure against the same months a year before' });
const Period = Figures.extend({ tahun_lalu: Figures, perubahan: Change });
const categoryName = z.enum([...KATEGORI, 'belum_dinilai']).meta({ description: 'The village’s score category; belum_dinilai: no score' });
const CategoryFigures = Figures.extend({
  kategori: categoryName,
  desa: count.meta({ description: 'Villages of the category in scope today (the statistics’ region counters)' }),
}).meta({
  id: 'MonitoringCategoryFigures',
  description:
    'The figures of the reports written while their village was of the category (a report counts in the category its village had when its figures were last written); reports written before categories were counted are in no category',
});
const span = z.object({ dari: month, sampai: month });
const Summary = z
  .object({
    tahun: count,
    bulan: z.string().nullable(),
    provinsi: z.string().nullable(),
    kabupaten: z.string().nullable(),
    periode: span.meta({ description: 'The months summed (the current year: through this month)' }),
    pembanding: span.meta({ description: 'The same months a year before' }),
    desa: count.meta({ description: 'Villages in scope today (the statistics’ region counters)' }),
    total: Period,
    per_bulan: z.array(
      Period.extend({
        bulan: month,
        belum_lapor: count.meta({ description: 'desa − n_lapor (at least 0)' }),
        per_kategori: z.array(CategoryFigures.extend({ belum_lapor: count.meta({ description: 'desa − n_lapor (at least 0)' }) })),
      }),
    ),
    per_kategori: z
      .array(CategoryFigures)
      .meta({ description: 'The period per category: Mandiri, Maju, Berkembang, Rintisan, belum_dinilai' }),
    wilayah: z.array(
      Period.extend({
        provinsi: z.string(),
        kabupaten: z.string(),
        desa: count,
        per_bulan: z.array(Figures.extend({ bulan: month })),
      }),
    ),
  })
  .meta({ id: 'MonitoringSummary' });
const VillageReports = z
  .object({
    kd_desa: z.string(),
    nama_desa: z.string(),
    dari: month,
    sampai: month,
    laporan: z.array(Report).meta({ description: 'Oldest first' }),
    belum_lapor: z.array(month).meta({
      description: 'Months of the range that are due and have no report: from the village’s first month through last month',
    }),
  })
  .meta({ id: 'VillageMonthlyReports' });
const MissingRow = z
  .object({
    kd_desa: z.string(),
    nama_desa: z.string(),
    provinsi: z.string(),
    kabupaten: z.string(),
    pengelola: z.string(),
    nomor_telepon: z.string(),
    email: z.string(),
  })
  .meta({ id: 'MonitoringMissingVillage' });
const FlaggedRow = z
  .object({
    kd_desa: z.string(),
    nama_desa: z.string().meta({ description: 'Empty for a village deleted since' }),
    provinsi: z.string().meta({ description: 'The region the report counts in' }),
    kabupaten: z.string(),
    bulan: month,
    ...Object.fromEntries(REPORT_FIGURES.filter((f) => f !== 'malam_inap').map((f) => [f, count])),
    malam_inap: count.nullable(),
    perlu_cek: z.literal(true),
    alasan_cek: z.string().meta({ description: 'Why the month needs a look (reasons joined by "; ")' }),
    terlambat: z.boolean(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'MonitoringFlaggedMonth' });

const officeCorrectsVerified = e(
  403,
  MSG.reportOfficeCorrectsVerified,
  'dinas or admin on a month that is not verified (or has no report)',
);
const monthInvalid = e(400, MSG.reportMonthInvalid, 'bulan is not a month YYYY-MM from 2000-01 through this month (WIB)');

export const MONITORING_DOCS = {
  'PUT /api/pemantauan/desa/{kd_desa}/{bulan}': entry('Report a village’s figures of a month', {
    facts: {
      ...trips(
        3,
        'token, village ∥ the month with the 12 reported before it, then report + village check + region-month counters + history in one transaction',
        'report.created',
      ),
      roleRefusals: [
        refusedRoles(
          ['admin', 'dinas'],
          officeCorrectsVerified,
          'the documented month is its manager’s and not verified: the office corrects only a verified one',
        ),
      ],
    },
    description: `The village’s own pengelola, for any month from 2000-01 through this month (WIB; back-filling is allowed), the whole month each time (a figure left out is none). A report first written after the 10th of the next month is kept and marked \`terlambat\`. A figure over 5× its median of the village’s last 12 reported months (with at least 3 of them), or visitors with zero revenue where those months had revenue, is flagged \`perlu_cek\`, not refused; \`alasan_cek\` says why: "${MSG.reportCheckSpike}: <figures>" and/or "${MSG.reportCheckNoRevenue}" (joined by "; "). Once verified, only dinas and admin change it, with \`alasan\` (history \`report.corrected\`, the reason kept whole). The same figures again write nothing (no history entry).`,
    params: reportParams,
    request: json(reportInput, { wisnus: 1250, wisman: 40, pendapatan: 87_500_000, tenaga_kerja: 35, malam_inap: 180 }),
    success: ok(R.success({ message: R.message(MSG.reportSaved), data: Report })),
    errors: [
      monthInvalid,
      e(400, MSG.reportCorrectionReasonMissing, 'dinas or admin correct a verified month without alasan'),
      ownerOnlyError,
      officeCorrectsVerified,
      villageMissing,
      e(409, MSG.reportVerifiedLocked, 'The village’s pengelola on a verified month'),
    ],
  }),
  'POST /api/pemantauan/desa/{kd_desa}/{bulan}/verifikasi': entry('Verify a village’s report of a month', {
    facts: trips(3, 'token, village ∥ report, then report + counters + history in one transaction', 'report.verified'),
    description:
      'dinas and admin: the month is verified (`diverifikasi_oleh`, `diverifikasi_at`); from then on only they change it, with a reason. A verified month again: 200, nothing changes.',
    params: reportParams,
    success: ok(R.success({ message: R.message(MSG.reportVerified), data: Report })),
    errors: [monthInvalid, villageMissing, e(404, MSG.reportNotFound, 'The village has no report of the month')],
  }),
  'GET /api/pemantauan/desa/{kd_desa}': entry('A village’s monthly reports', {
    facts: trips(2, 'token, then village ∥ the reports of the range (one Query)'),
    description:
      'The village’s own pengelola, dinas and admin: the reports from `dari` through `sampai` (default the twelve months through this one; at most 120), oldest first, and the months that are due and have none (`belum_lapor`).',
    params: kdDesaParams,
    query: villageReportsQuery,
    success: okData(VillageReports),
    errors: [
      e(400, MSG.monitoringRangeInvalid, 'dari is after sampai, or the range is longer than 120 months'),
      ownerOnlyError,
      villageMissing,
    ],
  }),
  'GET /api/pemantauan/rekap': entry('A region’s monthly figures against a year before', {
    facts: trips(2, 'token, then the year’s report counters ∥ the year before’s ∥ the region counters'),
    description:
      'dinas and admin: the sums of the year’s months (through this month for the current year; `bulan`: that month only) for the region asked (none: every region), overall, per month and per kabupaten, against the same months a year before, with the villages in scope today, reported, verified, flagged and late; and per score category (`per_kategori`, overall and in each month): the villages of the category in scope today against the reports written while their village was of it. From counters kept by the writes: its cost follows regions × months, never villages.',
    query: monitoringSummaryQuery,
    success: okData(Summary),
  }),
  'GET /api/pemantauan/belum-lapor': entry('The villages without a report of a month', {
    facts: trips(3, 'token, the villages in scope (a region’s by its index), then their reports of the month (BatchGetItem)'),
    description:
      'dinas and admin: the villages of the region (none: every village) that existed in the month and have no report of it, with their manager’s contact, in region and name order; one page (default 100 rows) and `pagination`. Only the region’s villages are read.',
    query: missingReportsQuery,
    success: ok(R.success({ data: z.array(MissingRow), pagination: R.Pagination })),
    errors: [pagingInvalid],
  }),
  'GET /api/pemantauan/perlu-cek': entry('The flagged months not yet verified', {
    facts: trips(3, 'token, the year’s reports of the region (one Query of GSI1), then the flagged villages’ names (BatchGetItem)'),
    description:
      'dinas and admin: the months of the year flagged `perlu_cek` that the office has not verified yet, for the region asked (none: every region), in region, village name and month order, each with its figures and reason; one page (default 100 rows) and `pagination`. A verified month leaves the list.',
    query: flaggedReportsQuery,
    success: ok(R.success({ data: z.array(FlaggedRow), pagination: R.Pagination })),
    errors: [pagingInvalid],
  }),
  'GET /api/pemantauan/export': entry('A year’s monthly reports as a spreadsheet (XLSX) or CSV file', {
    facts: trips(
      3,
      'token, the year’s report counters of the region (the row count), then its reports (one Query of GSI1) ∥ its villages’ names',
    ),
    description: `dinas and admin: one row per village and month of the year, for the region asked (none: every region), in region, village name and month order: code, name (empty for a village deleted since), the region and category the report counts in, the figures, \`terlambat\`, \`perlu_cek\` with its reason, verified (by whom, when), the correction’s reason, the note, when reported and changed. A deleted village’s months are included. More than ${MONITORING_EXPORT_MAX_ROWS.toLocaleString('en')} rows is 413 before anything else is read (narrow it by provinsi or kabupaten). Free text that a spreadsheet would run as a formula is written as text. XLSX: a bold, frozen header row with a filter, numbers as numbers, times as dates. CSV: UTF-8 with a byte-order mark, compressed for clients that take gzip.`,
    query: monitoringExportQuery,
    ...fileAnswers,
    errors: [e(413, MSG.monitoringExportTooLarge, `more than ${MONITORING_EXPORT_MAX_ROWS} reports in the year and region`)],
  }),
  'POST /api/pemantauan/pengingat': entry('Remind the villages without a month’s report', {
    facts: oncePer(
      trips(
        4,
        'token, the villages in scope (a region’s by its index) ∥ the region’s reminder of the day, their reports of the month (BatchGetItem), then the reminder + history entry + one outbox item in one transaction ∥ the managers’ switches',
        'report.reminded',
      ),
      ['provinsi'],
      'day (WIB)',
    ),
    description:
      'dinas and admin: a mail to the manager of each village of the region (none: every village) that existed in the month and has no report of it, naming all such villages of theirs with their page (/pemantauan/desa/{kd_desa}), unless they turned reminders off (PUT /api/akun/notifikasi). At most one a day (WIB) per region, whatever the month; besides the automatic ones (from 08:00 WIB: on the 1st of a month for the month before, and on the 8th to those still missing). `desa` and `pengelola` count the villages without a report now and their managers who will be mailed; the drain finds them again when it sends (every minute), so a village that reports meanwhile is not reminded.',
    request: json(reportReminderInput, { bulan: '2026-10', provinsi: 'Jawa Tengah' }),
    success: {
      status: 202,
      description: 'Accepted: the reminder is queued',
      schema: R.success({
        message: R.message(MSG.reportReminderQueued),
        data: z.object({
          bulan: month,
          tanggal: z.iso.date().meta({ description: 'The day of the reminder (WIB)' }),
          provinsi: z.string().nullable(),
          kabupaten: z.string().nullable(),
          desa: count.meta({ description: 'Villages in scope without a report of the month, now' }),
          pengelola: count.meta({ description: 'Their managers who will be mailed (reminders on)' }),
        }),
      }),
    },
    errors: [e(409, MSG.reportReminderAlreadySent, 'A reminder for this region went out today already')],
  }),
} satisfies AreaDocs;
