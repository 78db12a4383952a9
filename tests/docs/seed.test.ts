/**
 * `npm run seed`: the demo data it creates (through lib/, into this file's table and the
 * test bucket), and that running it again adds nothing.
 */
import { describe, expect, it } from 'vitest';
import { handler as login } from '../../functions/auth/login';
import { handler as scoreList } from '../../functions/scores/list';
import { handler as scoreHistory } from '../../functions/history/score';
import { handler as villageDetails } from '../../functions/villages/details';
import { handler as listRounds } from '../../functions/evaluations/list';
import { handler as roundVillages } from '../../functions/evaluations/villages';
import { handler as roundSummary } from '../../functions/evaluations/summary';
import { today } from '../../lib/domain/evaluations';
import { handler as statistics } from '../../functions/statistics/get';
import { monthPlus, thisMonth } from '../../lib/domain/monitoring';
import { expectReportCountersMatchRecount, monitoring } from '../support/monitoring';
import { sniffImageType } from '../../lib/storage/image-type';
import { DEMO_LOGINS, LATE_REPORTERS, REPORT_MONTHS, SEED_VILLAGES, seedDemoData } from '../../scripts/seed-data';
import { invoke } from '../support/api';
import { bucketKeys, fetchImage } from '../support/bucket';
import { allItems } from '../support/table';

/** Items of the table by kind (the part of the key before '#'), and the bucket's objects. */
async function counts() {
  const byKind: Record<string, number> = {};
  for (const item of await allItems()) {
    const kind = `${String(item.PK).split('#')[0]}/${String(item.SK).split('#')[0]}`;
    byKind[kind] = (byKind[kind] ?? 0) + 1;
  }
  return { items: byKind, objects: (await bucketKeys()).length };
}

