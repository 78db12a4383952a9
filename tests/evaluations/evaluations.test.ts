import { describe, expect, it } from 'vitest';
import { handler as listRounds } from '../../functions/evaluations/list';
import { handler as roundVillages } from '../../functions/evaluations/villages';
import { handler as summary } from '../../functions/evaluations/summary';
import { handler as exportRound } from '../../functions/evaluations/export';
import { handler as remind } from '../../functions/evaluations/remind';
import { handler as getScore } from '../../functions/scores/get';
import { handler as scoreHistory } from '../../functions/history/score';
import { MSG } from '../../lib/contract/messages';
import { invoke, uniqueName } from '../support/api';
import { day, newRound, roundBody, saveDraft, SIX } from '../support/evaluations';
import { idPath, R, rounds } from '../support/evaluations';
import { allItems } from '../support/table';
import { makeUsers } from '../support/users';
import { makeVillage } from '../support/villages';

const { post, put, del, getOne, draft, send, rate, one } = rounds;

const villagesOf = (id: string, token: string, query?: Record<string, string>) =>
  invoke(roundVillages, { method: 'GET', resource: `${R}/desa`, pathParameters: idPath(id), token, query });
const rekap = (id: string, token: string, query?: Record<string, string>) =>
  invoke(summary, { method: 'GET', resource: `${R}/rekap`, pathParameters: idPath(id), token, query });

/** A province of its own, so each test's round counts only its own villages. */
async function region() {
  const provinsi = uniqueName('Provinsi Uji');
  const [dinas, admin, owner, other] = await makeUsers('dinas', 'admin', 'pengelola', 'pengelola');
  const village = await makeVillage(owner, { provinsi, kabupaten: 'Sleman' });
  return { provinsi, dinas, admin, owner, other, village };
}

