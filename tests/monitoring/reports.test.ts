/**
 * Monitoring's writes (docs/monitoring.md): a village's monthly report by its manager, its
 * verification and correction by the office, the flags, the history, and every refusal —
 * through API Gateway events against the run's DynamoDB Local.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { setClock } from '../../lib/platform/clock';
import { monthPlus, thisMonth } from '../../lib/domain/monitoring';
import { uniqueName } from '../support/api';
import { allItems } from '../support/table';
import { withFaultAt } from '../support/faults';
import { makeUsers } from '../support/users';
import { makeVillage } from '../support/villages';
import { expectReportCountersMatchRecount, figures, monitoring, monthsAgo, report } from '../support/monitoring';

afterEach(() => setClock());

/** A province of its own with a village, its manager, another manager, dinas and admin. */
async function setting() {
  const provinsi = uniqueName('Provinsi Pantau');
  const [owner, other, dinas, admin] = await makeUsers('pengelola', 'pengelola', 'dinas', 'admin');
  const village = await makeVillage(owner, { provinsi, kabupaten: 'Sleman' });
  return { provinsi, owner, other, dinas, admin, kd: village.kd_desa };
}

const reportItems = async (kd: string) => (await allItems()).filter((i) => i.PK === `LAPORAN#${kd}`);
const entries = async (kd: string) =>
  (await allItems())
    .filter((i) => i.PK === `HIST#${kd}` && String(i.action).startsWith('report.'))
    .sort((a, b) => String(a.SK).localeCompare(String(b.SK)));