describe('seed', () => {
  it('creates the demo data once; a second run adds nothing', { timeout: 300_000 }, async () => {
    const lines: string[] = [];
    const first = await seedDemoData({ log: (l) => lines.push(l) });
    expect(first.created.villages).toBe(SEED_VILLAGES.length);
    expect(first.created.users).toBe(DEMO_LOGINS.length + SEED_VILLAGES.filter((v) => v.owner !== 'demo').length);
    expect(first.created.tourismDescriptions).toBe(SEED_VILLAGES.length);
    expect(first.created.villageDescriptions).toBe(SEED_VILLAGES.length);
    expect(first.created.images).toBeGreaterThan(50);
    expect(lines.length).toBeGreaterThan(0);
    const after1 = await counts();
    expect(after1.objects).toBe(first.created.images);

    const second = await seedDemoData();
    expect(
      Object.values(second.created).every((n) => n === 0),
      JSON.stringify(second.created),
    ).toBe(true);
    expect(second.villages).toEqual(first.villages);
    expect(await counts()).toEqual(after1);

    // A dozen villages across several provinces, with covers from their galleries.
    const details = await invoke(villageDetails, { method: 'GET', resource: '/api/desa-wisata/details' });
    expect(details.body.data).toHaveLength(SEED_VILLAGES.length);
    expect(new Set(details.body.data.map((v: { provinsi: string }) => v.provinsi)).size).toBeGreaterThanOrEqual(6);
    // (the details list shows cards: its cover points at the cover's WebP card)
    const cover = await fetchImage(details.body.data[0].gambar_cover);
    expect(cover && sniffImageType(cover)?.ext).toBe('webp');

    // Scores in all four categories, and an unscored village.
    const scores = await invoke(scoreList, { method: 'GET', resource: '/api/skor' });
    const categories = new Set(
      scores.body.data.filter((s: { rata_rata: number }) => s.rata_rata > 0).map((s: { kategori_desa: string }) => s.kategori_desa),
    );
    expect([...categories].sort()).toEqual(['Berkembang', 'Maju', 'Mandiri', 'Rintisan']);
    expect(scores.body.data.some((s: { rata_rata: number }) => s.rata_rata === 0)).toBe(true);

    // A history to look at: each scored village scored three times, two of them in past years, then reviewed in last
    // year's evaluation round (during its review, with the values it has: its score stays, the entry names the round).
    const [finished, open] = first.evaluations;
    const scored = scores.body.data.find((s: { rata_rata: number }) => s.rata_rata > 0) as { kd_desa: string; rata_rata: number };
    const trajectory = await invoke(scoreHistory, {
      method: 'GET',
      resource: '/api/skor/{kd_desa}/riwayat',
      pathParameters: { kd_desa: scored.kd_desa },
    });
    type Entry = { action: string; at: string; rata_rata: number; id_evaluasi?: string };
    const entries = trajectory.body.data as Entry[];
    const byHand = entries.filter((e) => !e.id_evaluasi);
    expect(byHand.map((e) => e.action)).toEqual(['score.updated', 'score.updated', 'score.created']);
    const years = byHand.map((e) => Number(e.at.slice(0, 4)));
    expect(years[0]! - years[2]!).toBe(2);
    expect(byHand[0]!.rata_rata).toBeGreaterThan(byHand[2]!.rata_rata);
    const inRound = entries.filter((e) => e.id_evaluasi === finished!.id_evaluasi);
    expect(inRound).toHaveLength(1);
    expect(inRound[0]).toMatchObject({ action: 'score.updated', rata_rata: scored.rata_rata });

    // Requests and statuses in every state; the printed logins work.
    const items = await allItems();
    const requestStates = new Set(items.filter((i) => i.kd_permintaan && i.status_permintaan).map((i) => i.status_permintaan));
    expect([...requestStates].sort()).toEqual(['diproses', 'diterima', 'ditolak', 'selesai']);
    const villageStates = new Set(items.filter((i) => i.kd_status).map((i) => i.status));
    expect([...villageStates].sort()).toEqual(['aktif', 'ditinjau', 'nonaktif', 'pending']);
    const tokens: Record<string, string> = {};
    for (const l of first.logins) {
      const res = await invoke(login, { method: 'POST', resource: '/auth/login', body: { email: l.email, password: l.password } });
      expect(res.statusCode, l.email).toBe(200);
      expect(res.body.data.user.role).toBe(l.role);
      tokens[l.role] = res.body.data.token;
    }

    // Two evaluation rounds, one of each name after both runs: last year's over, this year's open for self-assessment.
    expect(first.created.evaluations).toBe(2);
    expect(second.evaluations).toEqual(first.evaluations);
    const year = Number(today().slice(0, 4));
    const rounds = await invoke(listRounds, { method: 'GET', resource: '/api/evaluasi', token: tokens.pengelola });
    const named = (nama: string) =>
      (rounds.body.data as Record<'id_evaluasi' | 'nama' | 'status' | 'mulai' | 'batas_mandiri' | 'selesai', string>[]).filter(
        (r) => r.nama === nama,
      );
    expect(named(`Evaluasi Desa Wisata ${year - 1}`)).toMatchObject([{ id_evaluasi: finished!.id_evaluasi, status: 'selesai' }]);
    expect(named(`Evaluasi Desa Wisata ${year}`)).toMatchObject([{ id_evaluasi: open!.id_evaluasi, status: 'penilaian_mandiri' }]);
    expect(first.evaluations.map((r) => r.status)).toEqual(['selesai', 'penilaian_mandiri']);
    // last year's writes were made within its periods: self-assessments until batas_mandiri, reviews after it
    const lastYear = named(`Evaluasi Desa Wisata ${year - 1}`)[0]!;
    const dayOf = (iso: string) => new Date(Date.parse(iso) + 7 * 3600_000).toISOString().slice(0, 10);
    const reviewedOn = dayOf(inRound[0]!.at);
    expect(reviewedOn > lastYear.batas_mandiri && reviewedOn <= lastYear.selesai, reviewedOn).toBe(true);

    const states = async (id: string, token: string) => {
      const res = await invoke(roundVillages, {
        method: 'GET',
        resource: '/api/evaluasi/{id_evaluasi}/desa',
        pathParameters: { id_evaluasi: id },
        token,
      });
      expect(res.statusCode).toBe(200);
      return res.body.data as { kd_desa: string; status: string; diajukan_at?: string }[];
    };
    // the open round: villages in every state; the demo manager has a draft to finish and a submission
    const openStates = await states(open!.id_evaluasi, tokens.dinas!);
    expect(openStates).toHaveLength(SEED_VILLAGES.length);
    expect([...new Set(openStates.map((r) => r.status))].sort()).toEqual(['belum', 'diajukan', 'dinilai', 'draf']);
    expect((await states(open!.id_evaluasi, tokens.pengelola!)).map((r) => r.status).sort()).toEqual(['diajukan', 'draf']);
    // the finished round: every scored village reviewed, with its category unchanged; the unscored one never started
    const scoredCount = SEED_VILLAGES.filter((v) => v.score !== null).length;
    const finishedStates = await states(finished!.id_evaluasi, tokens.dinas!);
    const submittedOn = finishedStates.flatMap((r) => (r.diajukan_at ? [dayOf(r.diajukan_at)] : []));
    expect(submittedOn.length).toBeGreaterThan(scoredCount / 2);
    expect(
      submittedOn.every((d) => d >= lastYear.mulai && d <= lastYear.batas_mandiri),
      submittedOn.join(),
    ).toBe(true);
    expect(finishedStates.filter((r) => r.status === 'dinilai')).toHaveLength(scoredCount);
    expect(finishedStates.filter((r) => r.status === 'belum')).toHaveLength(SEED_VILLAGES.length - scoredCount);
    const rekap = await invoke(roundSummary, {
      method: 'GET',
      resource: '/api/evaluasi/{id_evaluasi}/rekap',
      pathParameters: { id_evaluasi: finished!.id_evaluasi },
      token: tokens.dinas,
    });
    expect(rekap.body.data).toMatchObject({ dinilai: scoredCount, gerak: { naik: 0, tetap: scoredCount, turun: 0, baru: 0 } });
    expect(rekap.body.data.mandiri_diajukan).toBeGreaterThan(scoredCount / 2);

    // 24 months of figures per village (two have not reported last month yet), counted as the routes count them
    expect(first.created.reports).toBe(SEED_VILLAGES.length * REPORT_MONTHS - LATE_REPORTERS.length);
    expect(first.created.verifications).toBeGreaterThan(SEED_VILLAGES.length * (REPORT_MONTHS - 3));
    await expectReportCountersMatchRecount();
    const lastMonth = monthPlus(thisMonth(), -1);
    const pemantauan = (await monitoring.rekap(tokens.dinas, { tahun: lastMonth.slice(0, 4) })).body.data;
    expect(pemantauan.per_bulan.find((m: { bulan: string }) => m.bulan === lastMonth)).toMatchObject({
      n_lapor: SEED_VILLAGES.length - LATE_REPORTERS.length,
      belum_lapor: LATE_REPORTERS.length,
    });
    expect(pemantauan.total.wisnus).toBeGreaterThan(0);
    // every report was written with its village's category
    expect(pemantauan.per_kategori.reduce((n: number, k: { n_lapor: number }) => n + k.n_lapor, 0)).toBe(pemantauan.total.n_lapor);
    const months = (
      await monitoring.village(first.villages[1]!.kd_desa, tokens.pengelola, {
        dari: monthPlus(thisMonth(), -REPORT_MONTHS),
        sampai: lastMonth,
      })
    ).body.data;
    expect(months.laporan).toHaveLength(REPORT_MONTHS);
    // (the villages were registered today: belum-lapor, which lists villages that existed in the month, has none of them)
    const lateOne = first.villages[SEED_VILLAGES.findIndex((v) => v.key === LATE_REPORTERS[0])]!.kd_desa;
    const lateMonths = (
      await monitoring.village(lateOne, tokens.dinas, { dari: monthPlus(thisMonth(), -REPORT_MONTHS), sampai: lastMonth })
    ).body.data;
    expect(lateMonths.laporan.map((r: { bulan: string }) => r.bulan)).not.toContain(lastMonth);
    expect(lateMonths.laporan).toHaveLength(REPORT_MONTHS - 1);
    expect(months.laporan.filter((r: { perlu_cek: boolean }) => r.perlu_cek).length).toBeGreaterThanOrEqual(1);
    expect(months.laporan.some((r: { terlambat: boolean }) => !r.terlambat)).toBe(true);
    const stats = await invoke(statistics, { method: 'GET', resource: '/api/statistik' });
    expect(stats.body.data.pengunjung_per_provinsi.length).toBeGreaterThanOrEqual(6);
  });
});
