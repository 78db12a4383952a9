/**
 * A review saved as the office's draft (PUT …/penilaian with `terbitkan: false`): no score, no
 * mail, not counted as reviewed, seen only by dinas and admin; a later PUT publishes it.
 */
import { describe, expect, it } from 'vitest';
import { handler as getScore } from '../../functions/scores/get';
import { handler as summary } from '../../functions/evaluations/summary';
import { handler as villageHistory } from '../../functions/history/village';
import { MSG } from '../../lib/contract/messages';
import { invoke, uniqueName } from '../support/api';
import { idPath, newRound, R, rounds, saveDraft, SIX } from '../support/evaluations';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

const { rate, one, send } = rounds;
const rekap = (id: string, token: string) => invoke(summary, { method: 'GET', resource: `${R}/rekap`, pathParameters: idPath(id), token });
const scoreOf = (kd: string) => invoke(getScore, { method: 'GET', resource: '/api/skor/{kd_desa}', pathParameters: { kd_desa: kd } });
const outboxAbout = async (id: string) =>
  (await allItems())
    .filter((i) => String(i.PK).startsWith('OUTBOX#') && i.notice.id_evaluasi === id)
    .map((i) => i.notice.kind)
    .sort(); // the outbox is sharded: its items come in no order

async function region() {
  const provinsi = uniqueName('Provinsi Draf');
  const [dinas, admin, owner] = await Promise.all([makeUser('dinas'), makeUser('admin'), makeUser('pengelola')]);
  const village = await makeVillage(owner, { provinsi, kabupaten: 'Sleman' });
  return { provinsi, dinas, admin, owner, village };
}

