/**
 * Returning a submitted self-assessment for correction (POST …/kembalikan): who may, when, what
 * it changes (state, counts, history), the manager's mail through the outbox (and its switch),
 * and the correction and second submission that follow.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { handler as returnIt } from '../../functions/evaluations/return';
import { handler as summary } from '../../functions/evaluations/summary';
import { handler as roundVillages } from '../../functions/evaluations/villages';
import { handler as villageHistory } from '../../functions/history/village';
import { handler as setSwitches } from '../../functions/auth/notifications';
import { handler as remind } from '../../functions/evaluations/remind';
import { MSG } from '../../lib/contract/messages';
import { drainAll } from '../support/outbox';
import { setClock } from '../../lib/platform/clock';
import { invoke, mailsTo, uniqueName } from '../support/api';
import { day, idPath, newRound, R, rounds, saveDraft, SIX, V, vPath } from '../support/evaluations';
import { allItems } from '../support/table';
import { makeUsers } from '../support/users';
import { makeVillage } from '../support/villages';

const { send, rate, one, draft } = rounds;
const fail = (message: string) => ({ status: 'fail', message });
const giveBack = (id: string, kd: string, body: unknown, token: string) =>
  invoke(returnIt, { method: 'POST', resource: `${V}/kembalikan`, pathParameters: vPath(id, kd), body, token });
const rekap = (id: string, token: string) => invoke(summary, { method: 'GET', resource: `${R}/rekap`, pathParameters: idPath(id), token });
const villagesOf = (id: string, token: string, query?: Record<string, string>) =>
  invoke(roundVillages, { method: 'GET', resource: `${R}/desa`, pathParameters: idPath(id), token, query });
const historyOf = (kd: string, token: string) =>
  invoke(villageHistory, { method: 'GET', resource: '/api/desa-wisata/{kd_desa}/riwayat', pathParameters: { kd_desa: kd }, token });
const returnedMails = async (email: string, village: string) =>
  (await mailsTo(email)).filter((m) => m.subject === `Penilaian mandiri dikembalikan untuk diperbaiki: ${village}`);

/** A province of its own with one village, its owner, another manager, dinas and admin. */
async function region() {
  const provinsi = uniqueName('Provinsi Kembali');
  const [dinas, admin, owner, other] = await makeUsers('dinas', 'admin', 'pengelola', 'pengelola');
  const nama_desa = uniqueName('Desa Kembali');
  const village = await makeVillage(owner, { provinsi, kabupaten: 'Sleman', nama_desa });
  return { provinsi, dinas, admin, owner, other, village, nama_desa };
}

/** A round of the region with the owner's complete self-assessment submitted. */
async function submitted(r: Awaited<ReturnType<typeof region>>, overrides: Record<string, unknown> = {}) {
  const id = await newRound(r.dinas.token, { provinsi: r.provinsi, ...overrides });
  await saveDraft(id, r.village.kd_desa, r.owner.token);
  expect((await send(id, r.village.kd_desa, r.owner.token)).statusCode).toBe(200);
  return id;
}

afterEach(() => setClock());

