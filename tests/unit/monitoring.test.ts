/**
 * Monitoring's rules without DynamoDB: what a report's change derives on the unit of work
 * (`uow.plan()`: its record, history entry and region-month counters), what it adds to the
 * counters, the months and deadlines in Western Indonesian Time, and the checks that flag a month.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../lib/db/history';
import { changedReport, newReport, reportCounts, reports, type ReportRecord } from '../../lib/db/reports';
import { UnitOfWork, type PlannedStep } from '../../lib/db/unit-of-work';
import { checkReasons, isLate, isReportMonth, monthPlus, monthsFrom, reportInput, thisMonth } from '../../lib/domain/monitoring';
import { MSG } from '../../lib/contract/messages';
import { setClock } from '../../lib/platform/clock';

afterEach(() => setClock());

const base = (overrides: Partial<ReportRecord> = {}): ReportRecord =>
  newReport(
    {
      kd_desa: 'DESA-1',
      bulan: '2026-05',
      provinsi: 'DI Yogyakarta',
      kabupaten: 'Sleman',
      wisnus: 1000,
      wisman: 20,
      pendapatan: 50_000_000,
      tenaga_kerja: 30,
      terlambat: false,
      perlu_cek: false,
      ...overrides,
    },
    '2026-06-01T00:00:00.000Z',
  );
const steps = (plan: PlannedStep[]) => plan.map((s) => `${s.step} ${s.op} ${s.key}`);

describe('a report on the unit of work', () => {
  it('a new month: its record, its history entry in the village’s timeline, its region-month’s counters, its province’s year, the list version', () => {
    const uow = new UnitOfWork(SYSTEM);
    uow.create(reports, base());
    expect(steps(uow.plan())).toEqual([
      'record put LAPORAN#DESA-1 2026-05',
      expect.stringMatching(/^history put HIST#DESA-1 2026-/),
      'counter update REKAPLAPORAN#2026 2026-05#di yogyakarta#sleman',
      'counter update REKAPTAHUN di yogyakarta#2026',
      'list-version update LISTVER#reports',
    ]);
  });

  it('a change within its region and month moves its counter item (and the year’s visitors); the same figures plan nothing at all', () => {
    const current = base();
    const uow = new UnitOfWork(SYSTEM);
    expect(uow.update(reports, current, changedReport(current, { wisnus: 1200 }))).toBe(true);
    expect(steps(uow.plan()).filter((s) => s.startsWith('counter'))).toEqual([
      'counter update REKAPLAPORAN#2026 2026-05#di yogyakarta#sleman',
      'counter update REKAPTAHUN di yogyakarta#2026',
    ]);
    const jobs = new UnitOfWork(SYSTEM);
    jobs.update(reports, current, changedReport(current, { tenaga_kerja: 31 }));
    expect(steps(jobs.plan()).filter((s) => s.startsWith('counter'))).toEqual([
      'counter update REKAPLAPORAN#2026 2026-05#di yogyakarta#sleman',
    ]);
    const none = new UnitOfWork(SYSTEM);
    // only its stamp and version would move
    expect(none.update(reports, current, changedReport(current, {}))).toBe(false);
    expect(none.plan()).toEqual([]);
  });

  it('a month written again after its village moved: out of the old region’s counters, into the new one’s', () => {
    const current = base();
    const uow = new UnitOfWork(SYSTEM);
    uow.update(reports, current, changedReport(current, { kabupaten: 'Bantul' }));
    expect(steps(uow.plan()).filter((s) => s.startsWith('counter'))).toEqual([
      'counter update REKAPLAPORAN#2026 2026-05#di yogyakarta#sleman',
      'counter update REKAPLAPORAN#2026 2026-05#di yogyakarta#bantul',
    ]);
  });

  it('a verification: the record, its entry, and the counter of verified reports', () => {
    const current = base();
    const uow = new UnitOfWork(SYSTEM);
    uow.update(reports, current, changedReport(current, { diverifikasi: true, diverifikasi_oleh: 'dinas1' }), {
      action: 'report.verified',
    });
    expect(uow.plan().map((s) => s.step)).toEqual(['record', 'history', 'counter', 'list-version']);
    expect(reportCounts({ ...current, diverifikasi: true })).toEqual({ ...reportCounts(current), n_verifikasi: 1 });
  });

  it('what a report adds to its counters: each figure, and the reports, verified, flagged, late, with room-nights', () => {
    expect(reportCounts(base({ malam_inap: 40, perlu_cek: true, terlambat: true }))).toEqual({
      wisnus: 1000,
      wisman: 20,
      pendapatan: 50_000_000,
      tenaga_kerja: 30,
      malam_inap: 40,
      n_malam_inap: 1,
      n_lapor: 1,
      n_verifikasi: 0,
      n_cek: 1,
      n_terlambat: 1,
    });
    expect(reportCounts(base())).toMatchObject({ malam_inap: 0, n_malam_inap: 0 });
  });

  it('a report written with its village’s category counts again under it (kat_<kategori>_<count>); one written before: in none', () => {
    const counts = reportCounts({ ...base({ kategori: 'Maju' }), diverifikasi: true });
    expect(counts).toMatchObject({ n_lapor: 1, kat_Maju_n_lapor: 1, kat_Maju_n_verifikasi: 1, kat_Maju_wisnus: 1000 });
    expect(Object.keys(counts).filter((k) => k.startsWith('kat_'))).toHaveLength(10);
    expect(Object.keys(reportCounts(base())).some((k) => k.startsWith('kat_'))).toBe(false);
    // the village's category changed: the month moves between categories on its next write
    const current = base({ kategori: 'Maju' });
    const uow = new UnitOfWork(SYSTEM);
    uow.update(reports, current, changedReport(current, { kategori: 'Mandiri' }));
    expect(steps(uow.plan()).filter((s) => s.startsWith('counter'))).toEqual([
      'counter update REKAPLAPORAN#2026 2026-05#di yogyakarta#sleman',
    ]);
  });
});

describe('months and deadlines (WIB)', () => {
  it('months: YYYY-MM from 2000-01 through this month; counted across years', () => {
    setClock(() => Date.parse('2026-12-31T17:00:00Z')); // 1 January 2027, 00:00 WIB
    expect(thisMonth()).toBe('2027-01');
    expect(['2027-01', '2000-01', '2026-12'].every(isReportMonth)).toBe(true);
    expect(['2027-02', '1999-12', '2026-13', '0000-00', '2026-1', '2026-01-01', ' 2026-01'].some(isReportMonth)).toBe(false);
    expect(monthPlus('2026-11', 2)).toBe('2027-01');
    expect(monthPlus('2026-01', -1)).toBe('2025-12');
    expect(monthsFrom('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('a month is late once the 10th of the next month is over in Jakarta', () => {
    expect(isLate('2026-01', '2026-02-10T16:59:59.999Z')).toBe(false);
    expect(isLate('2026-01', '2026-02-10T17:00:00.000Z')).toBe(true);
    expect(isLate('2026-12', '2027-01-10T12:00:00.000Z')).toBe(false);
  });

  it('the body: whole numbers within bounds, no unknown field', () => {
    const ok = { wisnus: 0, wisman: 0, pendapatan: 0, tenaga_kerja: 0 };
    expect(reportInput.safeParse(ok).success).toBe(true);
    for (const bad of [{ wisnus: NaN }, { wisnus: Infinity }, { wisnus: 1e20 }, { wisnus: -0.5 }, { wisnus: '1' }, { lain: 1 }])
      expect(reportInput.safeParse({ ...ok, ...bad }).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('the checks that flag a month (perlu_cek)', () => {
  const month = (wisnus: number, pendapatan: number, malam_inap?: number) =>
    base({ wisnus, pendapatan, ...(malam_inap === undefined ? {} : { malam_inap }) });
  const figures = (f: Partial<ReportRecord>) => ({ wisnus: 100, wisman: 0, pendapatan: 1000, tenaga_kerja: 5, ...f });

  it('a figure over five times its median of the earlier months (three at least, a median above 0)', () => {
    const earlier = [month(100, 1000), month(120, 1000), month(80, 1000)];
    expect(checkReasons(figures({ wisnus: 500 }), earlier)).toEqual([]);
    expect(checkReasons(figures({ wisnus: 501 }), earlier)).toEqual([`${MSG.reportCheckSpike}: wisnus`]);
    expect(checkReasons(figures({ wisnus: 10_000 }), earlier.slice(0, 2))).toEqual([]);
    // no foreign visitors before: one now is no spike
    expect(checkReasons(figures({ wisman: 3 }), earlier)).toEqual([]);
    // room-nights: only the months that reported them make its pattern
    const nights = [month(100, 1000, 10), month(100, 1000, 12), month(100, 1000, 11), month(100, 1000)];
    expect(checkReasons(figures({ malam_inap: 100 }), nights)).toEqual([`${MSG.reportCheckSpike}: malam_inap`]);
  });

  it('visitors without revenue where the earlier months had some', () => {
    expect(checkReasons(figures({ pendapatan: 0 }), [month(100, 1000)])).toEqual([MSG.reportCheckNoRevenue]);
    expect(checkReasons(figures({ pendapatan: 0 }), [month(100, 0)])).toEqual([]);
    expect(checkReasons(figures({ wisnus: 0, pendapatan: 0 }), [month(100, 1000)])).toEqual([]);
    expect(checkReasons(figures({ pendapatan: 0 }), [])).toEqual([]);
  });
});