describe('rounds', () => {
  it('dinas and admin open a round (201, its state from the dates); bad input is a 400 naming it; other roles 403', async () => {
    const { dinas, admin, owner, provinsi } = await region();
    const res = await post(roundBody({ provinsi, nama: 'Evaluasi 2027' }), dinas.token);
    expect(res.statusCode).toBe(201);
    expect(res.body).toMatchObject({
      status: 'success',
      message: MSG.evaluationCreated,
      data: { nama: 'Evaluasi 2027', provinsi, status: 'penilaian_mandiri' },
    });
    expect(res.body.data.id_evaluasi).toMatch(/^EVAL-[A-Za-z0-9_-]{10}$/);
    expect((await post(roundBody(), admin.token)).statusCode).toBe(201);

    // the message as before; beside it each field's own text, for the page to show by the field
    expect((await post(roundBody({ mulai: day(5), batas_mandiri: day(1) }), dinas.token)).body).toEqual({
      status: 'fail',
      message: MSG.evaluationDatesOrder,
      fields: { batas_mandiri: MSG.fieldRoundDatesOrder },
    });
    expect((await post(roundBody({ kabupaten: 'Sleman' }), dinas.token)).body).toEqual({
      status: 'fail',
      message: MSG.evaluationRegionNeedsProvince,
      fields: { provinsi: MSG.fieldKabupatenNeedsProvince },
    });
    const noName = await post({ ...roundBody(), nama: '' }, dinas.token);
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toEqual({ status: 'fail', message: `${MSG.evaluationInvalid}: nama`, fields: { nama: MSG.fieldRoundName } });
    expect((await post(roundBody({ mulai: '2027-02-30' }), dinas.token)).body.message).toBe(`${MSG.evaluationInvalid}: mulai`);
    const refused = await post(roundBody(), owner.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toEqual({ status: 'fail', message: MSG.officeOnlyEvaluation });
    expect((await post(roundBody())).statusCode).toBe(401);
  });

  it('lists rounds newest first for any signed-in user, each with its state; one round by code; 404 for an unknown code', async () => {
    const { dinas, owner } = await region();
    const upcoming = await newRound(dinas.token, { mulai: day(3), batas_mandiri: day(4), selesai: day(5) });
    const review = await newRound(dinas.token, { mulai: day(-9), batas_mandiri: day(-2), selesai: day(4) });
    const over = await newRound(dinas.token, { mulai: day(-9), batas_mandiri: day(-5), selesai: day(-1) });
    const list = await invoke(listRounds, { method: 'GET', resource: '/api/evaluasi', token: owner.token });
    expect(list.statusCode).toBe(200);
    const ids = (list.body.data as { id_evaluasi: string }[]).map((r) => r.id_evaluasi);
    expect(ids.indexOf(over)).toBeLessThan(ids.indexOf(review));
    expect(ids.indexOf(review)).toBeLessThan(ids.indexOf(upcoming));
    const state = async (id: string) => (await getOne(id, owner.token)).body.data.status;
    expect([await state(upcoming), await state(review), await state(over)]).toEqual(['akan_datang', 'peninjauan', 'selesai']);
    expect((await getOne('EVAL-tidakada00', owner.token)).body).toEqual({ status: 'fail', message: MSG.evaluationNotFound });
  });

  it('tells when its latest reminder was sent (pengingat_terakhir: a time, null before any), in GET and in the list', async () => {
    const { dinas, owner } = await region();
    const id = await newRound(dinas.token);
    expect((await getOne(id, owner.token)).body.data.pengingat_terakhir).toBeNull();
    const before = Date.now();
    const sent = await invoke(remind, { method: 'POST', resource: `${R}/pengingat`, pathParameters: idPath(id), token: dinas.token });
    expect(sent.statusCode).toBe(202);
    const at = (await getOne(id, owner.token)).body.data.pengingat_terakhir as string;
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(at)).toBeLessThanOrEqual(Date.now() + 1000);
    const list = await invoke(listRounds, { method: 'GET', resource: '/api/evaluasi', token: dinas.token });
    expect((list.body.data as { id_evaluasi: string }[]).find((r) => r.id_evaluasi === id)).toMatchObject({ pengingat_terakhir: at });
  });

  it('changes a round until it is over (409 then)', async () => {
    const { dinas } = await region();
    const id = await newRound(dinas.token);
    const res = await put(id, roundBody({ nama: 'Nama baru' }), dinas.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: MSG.evaluationUpdated, data: { id_evaluasi: id, nama: 'Nama baru' } });
    expect((await getOne(id, dinas.token)).body.data.nama).toBe('Nama baru');
    const over = await newRound(dinas.token, { mulai: day(-9), batas_mandiri: day(-5), selesai: day(-1) });
    expect((await put(over, roundBody(), dinas.token)).body).toEqual({ status: 'fail', message: MSG.evaluationFinished });
  });

  it('deletes a round with only drafts (they go with it); with a submission it is a 409 and changes nothing', async () => {
    const { dinas, owner, village, provinsi } = await region();
    const id = await newRound(dinas.token, { provinsi });
    await saveDraft(id, village.kd_desa, owner.token, { partisipasi_masyarakat: 70 });
    expect((await del(id, dinas.token)).body).toEqual({ status: 'success', message: MSG.evaluationDeleted });
    expect((await allItems()).filter((i) => i.PK === `EVAL#${id}`)).toEqual([]);
    expect((await getOne(id, dinas.token)).statusCode).toBe(404);

    const kept = await newRound(dinas.token, { provinsi });
    await saveDraft(kept, village.kd_desa, owner.token);
    expect((await send(kept, village.kd_desa, owner.token)).statusCode).toBe(200);
    expect((await del(kept, dinas.token)).body).toEqual({ status: 'fail', message: MSG.evaluationHasSubmissions });
    expect((await getOne(kept, dinas.token)).statusCode).toBe(200);
  });
});