describe('POST …/desa/{kd_desa}/kembalikan', () => {
  it('dinas returns a submission with a note: dikembalikan, the counts move exactly, the list filters it, the history keeps the note', async () => {
    const r = await region();
    const kd = r.village.kd_desa;
    const id = await submitted(r);
    const before = (await rekap(id, r.dinas.token)).body.data;
    expect(before).toMatchObject({ desa: 1, belum: 0, draf: 0, diajukan: 1, dikembalikan: 0, dinilai: 0, mandiri_diajukan: 1 });

    const note = 'Foto bukti keramahan difabel belum ada.\nLengkapi lalu ajukan kembali.';
    const res = await giveBack(id, kd, { catatan: `  ${note}  ` }, r.dinas.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      message: MSG.selfAssessmentReturned,
      data: { status: 'dikembalikan', catatan_pengembalian: note, mandiri: { nilai: SIX } },
    });
    expect(res.body.data.diajukan_at).toBeUndefined();
    expect(Date.parse(res.body.data.dikembalikan_at)).toBeGreaterThan(0);

    // the manager sees it, with the note
    expect((await one(id, kd, r.owner.token)).body.data).toMatchObject({ status: 'dikembalikan', catatan_pengembalian: note });
    // counted as returned, not submitted (nor its self-scores)
    const after = (await rekap(id, r.dinas.token)).body.data;
    expect(after).toMatchObject({ desa: 1, belum: 0, draf: 0, diajukan: 0, dikembalikan: 1, dinilai: 0, mandiri_diajukan: 0 });
    expect(after.kriteria.partisipasi_masyarakat.mandiri).toBeNull();
    expect(after.wilayah[0]).toMatchObject({ kabupaten: 'Sleman', dikembalikan: 1, diajukan: 0 });
    const listed = await villagesOf(id, r.dinas.token, { status: 'dikembalikan' });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ kd_desa: kd, status: 'dikembalikan', dikembalikan_at: res.body.data.dikembalikan_at }),
    ]);
    expect((await villagesOf(id, r.dinas.token, { status: 'diajukan' })).body.data).toEqual([]);
    // returned once submitted: the round keeps its submission (not deletable, region locked)
    expect((await rounds.del(id, r.dinas.token)).body).toEqual(fail(MSG.evaluationHasSubmissions));

    const entries = (await historyOf(kd, r.owner.token)).body.data as { action: string; changes: Record<string, { after?: unknown }> }[];
    const returned = entries.find((e) => e.action === 'assessment.returned')!;
    expect(returned.changes.catatan_pengembalian!.after).toBe(note);
    expect(returned.changes.status).toEqual({ before: 'diajukan', after: 'dikembalikan' });
  });

  it('the manager corrects it and submits it again; a second return keeps the latest note, the history each one whole', async () => {
    const r = await region();
    const kd = r.village.kd_desa;
    const id = await submitted(r);
    expect((await giveBack(id, kd, { catatan: 'Nilai akses terlalu tinggi' }, r.dinas.token)).statusCode).toBe(200);

    const corrected = await draft(id, kd, { ...SIX, akses_tempat_wisata: 60 }, r.owner.token);
    expect(corrected.statusCode).toBe(200);
    expect(corrected.body.data).toMatchObject({ status: 'dikembalikan', mandiri: { nilai: { akses_tempat_wisata: 60 } } });
    expect((await rekap(id, r.dinas.token)).body.data).toMatchObject({ draf: 0, dikembalikan: 1 });
    const again = await send(id, kd, r.owner.token);
    expect(again.statusCode).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'diajukan', catatan_pengembalian: 'Nilai akses terlalu tinggi' });
    expect((await rekap(id, r.dinas.token)).body.data).toMatchObject({
      diajukan: 1,
      dikembalikan: 0,
      mandiri_diajukan: 1,
      kriteria: { akses_tempat_wisata: { mandiri: 60, penilaian: null } },
    });
    // locked again until dinas returns it once more
    expect((await draft(id, kd, SIX, r.owner.token)).body).toEqual(fail(MSG.selfAssessmentLocked));
    // a long note: the entry's changes shorten it, the entry keeps it whole
    const long = `Satu lagi: ${'foto jalur kursi roda dari pintu masuk. '.repeat(10)}`.trim();
    expect((await giveBack(id, kd, { catatan: long }, r.dinas.token)).body.data.catatan_pengembalian).toBe(long);
    const kept = (await allItems()).filter((i) => i.action === 'assessment.returned' && i.record === `${id}/${kd}`);
    expect(kept.map((i) => i.snapshot?.catatan_pengembalian)).toEqual(['Nilai akses terlalu tinggi', long]);

    // reviewed, it cannot be returned; the review counts it once
    expect((await send(id, kd, r.owner.token)).statusCode).toBe(200);
    expect((await rate(id, kd, SIX, r.dinas.token)).statusCode).toBe(200);
    expect((await giveBack(id, kd, { catatan: 'Terlambat' }, r.dinas.token)).body).toEqual(fail(MSG.returnReviewed));
    expect((await rekap(id, r.dinas.token)).body.data).toMatchObject({ desa: 1, belum: 0, diajukan: 0, dikembalikan: 0, dinilai: 1 });
  });

  it('returned during the review period (after batas_mandiri), it may be corrected and submitted again until selesai', async () => {
    const r = await region();
    const kd = r.village.kd_desa;
    const id = await submitted(r, { mulai: day(-3), batas_mandiri: day(0), selesai: day(5) });
    // the next day (WIB): self-assessment closed for everyone else
    const tomorrow = Date.parse(`${day(1)}T00:00:01+07:00`);
    setClock(() => tomorrow);
    expect((await giveBack(id, kd, { catatan: 'Perbaiki bukti' }, r.dinas.token)).statusCode).toBe(200);
    expect((await draft(id, kd, { ...SIX, keramahan_difabel: 50 }, r.owner.token)).statusCode).toBe(200);
    expect((await send(id, kd, r.owner.token)).body.data).toMatchObject({ status: 'diajukan' });
    // a draft nobody returned stays closed
    const second = await makeVillage(r.owner, { provinsi: r.provinsi, kabupaten: 'Bantul' });
    expect((await draft(id, second.kd_desa, SIX, r.owner.token)).body).toEqual(fail(MSG.selfAssessmentClosed));
  });

  it('refuses what is not submitted (409), a round over or not begun (409), outside the region (404), other roles (403), a bad note (400 with fields)', async () => {
    const r = await region();
    const kd = r.village.kd_desa;
    const id = await newRound(r.dinas.token, { provinsi: r.provinsi });
    const note = { catatan: 'Lengkapi bukti' };
    expect((await giveBack(id, kd, note, r.dinas.token)).body).toEqual(fail(MSG.returnNotSubmitted)); // nothing written
    await saveDraft(id, kd, r.owner.token);
    const draftOnly = await giveBack(id, kd, note, r.dinas.token);
    expect(draftOnly.statusCode).toBe(409);
    expect(draftOnly.body).toEqual(fail(MSG.returnNotSubmitted));
    await send(id, kd, r.owner.token);
    expect((await giveBack(id, kd, note, r.dinas.token)).statusCode).toBe(200);
    expect((await giveBack(id, kd, note, r.dinas.token)).body).toEqual(fail(MSG.returnNotSubmitted)); // returned already

    const refused = await giveBack(id, kd, note, r.owner.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toEqual(fail(MSG.dinasOnlyReturn));
    expect((await giveBack(id, kd, note, r.admin.token)).statusCode).toBe(403);
    expect((await giveBack(id, kd, note, '')).statusCode).toBe(401);

    const elsewhere = await makeVillage(r.other, { provinsi: uniqueName('Provinsi Lain'), kabupaten: 'Bantul' });
    expect((await giveBack(id, elsewhere.kd_desa, note, r.dinas.token)).body).toEqual(fail(MSG.evaluationVillageNotInScope));
    expect((await giveBack('EVAL-tidakada00', kd, note, r.dinas.token)).body).toEqual(fail(MSG.evaluationNotFound));
    const over = await newRound(r.dinas.token, { provinsi: r.provinsi, mulai: day(-9), batas_mandiri: day(-5), selesai: day(-1) });
    expect((await giveBack(over, kd, note, r.dinas.token)).body).toEqual(fail(MSG.evaluationFinished));
    const later = await newRound(r.dinas.token, { provinsi: r.provinsi, mulai: day(2), batas_mandiri: day(4), selesai: day(5) });
    expect((await giveBack(later, kd, note, r.dinas.token)).body).toEqual(fail(MSG.reviewNotStarted));

    const second = await submitted(r);
    for (const body of [{}, { catatan: '   ' }, { catatan: 'x'.repeat(2001) }, { catatan: 7 }]) {
      const bad = await giveBack(second, kd, body, r.dinas.token);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.body).toEqual({ status: 'fail', message: `${MSG.returnInvalid}: catatan`, fields: { catatan: MSG.fieldReturnNote } });
    }
    expect((await one(second, kd, r.owner.token)).body.data.status).toBe('diajukan');
  });
});