describe('a village’s monthly report', () => {
  it('its manager reports a month (200, the report, its history entry and counters); the same figures again write nothing', async () => {
    const { owner, kd } = await setting();
    const bulan = thisMonth();
    const res = await monitoring.put(kd, bulan, figures({ malam_inap: 80, catatan: 'Musim libur sekolah' }), owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      message: MSG.reportSaved,
      data: {
        kd_desa: kd,
        bulan,
        ...figures(),
        malam_inap: 80,
        catatan: 'Musim libur sekolah',
        terlambat: false,
        perlu_cek: false,
        diverifikasi: false,
      },
    });
    expect(res.body.data).not.toHaveProperty('provinsi');
    const [created] = await entries(kd);
    expect(created).toMatchObject({ action: 'report.created', record: `${kd}/${bulan}`, actor_id: String(owner.id) });
    expect(created!.changes.wisnus).toEqual({ after: 1000 });
    await expectReportCountersMatchRecount();

    const before = JSON.stringify(await allItems());
    const again = await monitoring.put(kd, bulan, figures({ malam_inap: 80, catatan: 'Musim libur sekolah' }), owner.token);
    expect(again.statusCode).toBe(200);
    expect(again.body.data).toEqual(res.body.data);
    expect(JSON.stringify(await allItems())).toBe(before);

    // a change: before → after of what changed; a figure left out is none
    const changed = await monitoring.put(kd, bulan, figures({ wisnus: 1100 }), owner.token);
    expect(changed.statusCode).toBe(200);
    expect(changed.body.data).not.toHaveProperty('malam_inap');
    const last = (await entries(kd)).at(-1)!;
    expect(last.action).toBe('report.updated');
    expect(last.changes).toMatchObject({
      wisnus: { before: 1000, after: 1100 },
      malam_inap: { before: 80 },
      catatan: { before: 'Musim libur sekolah' },
    });
    expect((await reportItems(kd))[0]).toMatchObject({ version: 2, wisnus: 1100 });
    await expectReportCountersMatchRecount();
  });

  it('GET: the owner, dinas and admin see the months of a range with the due months that have none; others 403, unknown 404', async () => {
    const { owner, other, dinas, admin, kd } = await setting();
    await report(kd, monthsAgo(2), owner.token);
    await report(kd, '2024-03', owner.token); // back-filled before the village existed
    for (const token of [owner.token, dinas.token, admin.token]) {
      const res = await monitoring.village(kd, token);
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toMatchObject({ kd_desa: kd, dari: monthsAgo(11), sampai: thisMonth() });
      expect(res.body.data.laporan.map((r: { bulan: string }) => r.bulan)).toEqual([monthsAgo(2)]);
      // created this month: nothing was due before last month
      expect(res.body.data.belum_lapor).toEqual([]);
    }
    const range = await monitoring.village(kd, owner.token, { dari: '2024-01', sampai: '2024-12' });
    expect(range.body.data.laporan.map((r: { bulan: string }) => r.bulan)).toEqual(['2024-03']);
    expect((await monitoring.village(kd, other.token)).body).toEqual({ status: 'fail', message: MSG.villageOwnerOnly });
    expect((await monitoring.village('DESA-tidakada00', dinas.token)).body).toEqual({ status: 'fail', message: MSG.villageNotFound });
    expect((await monitoring.village(kd)).statusCode).toBe(401);
    const reversed = await monitoring.village(kd, owner.token, { dari: '2024-05', sampai: '2024-01' });
    expect(reversed.body).toEqual({ status: 'fail', message: MSG.monitoringRangeInvalid });
    const tooLong = await monitoring.village(kd, owner.token, { dari: '2010-01', sampai: '2024-01' });
    expect(tooLong.body).toEqual({ status: 'fail', message: MSG.monitoringRangeInvalid });
    for (const [query, field] of [
      [{ dari: '2026-13' }, 'dari'],
      [{ sampai: '0000-00' }, 'sampai'],
      [{ sampai: monthPlus(thisMonth(), 1) }, 'sampai'],
    ] as const) {
      const res = await monitoring.village(kd, owner.token, query);
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: `${MSG.monitoringQueryInvalid}: ${field}` });
    }
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const { owner, kd, provinsi } = await setting();
    const bulan = monthsAgo(1);
    const cases: [unknown, string][] = [
      [figures({ wisnus: 1.5 }), 'wisnus'],
      [figures({ wisman: -1 }), 'wisman'],
      [figures({ pendapatan: '50000000' }), 'pendapatan'],
      [figures({ tenaga_kerja: null }), 'tenaga_kerja'],
      [figures({ malam_inap: 2_000_000 }), 'malam_inap'],
      [figures({ pendapatan: 100_000_000_001 }), 'pendapatan'],
      [figures({ catatan: 'x'.repeat(2001) }), 'catatan'],
      [figures({ lain: 1 }), 'lain'],
      [{ wisnus: 1 }, 'wisman, pendapatan, tenaga_kerja'],
      [figures({ alasan: '   ' }), 'alasan'],
    ];
    for (const [body, named] of cases) {
      const res = await monitoring.put(kd, bulan, body, owner.token);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toBe(`${MSG.reportInvalid}: ${named}`);
    }
    expect((await monitoring.put(kd, bulan, figures({ wisnus: 'x' }), owner.token)).body.fields).toEqual({ wisnus: MSG.fieldReportWisnus });
    // numbers JSON cannot carry, or too long to be exact
    const raw = (text: string) => monitoring.put(kd, bulan, text, owner.token);
    const twenty = await raw('{"wisnus":12345678901234567890,"wisman":0,"pendapatan":0,"tenaga_kerja":0}');
    expect(twenty.body.message).toBe(`${MSG.reportInvalid}: wisnus`);
    for (const text of [
      '{"wisnus":NaN,"wisman":0,"pendapatan":0,"tenaga_kerja":0}',
      '{"wisnus":Infinity,"wisman":0,"pendapatan":0,"tenaga_kerja":0}',
    ])
      expect((await raw(text)).body).toEqual({ status: 'fail', message: MSG.invalidJson });
    // the month in the path
    for (const m of ['2026-13', '0000-00', '1999-12', '2026-5', 'abc', monthPlus(thisMonth(), 1), monthPlus(thisMonth(), 13)]) {
      const res = await monitoring.put(kd, m, figures(), owner.token);
      expect(res.statusCode, m).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.reportMonthInvalid });
    }
    expect(await reportItems(kd)).toEqual([]);
    expect(await entries(kd)).toEqual([]);
    expect((await allItems()).filter((i) => String(i.PK).startsWith('REKAPLAPORAN#') && i.provinsi === provinsi)).toEqual([]);
  });

  it('only the village’s manager reports it: another manager 403, dinas and admin 403 on a month not verified, unknown village 404', async () => {
    const { owner, other, dinas, admin, kd } = await setting();
    const bulan = monthsAgo(1);
    expect((await monitoring.put(kd, bulan, figures(), other.token)).body).toEqual({ status: 'fail', message: MSG.villageOwnerOnly });
    for (const token of [dinas.token, admin.token])
      expect((await monitoring.put(kd, bulan, figures({ alasan: 'koreksi' }), token)).body).toEqual({
        status: 'fail',
        message: MSG.reportOfficeCorrectsVerified,
      });
    await report(kd, bulan, owner.token);
    const refused = await monitoring.put(kd, bulan, figures({ wisnus: 5, alasan: 'koreksi' }), dinas.token);
    expect(refused.statusCode).toBe(403);
    expect((await monitoring.put('DESA-tidakada00', bulan, figures(), owner.token)).body).toEqual({
      status: 'fail',
      message: MSG.villageNotFound,
    });
    expect((await monitoring.put(kd, bulan, figures())).statusCode).toBe(401);
    expect((await reportItems(kd)).map((r) => r.wisnus)).toEqual([1000]);
  });

  it('verified by dinas: locked for its manager (409); dinas and admin correct it with a reason the history keeps', async () => {
    const { owner, dinas, admin, kd } = await setting();
    const bulan = monthsAgo(1);
    expect((await monitoring.verify(kd, bulan, dinas.token)).body).toEqual({ status: 'fail', message: MSG.reportNotFound });
    expect((await monitoring.verify(kd, bulan, owner.token)).body).toEqual({ status: 'fail', message: MSG.officeOnlyMonitoring });
    await report(kd, bulan, owner.token);
    const verified = await monitoring.verify(kd, bulan, dinas.token);
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toMatchObject({ message: MSG.reportVerified, data: { diverifikasi: true, diverifikasi_oleh: dinas.username } });
    expect(verified.body.data.diverifikasi_at).toBe(verified.body.data.updated_at);
    // again: nothing changes
    const n = (await entries(kd)).length;
    expect((await monitoring.verify(kd, bulan, admin.token)).body.data).toEqual(verified.body.data);
    expect(await entries(kd)).toHaveLength(n);
    expect((await entries(kd)).at(-1)).toMatchObject({
      action: 'report.verified',
      changes: { diverifikasi: { before: false, after: true } },
    });
    await expectReportCountersMatchRecount();

    expect((await monitoring.put(kd, bulan, figures({ wisnus: 900 }), owner.token)).body).toEqual({
      status: 'fail',
      message: MSG.reportVerifiedLocked,
    });
    const noReason = await monitoring.put(kd, bulan, figures({ wisnus: 900 }), dinas.token);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toEqual({ status: 'fail', message: MSG.reportCorrectionReasonMissing });
    const alasan = 'Salah ketik: 1000 seharusnya 900 (dikonfirmasi lewat telepon dengan pengelola)';
    const corrected = await monitoring.put(kd, bulan, figures({ wisnus: 900, alasan }), admin.token);
    expect(corrected.statusCode).toBe(200);
    expect(corrected.body.data).toMatchObject({
      wisnus: 900,
      diverifikasi: true,
      alasan_koreksi: alasan,
      dikoreksi_oleh: admin.username,
    });
    const entry = (await entries(kd)).at(-1)!;
    expect(entry).toMatchObject({ action: 'report.corrected', actor_role: 'admin', snapshot: { alasan_koreksi: alasan } });
    expect(entry.changes.wisnus).toEqual({ before: 1000, after: 900 });
    await expectReportCountersMatchRecount();
  });

  it('flags a figure far over the village’s own pattern, and visitors without revenue where it had some (perlu_cek), without refusing', async () => {
    const { owner, kd } = await setting();
    for (const m of ['2025-01', '2025-02', '2025-03', '2025-04'])
      await report(kd, m, owner.token, { wisnus: 100, wisman: 0, pendapatan: 1_000_000, tenaga_kerja: 10 });
    const fit = await report(kd, '2025-05', owner.token, { wisnus: 450, wisman: 3, pendapatan: 1_200_000, tenaga_kerja: 10 });
    expect(fit).toMatchObject({ perlu_cek: false });
    expect(fit).not.toHaveProperty('alasan_cek');
    const spike = await report(kd, '2025-06', owner.token, { wisnus: 600, wisman: 0, pendapatan: 9_000_000, tenaga_kerja: 10 });
    expect(spike).toMatchObject({ perlu_cek: true, alasan_cek: `${MSG.reportCheckSpike}: wisnus, pendapatan` });
    const free = await report(kd, '2025-07', owner.token, { wisnus: 120, wisman: 0, pendapatan: 0, tenaga_kerja: 10 });
    expect(free).toMatchObject({ perlu_cek: true, alasan_cek: MSG.reportCheckNoRevenue });
    // corrected by its manager: no longer flagged
    const fixed = await report(kd, '2025-07', owner.token, { wisnus: 120, wisman: 0, pendapatan: 1_100_000, tenaga_kerja: 10 });
    expect(fixed).toMatchObject({ perlu_cek: false });
    expect(fixed).not.toHaveProperty('alasan_cek');
    // a village without a pattern yet (fewer than three earlier months) is not flagged
    const { owner: o2, kd: kd2 } = await setting();
    await report(kd2, '2025-01', o2.token, { wisnus: 10 });
    expect(await report(kd2, '2025-02', o2.token, { wisnus: 10_000 })).toMatchObject({ perlu_cek: false });
    await expectReportCountersMatchRecount();
  });

  it('a report first written after the 10th of the next month (WIB) is late, kept and marked; the current month can be reported, the next not', async () => {
    const { owner, kd } = await setting();
    const { owner: o2, kd: kd2 } = await setting();
    setClock(() => Date.parse('2025-03-10T23:59:59+07:00'));
    expect(await report(kd, '2025-02', owner.token)).toMatchObject({ terlambat: false });
    expect(await report(kd, '2025-03', owner.token)).toMatchObject({ terlambat: false });
    expect((await monitoring.put(kd, '2025-04', figures(), owner.token)).body.message).toBe(MSG.reportMonthInvalid);
    setClock(() => Date.parse('2025-03-11T00:00:00+07:00'));
    expect(await report(kd2, '2025-02', o2.token)).toMatchObject({ terlambat: true });
    // a later change does not make a month reported in time late
    expect(await report(kd, '2025-02', owner.token, { wisnus: 999 })).toMatchObject({ terlambat: false });
    await expectReportCountersMatchRecount();
  });

  it('twenty parallel PUTs of the same month: one report, each change its history entry in order, counters equal to a recount', async () => {
    const { owner, kd } = await setting();
    const bulan = monthsAgo(3);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => monitoring.put(kd, bulan, figures({ wisnus: 2000 + i }), owner.token)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const stored = await reportItems(kd);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.version).toBe(20);
    const log = await entries(kd);
    expect(log.map((e) => e.action).sort()).toEqual(['report.created', ...Array(19).fill('report.updated')]);
    // a chain from the created figures: each change starts where exactly one other ended, the last is what is stored
    const byBefore = new Map(log.filter((e) => e.action === 'report.updated').map((e) => [e.changes.wisnus.before, e]));
    expect(byBefore.size).toBe(19);
    const created = log.find((e) => e.action === 'report.created')!;
    let at = created.changes.wisnus.after;
    let when = String(created.at);
    for (let n = 0; n < 19; n++) {
      const e = byBefore.get(at);
      expect(e, `a gap after ${at}`).toBeDefined();
      // in time order too (entries of the same millisecond tie)
      expect(String(e!.at) >= when).toBe(true);
      when = String(e!.at);
      at = e!.changes.wisnus.after;
    }
    expect(at).toBe(stored[0]!.wisnus);
    await expectReportCountersMatchRecount();

    // the same figures twenty times: one report, one entry
    const same = monthsAgo(4);
    const identical = await Promise.all(Array.from({ length: 20 }, () => monitoring.put(kd, same, figures(), owner.token)));
    expect(identical.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await entries(kd)).filter((e) => e.record === `${kd}/${same}`)).toHaveLength(1);
    await expectReportCountersMatchRecount();
  });

  it('DynamoDB failing at any call of a PUT or a verification: no half-written report, counter or entry; the retry succeeds', async () => {
    const { owner, dinas, kd } = await setting();
    const bulan = monthsAgo(5);
    const state = async () =>
      JSON.stringify(
        (await allItems()).filter((i) => i.PK === `LAPORAN#${kd}` || i.PK === `HIST#${kd}` || String(i.PK).startsWith('REKAPLAPORAN#')),
      );
    const writes: [string, () => ReturnType<typeof monitoring.put>][] = [
      ['new month', () => monitoring.put(kd, bulan, figures(), owner.token)],
      ['change', () => monitoring.put(kd, bulan, figures({ wisnus: 1234 }), owner.token)],
      ['verification', () => monitoring.verify(kd, bulan, dinas.token)],
    ];
    for (const [what, write] of writes) {
      for (let step = 1; ; step++) {
        const before = await state();
        const run = await withFaultAt(step, write);
        if (!run.faulted) {
          expect(run.result.statusCode, `${what}: unfaulted`).toBe(200);
          break;
        }
        expect(run.result.statusCode, `${what}: fault at ${run.faulted}`).toBeGreaterThanOrEqual(500);
        expect(await state(), `${what}: fault at ${run.faulted}`).toBe(before);
      }
      await expectReportCountersMatchRecount();
    }
    expect((await reportItems(kd))[0]).toMatchObject({ wisnus: 1234, diverifikasi: true, version: 3 });
  });

  it('a village that moves to another kabupaten takes a month with it on the month’s next write', async () => {
    const { owner, kd, provinsi } = await setting();
    const bulan = monthsAgo(2);
    await report(kd, bulan, owner.token);
    const { handler: updateVillage } = await import('../../functions/villages/update');
    const { invoke } = await import('../support/api');
    const { villageBody } = await import('../support/villages');
    const moved = await invoke(updateVillage, {
      method: 'PUT',
      resource: '/api/desa-wisata/{kd_desa}',
      pathParameters: { kd_desa: kd },
      body: villageBody(owner.email, { provinsi, kabupaten: 'Bantul' }),
      token: owner.token,
    });
    expect(moved.statusCode).toBe(200);
    await report(kd, bulan, owner.token, { wisnus: 1500 });
    await expectReportCountersMatchRecount();
    const counters = (await allItems()).filter((i) => String(i.PK).startsWith('REKAPLAPORAN#') && String(i.SK).startsWith(bulan));
    const mine = counters.filter((c) => c.provinsi === provinsi);
    expect(mine.map((c) => [c.kabupaten, c.n_lapor ?? 0, c.wisnus ?? 0]).sort()).toEqual([
      ['Bantul', 1, 1500],
      ['Sleman', 0, 0],
    ]);
  });
});