describe('PUT …/penilaian with terbitkan: false', () => {
  it('stores the office’s draft: no score, no mail, not reviewed; dinas and admin see it, the manager does not; publishing makes it the score', async () => {
    const r = await region();
    const kd = r.village.kd_desa;
    const id = await newRound(r.dinas.token, { provinsi: r.provinsi });
    await saveDraft(id, kd, r.owner.token);
    expect((await send(id, kd, r.owner.token)).statusCode).toBe(200);
    const notices = await outboxAbout(id);

    const notes = { keramahan_difabel: 'Belum ada jalur kursi roda' };
    const drafted = await rate(id, kd, { ...SIX, keramahan_difabel: 40, catatan: notes, terbitkan: false }, r.dinas.token);
    expect(drafted.statusCode).toBe(200);
    expect(drafted.body).toMatchObject({
      status: 'success',
      message: MSG.reviewDraftSaved,
      data: {
        status: 'diajukan',
        penilaian_draf: { nilai: { ...SIX, keramahan_difabel: 40 }, catatan: notes, rata_rata: 73, kategori_desa: 'Berkembang' },
      },
    });
    expect(drafted.body.data.penilaian).toBeUndefined();
    expect(drafted.body.data.gerak).toBeUndefined();
    // no score, no notice, not counted as reviewed
    expect((await scoreOf(kd)).statusCode).toBe(404);
    expect(await outboxAbout(id)).toEqual(notices);
    expect((await rekap(id, r.dinas.token)).body.data).toMatchObject({ diajukan: 1, dinilai: 0, gerak: { baru: 0 } });
    // dinas and admin see the draft; the manager neither in the assessment nor in the village's history
    expect((await one(id, kd, r.admin.token)).body.data.penilaian_draf).toMatchObject({ rata_rata: 73 });
    const mine = await one(id, kd, r.owner.token);
    expect(mine.body.data.status).toBe('diajukan');
    expect(mine.body.data.penilaian_draf).toBeUndefined();
    const timeline = await invoke(villageHistory, {
      method: 'GET',
      resource: '/api/desa-wisata/{kd_desa}/riwayat',
      pathParameters: { kd_desa: kd },
      token: r.owner.token,
    });
    expect(JSON.stringify(timeline.body.data)).not.toMatch(/review_draft|Belum ada jalur kursi roda/);
    const drafts = (await allItems()).filter((i) => String(i.action).startsWith('review_draft.') && i.record === `${id}/${kd}`);
    expect(drafts.map((i) => [i.action, i.scope])).toEqual([['review_draft.created', `EVAL#${id}`]]);

    // the draft changed again; the same draft again writes nothing
    expect((await rate(id, kd, { ...SIX, terbitkan: false }, r.dinas.token)).body.data.penilaian_draf.kategori_desa).toBe('Maju');
    expect((await rate(id, kd, { ...SIX, terbitkan: false }, r.dinas.token)).statusCode).toBe(200);
    expect((await allItems()).filter((i) => String(i.action).startsWith('review_draft.') && i.record === `${id}/${kd}`)).toHaveLength(2);

    // published: the review, its score and mail; the draft goes
    const published = await rate(id, kd, { ...SIX, terbitkan: true }, r.dinas.token);
    expect(published.body).toMatchObject({
      message: MSG.reviewSaved,
      data: { status: 'dinilai', gerak: 'baru', penilaian: { kategori_desa: 'Maju' } },
    });
    expect(published.body.data.penilaian_draf).toBeUndefined();
    expect((await scoreOf(kd)).body.data).toMatchObject(SIX);
    expect(await outboxAbout(id)).toEqual([...notices, 'review_published'].sort());
    expect((await rekap(id, r.dinas.token)).body.data).toMatchObject({ diajukan: 0, dinilai: 1, gerak: { baru: 1 } });
    expect((await one(id, kd, r.dinas.token)).body.data.penilaian_draf).toBeUndefined();
    expect((await allItems()).filter((i) => i.PK === `EVAL#${id}` && String(i.SK).startsWith('NILAIDRAF#'))).toEqual([]);
  });

  it('a draft of a village nothing was written for leaves it `belum`; the round’s dates and the body’s rules hold as for publishing', async () => {
    const r = await region();
    const kd = r.village.kd_desa;
    const id = await newRound(r.dinas.token, { provinsi: r.provinsi });
    const drafted = await rate(id, kd, { ...SIX, terbitkan: false }, r.dinas.token);
    expect(drafted.body.data).toMatchObject({ id_evaluasi: id, kd_desa: kd, status: 'belum', penilaian_draf: { kategori_desa: 'Maju' } });
    expect((await one(id, kd, r.owner.token)).body.data).toEqual({ id_evaluasi: id, kd_desa: kd, status: 'belum' });
    expect((await rekap(id, r.dinas.token)).body.data).toMatchObject({ desa: 1, belum: 1, draf: 0, dinilai: 0 });
    // the manager can still begin a draft of their own beside it
    expect((await saveDraft(id, kd, r.owner.token)).body.data.status).toBe('draf');

    const bad = await rate(id, kd, { ...SIX, partisipasi_masyarakat: 0, terbitkan: 'tidak' }, r.dinas.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toEqual({
      status: 'fail',
      message: `${MSG.reviewInvalid}: partisipasi_masyarakat, terbitkan`,
      fields: { partisipasi_masyarakat: MSG.fieldScorePartisipasiMasyarakat, terbitkan: MSG.fieldPublish },
    });
    expect((await rate(id, kd, { ...SIX, terbitkan: false }, r.owner.token)).statusCode).toBe(403);
    const over = await newRound(r.dinas.token, {
      provinsi: r.provinsi,
      mulai: '2020-01-01',
      batas_mandiri: '2020-01-05',
      selesai: '2020-01-10',
    });
    expect((await rate(over, kd, { ...SIX, terbitkan: false }, r.dinas.token)).body).toEqual({
      status: 'fail',
      message: MSG.evaluationFinished,
    });
  });

  it('a deleted round takes its drafts with it', async () => {
    const r = await region();
    const id = await newRound(r.dinas.token, { provinsi: r.provinsi });
    expect((await rate(id, r.village.kd_desa, { ...SIX, terbitkan: false }, r.dinas.token)).statusCode).toBe(200);
    expect((await rounds.del(id, r.dinas.token)).statusCode).toBe(200);
    expect((await allItems()).filter((i) => i.PK === `EVAL#${id}`)).toEqual([]);
  });
});