describe('the return mail', () => {
  it('goes to the manager through the outbox with the note and the page; not when they turned such mails off; reminders name returned villages', async () => {
    const r = await region();
    const kd = r.village.kd_desa;
    const id = await submitted(r);
    await drainAll();
    expect((await giveBack(id, kd, { catatan: 'Lengkapi foto jalur difabel' }, r.dinas.token)).statusCode).toBe(200);
    await drainAll();
    const [mail, ...more] = await returnedMails(r.owner.email, r.nama_desa);
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Catatan dinas: Lengkapi foto jalur difabel');
    expect(mail!.text).toContain(`/evaluasi/${id}/desa/${kd}`);

    // a returned village has not submitted: the day's reminder names it
    expect(
      (await invoke(remind, { method: 'POST', resource: `${R}/pengingat`, pathParameters: idPath(id), token: r.dinas.token })).statusCode,
    ).toBe(202);
    await drainAll();
    const reminders = (await mailsTo(r.owner.email)).filter((m) => m.subject.startsWith('Pengingat: penilaian mandiri'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain(r.nama_desa);

    // turned off: no mail
    const off = await invoke(setSwitches, {
      method: 'PUT',
      resource: '/api/akun/notifikasi',
      body: { perubahan: false },
      token: r.owner.token,
    });
    expect(off.statusCode).toBe(200);
    expect((await send(id, kd, r.owner.token)).statusCode).toBe(200);
    expect((await giveBack(id, kd, { catatan: 'Sekali lagi' }, r.dinas.token)).statusCode).toBe(200);
    await drainAll();
    expect(await returnedMails(r.owner.email, r.nama_desa)).toHaveLength(1);
  });
});
