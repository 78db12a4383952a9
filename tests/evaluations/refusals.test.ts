/**
 * What the evaluation routes (and the notification switches) refuse, and with which text:
 * text that is not one line a person could type, dates far outside any round, keys that
 * name no criterion, a region change after a submission, a draft dinas already reviewed.
 */
import { describe, expect, it } from 'vitest';
import { handler as createRound } from '../../functions/evaluations/create';
import { handler as setSwitches } from '../../functions/auth/notifications';
import { MSG } from '../../lib/contract/messages';
import { invoke, uniqueName } from '../support/api';
import { newRound, roundBody, saveDraft, SIX } from '../support/evaluations';
import { rounds } from '../support/evaluations';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

const { post, put, del, getOne, draft, send, rate, one } = rounds;

const fail = (message: string) => ({ status: 'fail', message });

/** A province of its own with one village, its owner and a dinas account. */
async function region() {
  const provinsi = uniqueName('Provinsi Tolak');
  const [dinas, owner] = await Promise.all([makeUser('dinas'), makeUser('pengelola')]);
  const village = await makeVillage(owner, { provinsi, kabupaten: 'Sleman' });
  return { provinsi, dinas, owner, village };
}

describe('round text and dates (POST and PUT /api/evaluasi)', () => {
  it('refuses NUL and lone surrogates in nama and provinsi, and years such as 0000 and 9999, naming the field; on PUT too', async () => {
    const dinas = await makeUser('dinas');
    const texts: Record<string, string> = {
      nama: MSG.fieldRoundName,
      provinsi: MSG.fieldProvince,
      mulai: MSG.fieldRoundStart,
      selesai: MSG.fieldRoundEnd,
    };
    const invalid = (field: string) => ({ ...fail(`${MSG.evaluationInvalid}: ${field}`), fields: { [field]: texts[field] } });
    // JSON text as a client sends it: \u0000 and a lone \ud800 are valid JSON escapes
    const raw = (fields: Record<string, string>) =>
      JSON.stringify(roundBody())
        .slice(0, -1)
        .concat(...Object.entries(fields).map(([k, v]) => `,"${k}":"${v}"`), '}');
    const sent = async (body: string) => {
      const res = await invoke(createRound, {
        method: 'POST',
        resource: '/api/evaluasi',
        body,
        headers: { 'Content-Type': 'application/json' },
        token: dinas.token,
      });
      expect(res.statusCode).toBe(400);
      return res.body;
    };
    expect(await sent(raw({ nama: 'Evaluasi\\u00002027' }))).toEqual(invalid('nama'));
    expect(await sent(raw({ nama: 'Evaluasi \\ud800' }))).toEqual(invalid('nama'));
    expect(await sent(raw({ provinsi: 'Jawa\\u0000Tengah' }))).toEqual(invalid('provinsi'));
    expect(await sent(raw({ provinsi: '\\udc00Jawa Tengah' }))).toEqual(invalid('provinsi'));
    expect((await post(roundBody({ mulai: '0000-01-01' }), dinas.token)).body).toEqual(invalid('mulai'));
    expect((await post(roundBody({ selesai: '9999-12-31' }), dinas.token)).body).toEqual(invalid('selesai'));
    expect((await post(roundBody({ nama: 'Evaluasi 🌴 2027' }), dinas.token)).statusCode).toBe(201);

    const id = await newRound(dinas.token);
    const before = (await getOne(id, dinas.token)).body.data;
    expect((await put(id, roundBody({ nama: 'Evaluasi\u0000' }), dinas.token)).body).toEqual(invalid('nama'));
    expect((await put(id, roundBody({ provinsi: 'Jawa\uD800' }), dinas.token)).body).toEqual(invalid('provinsi'));
    expect((await put(id, roundBody({ selesai: '9999-12-31' }), dinas.token)).body).toEqual(invalid('selesai'));
    expect((await getOne(id, dinas.token)).body.data).toEqual(before);
  });
});

describe('region of a round after a submission (PUT /api/evaluasi/{id})', () => {
  it('is a 409 of its own (not the delete text); its other fields still change', async () => {
    const { dinas, owner, village, provinsi } = await region();
    const id = await newRound(dinas.token, { provinsi });
    await saveDraft(id, village.kd_desa, owner.token);
    expect((await send(id, village.kd_desa, owner.token)).statusCode).toBe(200);

    const moved = await put(id, roundBody({ provinsi: uniqueName('Provinsi Lain') }), dinas.token);
    expect(moved.statusCode).toBe(409);
    expect(moved.body).toEqual(fail(MSG.evaluationRegionLocked));
    expect((await put(id, roundBody({ provinsi, kabupaten: 'Sleman' }), dinas.token)).body).toEqual(fail(MSG.evaluationRegionLocked));
    expect((await getOne(id, dinas.token)).body.data).toMatchObject({ provinsi });
    expect((await put(id, roundBody({ provinsi, nama: 'Nama baru' }), dinas.token)).body.data).toMatchObject({
      nama: 'Nama baru',
      provinsi,
    });
    // deleting it keeps its own text
    expect((await del(id, dinas.token)).body).toEqual(fail(MSG.evaluationHasSubmissions));
  });
});