describe('self-assessment', () => {
  it('the owner saves drafts and submits once; others are refused; the period and scope are enforced', async () => {
    const { dinas, owner, other, village, provinsi } = await region();
    const id = await newRound(dinas.token, { provinsi });
    const kd = village.kd_desa;

    const first = await draft(
      id,
      kd,
      { partisipasi_masyarakat: 80, bukti: { partisipasi_masyarakat: { catatan: 'Rapat warga', tautan: ['https://example.org/a'] } } },
      owner.token,
    );
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatchObject({
      status: 'success',
      message: MSG.selfAssessmentSaved,
      data: { status: 'draf', mandiri: { nilai: { partisipasi_masyarakat: 80 } } },
    });
    expect((await send(id, kd, owner.token)).body).toEqual({ status: 'fail', message: MSG.selfAssessmentIncomplete });

    expect((await draft(id, kd, SIX, other.token)).body).toEqual({ status: 'fail', message: MSG.villageOwnerOnly });
    expect((await draft(id, kd, SIX, dinas.token)).statusCode).toBe(403);
    expect((await draft(id, kd, { ...SIX, keramahan_difabel: 101 }, owner.token)).body.message).toBe(
      `${MSG.selfAssessmentInvalid}: keramahan_difabel`,
    );
    expect((await draft(id, kd, { bukti: { akses_tempat_wisata: { tautan: ['javascript:alert(1)'] } } }, owner.token)).statusCode).toBe(
      400,
    );

    const full = await draft(id, kd, SIX, owner.token);
    expect(full.body.data.mandiri.nilai).toEqual(SIX);
    const sent = await send(id, kd, owner.token);
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toMatchObject({ message: MSG.selfAssessmentSubmitted, data: { status: 'diajukan' } });
    expect((await draft(id, kd, SIX, owner.token)).body).toEqual({ status: 'fail', message: MSG.selfAssessmentLocked });
    expect((await send(id, kd, owner.token)).body).toEqual({ status: 'fail', message: MSG.selfAssessmentLocked });

    // the owner, dinas and admin read it; another manager does not
    expect((await one(id, kd, owner.token)).body.data).toMatchObject({ status: 'diajukan', mandiri: { nilai: SIX } });
    expect((await one(id, kd, dinas.token)).body.data.status).toBe('diajukan');
    expect((await one(id, kd, other.token)).statusCode).toBe(403);

    // outside the round's region: 404; after batas_mandiri: 409
    const elsewhere = await makeVillage(owner, { provinsi: uniqueName('Provinsi Lain'), kabupaten: 'Bantul' });
    expect((await draft(id, elsewhere.kd_desa, SIX, owner.token)).body).toEqual({
      status: 'fail',
      message: MSG.evaluationVillageNotInScope,
    });
    const closed = await newRound(dinas.token, { provinsi, mulai: day(-9), batas_mandiri: day(-1), selesai: day(5) });
    expect((await draft(closed, kd, SIX, owner.token)).body).toEqual({ status: 'fail', message: MSG.selfAssessmentClosed });
    const later = await newRound(dinas.token, { provinsi, mulai: day(2), batas_mandiri: day(4), selesai: day(5) });
    expect((await draft(later, kd, SIX, owner.token)).body).toEqual({ status: 'fail', message: MSG.selfAssessmentNotStarted });
    expect((await one(later, kd, owner.token)).body.data).toEqual({ id_evaluasi: later, kd_desa: kd, status: 'belum' });
  });
});

describe('review', () => {
  it("becomes the village's score (its trajectory names the round), counts in the round's summary, and lists every village's state", async () => {
    const { dinas, admin, owner, village, provinsi } = await region();
    const second = await makeVillage(owner, { provinsi, kabupaten: 'Bantul' });
    const id = await newRound(dinas.token, { provinsi });
    const kd = village.kd_desa;
    await saveDraft(id, kd, owner.token);
    await send(id, kd, owner.token);

    const notes = { keramahan_difabel: 'Belum ada jalur kursi roda' };
    const reviewed = await rate(id, kd, { ...SIX, keramahan_difabel: 40, catatan: notes }, dinas.token);
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.body).toMatchObject({
      status: 'success',
      message: MSG.reviewSaved,
      data: { status: 'dinilai', kategori_sebelum: 'belum', gerak: 'baru', penilaian: { catatan: notes, kategori_desa: 'Berkembang' } },
    });
    expect((await rate(id, kd, SIX, owner.token)).statusCode).toBe(403);
    expect((await rate(id, kd, { ...SIX, akses_tempat_wisata: 0 }, dinas.token)).statusCode).toBe(400);

    const score = await invoke(getScore, { method: 'GET', resource: '/api/skor/{kd_desa}', pathParameters: { kd_desa: kd } });
    expect(score.body.data).toMatchObject({ ...SIX, keramahan_difabel: 40 });
    const trajectory = await invoke(scoreHistory, {
      method: 'GET',
      resource: '/api/skor/{kd_desa}/riwayat',
      pathParameters: { kd_desa: kd },
    });
    expect(trajectory.body.data[0]).toMatchObject({ action: 'score.created', id_evaluasi: id, kategori_desa: 'Berkembang' });

    // a second review (a correction) moves the score again; the round's counts stay one village
    expect((await rate(id, kd, SIX, dinas.token)).body.data).toMatchObject({
      kategori_sebelum: 'belum',
      penilaian: { kategori_desa: 'Maju' },
    });
    // the second village: reviewed without a self-assessment
    await rate(id, second.kd_desa, { ...SIX, produk_tempat_wisata: 30 }, dinas.token);

    const states = await villagesOf(id, admin.token);
    expect(states.statusCode).toBe(200);
    expect((states.body.data as { kd_desa: string; status: string }[]).map((r) => [r.kd_desa, r.status]).sort()).toEqual(
      [
        [kd, 'dinilai'],
        [second.kd_desa, 'dinilai'],
      ].sort(),
    );
    expect(states.body.pagination).toMatchObject({ page: 1, limit: 100, total: 2 });
    expect((await villagesOf(id, owner.token, { status: 'belum' })).body.data).toEqual([]);
    expect((await villagesOf(id, dinas.token, { status: 'tidak' })).body).toEqual({ status: 'fail', message: MSG.evaluationStateInvalid });

    const sum = await rekap(id, dinas.token);
    expect(sum.statusCode).toBe(200);
    expect(sum.body.data).toMatchObject({
      desa: 2,
      belum: 0,
      draf: 0,
      diajukan: 0,
      dinilai: 2,
      mandiri_diajukan: 1,
      gerak: { baru: 2, naik: 0 },
    });
    expect(sum.body.data.kriteria.partisipasi_masyarakat).toEqual({ mandiri: 80, penilaian: 80 });
    expect(sum.body.data.kriteria.produk_tempat_wisata.penilaian).toBe(57.5);
    expect(sum.body.data.wilayah.map((w: { kabupaten: string; kriteria_terlemah: string }) => [w.kabupaten, w.kriteria_terlemah])).toEqual([
      ['Bantul', 'produk_tempat_wisata'],
      ['Sleman', 'keramahan_difabel'],
    ]);
    expect((await rekap(id, owner.token)).statusCode).toBe(403);

    // the office's sheet: one row per village, self-assessment beside review
    const csv = await invoke(exportRound, {
      method: 'GET',
      resource: `${R}/export`,
      pathParameters: idPath(id),
      query: { format: 'csv' },
      token: dinas.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['Content-Type']).toBe('text/csv; charset=utf-8');
    const lines = csv.rawBody
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Kode desa,Nama desa,Provinsi,Kabupaten,Status penilaian,Mandiri: partisipasi masyarakat');
    expect(lines).toHaveLength(3);
    const mine = lines.find((l) => l.startsWith(kd))!;
    expect(mine).toContain(',dinilai,80,70,90,55,75,85,');
    expect(mine).toContain(',belum,Maju,baru,');
    const xlsx = await invoke(exportRound, { method: 'GET', resource: `${R}/export`, pathParameters: idPath(id), token: admin.token });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['Content-Type']).toMatch(/spreadsheetml/);
    expect(
      (await invoke(exportRound, { method: 'GET', resource: `${R}/export`, pathParameters: idPath(id), token: owner.token })).statusCode,
    ).toBe(403);

    // the next round: the category before it is the one this round set
    const next = await newRound(dinas.token, { provinsi });
    const again = await rate(
      next,
      kd,
      {
        ...SIX,
        akses_tempat_wisata: 100,
        partisipasi_masyarakat: 100,
        produk_tempat_wisata: 100,
        fasilitas_tempat_wisata: 100,
        keragaman_paket_wisata: 100,
        keramahan_difabel: 100,
      },
      dinas.token,
    );
    expect(again.body.data).toMatchObject({ kategori_sebelum: 'Maju', gerak: 'naik', penilaian: { kategori_desa: 'Mandiri' } });
    const over = await newRound(dinas.token, { provinsi, mulai: day(-9), batas_mandiri: day(-5), selesai: day(-1) });
    expect((await rate(over, kd, SIX, dinas.token)).body).toEqual({ status: 'fail', message: MSG.evaluationFinished });
  });
});