describe('a draft dinas already reviewed (PUT …/mandiri, POST …/mandiri/ajukan)', () => {
  it('is refused as reviewed, not as submitted; a submitted one that was reviewed stays "sudah diajukan"', async () => {
    const { dinas, owner, village, provinsi } = await region();
    const kd = village.kd_desa;
    const id = await newRound(dinas.token, { provinsi });
    await saveDraft(id, kd, owner.token, { partisipasi_masyarakat: 60 });
    expect((await rate(id, kd, SIX, dinas.token)).statusCode).toBe(200);

    const edited = await draft(id, kd, SIX, owner.token);
    expect(edited.statusCode).toBe(409);
    expect(edited.body).toEqual(fail(MSG.selfAssessmentReviewed));
    expect((await send(id, kd, owner.token)).body).toEqual(fail(MSG.selfAssessmentReviewed));
    expect((await one(id, kd, owner.token)).body.data).toMatchObject({
      status: 'dinilai',
      mandiri: { nilai: { partisipasi_masyarakat: 60 } },
    });

    const other = await newRound(dinas.token, { provinsi });
    await saveDraft(other, kd, owner.token);
    expect((await send(other, kd, owner.token)).statusCode).toBe(200);
    expect((await rate(other, kd, SIX, dinas.token)).statusCode).toBe(200);
    expect((await draft(other, kd, SIX, owner.token)).body).toEqual(fail(MSG.selfAssessmentLocked));
  });
});

describe('keys that name no criterion', () => {
  it("a review's catatan with an unknown criterion is a 400 naming it, and nothing is reviewed", async () => {
    const { dinas, owner, village, provinsi } = await region();
    const id = await newRound(dinas.token, { provinsi });
    const res = await rate(
      id,
      village.kd_desa,
      { ...SIX, catatan: { keramahan_difabel: 'Belum ada ram', lain: 'Catatan umum' } },
      dinas.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ ...fail(`${MSG.reviewInvalid}: catatan.lain`), fields: { 'catatan.lain': MSG.fieldUnknown } });
    expect((await one(id, village.kd_desa, owner.token)).body.data.status).toBe('belum');
  });

  it("a self-assessment's bukti under an unknown criterion is a 400 naming it", async () => {
    const { dinas, owner, village, provinsi } = await region();
    const id = await newRound(dinas.token, { provinsi });
    const res = await draft(id, village.kd_desa, { ...SIX, bukti: { lain: { catatan: 'Bukti tanpa kriteria' } } }, owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ ...fail(`${MSG.selfAssessmentInvalid}: bukti.lain`), fields: { 'bukti.lain': MSG.fieldUnknown } });
  });

  it('PUT /api/akun/notifikasi with a key other than pengingat and perubahan is a 400 naming it', async () => {
    const user = await makeUser('pengelola');
    const res = await invoke(setSwitches, {
      method: 'PUT',
      resource: '/api/akun/notifikasi',
      body: { pengingat: true, lain: 1 },
      token: user.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual(fail(`${MSG.notificationSettingsInvalid}: lain`));
  });
});

describe('fields: each refused field with its own text, beside the message (the evaluation routes)', () => {
  it('a self-assessment (a form) and a review name each field in words; the message is as before', async () => {
    const { dinas, owner, village, provinsi } = await region();
    const id = await newRound(dinas.token, { provinsi });
    const links = { bukti: { akses_tempat_wisata: { tautan: ['https://example.org/a', 'ftp://example.org/b'] } } };
    const form = await draft(id, village.kd_desa, { ...SIX, keramahan_difabel: 101, ...links }, owner.token);
    expect(form.statusCode).toBe(400);
    expect(form.body).toEqual({
      status: 'fail',
      message: `${MSG.selfAssessmentInvalid}: keramahan_difabel, bukti`,
      fields: { keramahan_difabel: MSG.fieldScoreKeramahanDifabel, 'bukti.akses_tempat_wisata.tautan.1': MSG.fieldLinks },
    });
    const review = await rate(id, village.kd_desa, { ...SIX, partisipasi_masyarakat: 0 }, dinas.token);
    expect(review.body).toEqual({
      status: 'fail',
      message: `${MSG.reviewInvalid}: partisipasi_masyarakat`,
      fields: { partisipasi_masyarakat: 'Nilai Partisipasi masyarakat harus 1–100' },
    });
    // not a body's field: no fields
    expect((await rate(id, village.kd_desa, '{"rusak', dinas.token)).body).toEqual(fail(MSG.invalidJson));
  });
});
