/**
 * Notification mails (docs/evaluations.md#notifications): writes put notices in the outbox
 * in their own transactions; the drain (lib/domain/notifications.ts) mails them through the
 * SES emulator, each once, to those who did not turn them off, a batch per call, at the rate.
 */
import { describe, expect, it } from 'vitest';
import { handler as outboxFunction } from '../../functions/maintenance/outbox';
import { handler as remind } from '../../functions/evaluations/remind';
import { handler as submit } from '../../functions/evaluations/submit';
import { handler as review } from '../../functions/evaluations/review';
import { handler as setSwitches } from '../../functions/auth/notifications';
import { handler as createRequest } from '../../functions/requests/create';
import { handler as updateRequest } from '../../functions/requests/update';
import { handler as createStatus } from '../../functions/statuses/create';
import { handler as updateStatus } from '../../functions/statuses/update';
import { handler as createScore } from '../../functions/scores/create';
import { MSG } from '../../lib/contract/messages';
import { claimDelivery, pendingNotices } from '../../lib/db/outbox';
import { today } from '../../lib/domain/evaluations';
import { drainOutbox } from '../../lib/domain/notifications';
import { tanggal } from '../../lib/mail/format';
import { setClock } from '../../lib/platform/clock';
import { config } from '../../lib/platform/config';
import { invoke, mailsTo, uniqueName, type SentMail } from '../support/api';
import { day, newRound, saveDraft, SIX } from '../support/evaluations';
import { drainAll } from '../support/outbox';
import { allItems } from '../support/table';
import { makeUser, makeUsers } from '../support/users';
import { makeVillage } from '../support/villages';

const V = '/api/evaluasi/{id_evaluasi}/desa/{kd_desa}';
const send = (id: string, kd: string, token: string) =>
  invoke(submit, { method: 'POST', resource: `${V}/mandiri/ajukan`, pathParameters: { id_evaluasi: id, kd_desa: kd }, token });
const rate = (id: string, kd: string, body: unknown, token: string) =>
  invoke(review, { method: 'PUT', resource: `${V}/penilaian`, pathParameters: { id_evaluasi: id, kd_desa: kd }, body, token });
const reminder = (id: string, token: string) =>
  invoke(remind, { method: 'POST', resource: '/api/evaluasi/{id_evaluasi}/pengingat', pathParameters: { id_evaluasi: id }, token });
const switches = (body: unknown, token?: string) => invoke(setSwitches, { method: 'PUT', resource: '/api/akun/notifikasi', body, token });
const statusOf = (kd_desa: string, status: string, token: string) =>
  invoke(createStatus, { method: 'POST', resource: '/api/status-desa', body: { kd_desa, status, keterangan: 'Dicek dinas' }, token });

const outboxItems = async () => (await allItems()).filter((i) => String(i.PK).startsWith('OUTBOX#'));
const about = async (email: string, subject: string | RegExp): Promise<SentMail[]> =>
  (await mailsTo(email)).filter((m) => (typeof subject === 'string' ? m.subject.includes(subject) : subject.test(m.subject)));

/** A province of its own, with its office and two managers (one with two villages), and a manager elsewhere. */
async function region() {
  const provinsi = uniqueName('Provinsi Kabar');
  const [dinas, owner, second, outside] = await makeUsers('dinas', 'pengelola', 'pengelola', 'pengelola');
  const villageName = uniqueName('Desa');
  const secondName = uniqueName('Desa Kedua');
  const village = await makeVillage(owner, { provinsi, kabupaten: 'Sleman', nama_desa: villageName });
  await makeVillage(owner, { provinsi, kabupaten: 'Bantul', nama_desa: secondName });
  const other = await makeVillage(second, { provinsi, kabupaten: 'Sleman' });
  await makeVillage(outside, { provinsi: uniqueName('Provinsi Lain'), kabupaten: 'Sleman' });
  return { provinsi, dinas, owner, second, outside, village, villageName, secondName, other };
}

describe('a round opened', () => {
  it('writes one outbox item, and mails every manager in scope once (drained twice: still once); none outside', async () => {
    const r = await region();
    await drainAll();
    const nama = uniqueName('Evaluasi Kabar');
    const id = await newRound(r.dinas.token, { provinsi: r.provinsi, nama });
    // one item for the whole round, whatever the number of villages
    const items = (await outboxItems()).filter((i) => i.notice.id_evaluasi === id);
    expect(items.map((i) => i.notice)).toEqual([{ kind: 'round_opened', id_evaluasi: id }]);

    const first = await drainAll();
    expect(first.reduce((n, x) => n + x.sent, 0)).toBeGreaterThanOrEqual(2);
    await drainAll();
    const opened = (email: string) => about(email, `Evaluasi desa wisata dibuka: ${nama}`);
    expect(await opened(r.owner.email)).toHaveLength(1); // two villages, one mail
    expect(await opened(r.second.email)).toHaveLength(1);
    expect(await opened(r.outside.email)).toHaveLength(0);
    const mail = (await opened(r.owner.email))[0]!;
    expect(mail.text).toContain(`Halo ${r.owner.full_name},`);
    expect(mail.text).toContain(tanggal(day(10))); // batas_mandiri, as people write it
    expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(mail.html).toContain(`<strong>${nama}</strong>`);
    // the round's page (WEB_BASE_URL), and the switches' page
    expect(mail.text).toContain(`${config().webBaseUrl}/evaluasi/${id}\n`);
    expect(mail.html).toContain(`<a href="${config().webBaseUrl}/akun">`);
    expect(await outboxItems()).toEqual([]);
  });

  it("a mail another drain claimed is left to it while the claim's lease runs; a claim never confirmed is taken over after it", async () => {
    const r = await region();
    await drainAll();
    const nama = uniqueName('Evaluasi Klaim');
    const id = await newRound(r.dinas.token, { provinsi: r.provinsi, nama });
    const [item] = (await pendingNotices(25)).filter((i) => i.notice.kind === 'round_opened' && i.notice.id_evaluasi === id);
    expect(await claimDelivery(item!.id, r.owner.email)).toMatchObject({ outcome: 'claimed' });
    const reports = await drainAll();
    expect(reports.reduce((n, x) => n + x.busy, 0)).toBe(1);
    expect(await about(r.owner.email, nama)).toHaveLength(0);
    expect(await about(r.second.email, nama)).toHaveLength(1);
    expect(await outboxItems()).toHaveLength(1); // kept for the claimed mail
    // the claim was never confirmed (its drain crashed): once its lease is over, it is sent
    await drainAll({ claimLeaseMs: 0 });
    expect(await about(r.owner.email, nama)).toHaveLength(1);
    expect(await about(r.second.email, nama)).toHaveLength(1);
    expect(await outboxItems()).toEqual([]);
  });
});

describe('an assessment', () => {
  it('submitted: every dinas user is mailed; reviewed: the owner, with the new category; a correction again', async () => {
    const r = await region();
    const otherDinas = await makeUser('dinas');
    const id = await newRound(r.dinas.token, { provinsi: r.provinsi });
    await drainAll();
    await saveDraft(id, r.village.kd_desa, r.owner.token);
    expect((await send(id, r.village.kd_desa, r.owner.token)).statusCode).toBe(200);
    await drainAll();
    for (const d of [r.dinas, otherDinas]) {
      const mails = await about(d.email, 'Penilaian mandiri diajukan');
      expect(mails.map((m) => m.text.includes(r.village.kd_desa))).toEqual([true]);
    }
    expect(await about(r.owner.email, 'Penilaian mandiri diajukan')).toEqual([]);

    const reviewed = await rate(id, r.village.kd_desa, { ...SIX, catatan: {} }, r.dinas.token);
    expect(reviewed.statusCode).toBe(200);
    const kategori = reviewed.body.data.penilaian.kategori_desa as string;
    // the same review again changes nothing, and tells nobody
    expect((await rate(id, r.village.kd_desa, { ...SIX, catatan: {} }, r.dinas.token)).statusCode).toBe(200);
    await drainAll();
    const results = await about(r.owner.email, 'Hasil penilaian desa');
    expect(results).toHaveLength(1);
    expect(results[0]!.subject).toContain(`: ${kategori}`);
    expect(results[0]!.text).toContain(`Kategori desa sekarang: ${kategori}`);
    expect(results[0]!.text).toContain(`${config().webBaseUrl}/evaluasi/${id}/desa/${r.village.kd_desa}`);
    expect(results[0]!.text).not.toMatch(/turun|naik/); // unscored before the round

    // corrected (another category): told again
    const low = Object.fromEntries(Object.keys(SIX).map((k) => [k, 30]));
    expect((await rate(id, r.village.kd_desa, { ...low, catatan: {} }, r.dinas.token)).statusCode).toBe(200);
    await drainAll();
    expect((await about(r.owner.email, 'Hasil penilaian desa')).map((m) => m.subject.endsWith(': Rintisan'))).toEqual([false, true]);
  });

  it('reviewed below the category the village had before the round: the mail says it went down, from which', async () => {
    const r = await region();
    const scored = await invoke(createScore, {
      method: 'POST',
      resource: '/api/skor',
      body: { kd_desa: r.village.kd_desa, ...SIX },
      token: r.dinas.token,
    });
    expect(scored.body.data.kategori_desa).toBe('Maju');
    const id = await newRound(r.dinas.token, { provinsi: r.provinsi });
    await drainAll();
    const low = Object.fromEntries(Object.keys(SIX).map((k) => [k, 60]));
    expect((await rate(id, r.village.kd_desa, { ...low, catatan: {} }, r.dinas.token)).statusCode).toBe(200);
    await drainAll();
    const [mail] = await about(r.owner.email, 'Hasil penilaian desa');
    expect(mail!.subject).toMatch(/: Berkembang \(turun dari Maju\)$/);
    expect(mail!.text).toContain('Kategori ini turun dari Maju, kategori desa sebelum evaluasi ini.');
  });
});

describe("a request's and a village status's change", () => {
  it("mails the village's manager; a status set, then changed, each once", async () => {
    const r = await region();
    const filed = await invoke(createRequest, {
      method: 'POST',
      resource: '/api/permintaan',
      body: { kd_desa: r.village.kd_desa, status_permintaan: 'diproses' },
      token: r.owner.token,
    });
    const kd = filed.body.data.kd_permintaan as string;
    const put = (status: string) =>
      invoke(updateRequest, {
        method: 'PUT',
        resource: '/api/permintaan/{kd_permintaan}',
        pathParameters: { kd_permintaan: kd },
        body: { status_permintaan: status },
      });
    expect((await put('diterima')).statusCode).toBe(200);
    expect((await put('diterima')).statusCode).toBe(200); // the same: no change, no notice
    const status = await statusOf(r.village.kd_desa, 'aktif', r.dinas.token);
    expect(status.statusCode).toBe(201);
    const changed = await invoke(updateStatus, {
      method: 'PUT',
      resource: '/api/status-desa/{kd_status}',
      pathParameters: { kd_status: status.body.data.kd_status },
      body: { status: 'nonaktif', keterangan: 'Jembatan rusak' },
      token: r.dinas.token,
    });
    expect(changed.statusCode).toBe(200);
    await drainAll();
    const requests = await about(r.owner.email, 'Status permintaan desa');
    expect(requests.map((m) => m.subject.endsWith(': diterima') && m.text.includes(kd))).toEqual([true]);
    const statuses = await about(r.owner.email, /^Status desa /);
    expect(statuses.map((m) => m.subject.split(': ').at(-1))).toEqual(['aktif', 'nonaktif']);
    expect(statuses[1]!.text).toContain('Keterangan: Jembatan rusak');
    expect(await about(r.second.email, /^Status /)).toEqual([]);
  });
});

describe('switches (PUT /api/akun/notifikasi)', () => {
  it('any signed-in user sets either switch (both on by default); one turned off gets none of those mails, the other kind still', async () => {
    const r = await region();
    const off = await switches({ perubahan: false }, r.owner.token);
    expect(off.statusCode).toBe(200);
    expect(off.body).toEqual({ status: 'success', message: MSG.notificationSettingsSaved, data: { pengingat: true, perubahan: false } });
    expect((await switches({ pengingat: true }, r.dinas.token)).body.data).toEqual({ pengingat: true, perubahan: true });
    expect((await switches({}, r.owner.token)).body).toEqual({ status: 'fail', message: MSG.notificationSettingsEmpty });
    expect((await switches({ pengingat: 'ya' }, r.owner.token)).body).toEqual({
      status: 'fail',
      message: `${MSG.notificationSettingsInvalid}: pengingat`,
    });
    expect((await switches({ pengingat: false })).statusCode).toBe(401);

    await drainAll();
    expect((await statusOf(r.village.kd_desa, 'ditinjau', r.dinas.token)).statusCode).toBe(201);
    expect((await statusOf(r.other.kd_desa, 'ditinjau', r.dinas.token)).statusCode).toBe(201);
    const id = await newRound(r.dinas.token, { provinsi: r.provinsi });
    const reports = await drainAll();
    expect(reports.reduce((n, x) => n + x.skipped, 0)).toBe(2); // the status and the round
    expect(await about(r.owner.email, /^(Status desa|Evaluasi desa wisata dibuka)/)).toEqual([]);
    expect(await about(r.second.email, /^(Status desa|Evaluasi desa wisata dibuka)/)).toHaveLength(2);
    // reminders are the other switch: still on
    expect((await reminder(id, r.dinas.token)).statusCode).toBe(202);
    await drainAll();
    expect(await about(r.owner.email, 'Pengingat: penilaian mandiri')).toHaveLength(1);
  });
});

describe('reminders', () => {
  it('POST …/pengingat (dinas, admin): 202, mails those in scope who have not submitted; the same day again 409; outside the period 409', async () => {
    const r = await region();
    const admin = await makeUser('admin');
    const nama = uniqueName('Evaluasi Ingat');
    const id = await newRound(r.dinas.token, { provinsi: r.provinsi, nama });
    await saveDraft(id, r.other.kd_desa, r.second.token);
    expect((await send(id, r.other.kd_desa, r.second.token)).statusCode).toBe(200);
    await drainAll();

    const res = await reminder(id, r.dinas.token);
    expect(res.statusCode).toBe(202);
    expect(res.body).toEqual({ status: 'success', message: MSG.reminderQueued, data: { id_evaluasi: id, tanggal: day(0) } });
    expect(await reminder(id, admin.token)).toMatchObject({
      statusCode: 409,
      body: { status: 'fail', message: MSG.reminderAlreadySent },
    });
    expect((await reminder(id, r.owner.token)).statusCode).toBe(403);
    expect((await reminder('EVAL-tidakada00', r.dinas.token)).body).toEqual({ status: 'fail', message: MSG.evaluationNotFound });
    const later = await newRound(r.dinas.token, { mulai: day(2), batas_mandiri: day(4), selesai: day(6) });
    expect((await reminder(later, admin.token)).body).toEqual({ status: 'fail', message: MSG.reminderOutsidePeriod });

    await drainAll();
    const reminded = await about(r.owner.email, `Pengingat: penilaian mandiri ${nama}`);
    expect(reminded).toHaveLength(1); // one mail naming both of the owner's villages
    expect(reminded[0]!.text).toContain(r.villageName);
    expect(reminded[0]!.subject).toContain(tanggal(day(10))); // batas_mandiri
    expect(reminded[0]!.text).toContain(`${config().webBaseUrl}/evaluasi/${id}/desa/${r.village.kd_desa}`);
    expect(await about(r.second.email, 'Pengingat')).toEqual([]); // submitted
    expect(await about(r.outside.email, 'Pengingat')).toEqual([]); // outside the region
  });

  it('a manager whose villages lie on different pages of the round gets one reminder naming all of them', async () => {
    const r = await region();
    const nama = uniqueName('Evaluasi Halaman');
    const id = await newRound(r.dinas.token, { provinsi: r.provinsi, nama });
    await drainAll();
    expect((await reminder(id, r.dinas.token)).statusCode).toBe(202);
    await drainAll({ limit: 1 }); // one village per page
    const reminded = await about(r.owner.email, `Pengingat: penilaian mandiri ${nama}`);
    expect(reminded).toHaveLength(1);
    expect(reminded[0]!.text).toContain(r.villageName);
    expect(reminded[0]!.text).toContain(r.secondName);
  });

  it('each run of the function from 08:00 WIB reminds the rounds closing in three days, once a day; before 08:00 none', async () => {
    const r = await region();
    const closing = await newRound(r.dinas.token, { provinsi: r.provinsi, batas_mandiri: day(3), selesai: day(9) });
    const notYet = await newRound(r.dinas.token, { provinsi: r.provinsi, batas_mandiri: day(4), selesai: day(9) });
    const date = today();
    const at = (time: string) => setClock(() => Date.parse(`${date}T${time}+07:00`));
    try {
      at('07:59:00');
      expect((await outboxFunction()).reminded).toEqual([]);
      at('08:00:00');
      const first = await outboxFunction();
      expect(first.reminded).toContain(closing);
      expect(first.reminded).not.toContain(notYet);
      expect(first.notices).toBeGreaterThan(0); // the same run drains
      at('08:01:00');
      expect((await outboxFunction()).reminded).toEqual([]); // reminded today already
    } finally {
      setClock();
    }
    await drainAll();
    expect(await about(r.owner.email, 'Pengingat: penilaian mandiri')).toHaveLength(1);
    expect((await reminder(closing, r.dinas.token)).body).toEqual({ status: 'fail', message: MSG.reminderAlreadySent });
  });
});

describe('the drain', () => {
  it('handles a batch per call (limit) and keeps where a notice to many stopped; nothing is sent twice', async () => {
    const r = await region();
    const more = await Promise.all([makeUser('pengelola'), makeUser('pengelola')]);
    for (const u of more) await makeVillage(u, { provinsi: r.provinsi, kabupaten: 'Kulon Progo' });
    await drainAll();
    const nama = uniqueName('Evaluasi Bertahap');
    await newRound(r.dinas.token, { provinsi: r.provinsi, nama });
    const owners = [r.owner, r.second, ...more];
    const told = async () => (await Promise.all(owners.map((o) => about(o.email, nama)))).map((m) => m.length);

    // 5 villages of 4 managers: 2 rows a call
    const first = await drainOutbox({ limit: 2, rate: 100 });
    expect(first).toMatchObject({ notices: 1, finished: 0, more: true });
    const [item] = await outboxItems();
    expect(item).toMatchObject({ handled: expect.any(Number), cursor: expect.any(String) });
    const calls = [first, ...(await drainAll({ limit: 2 }))];
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(await told()).toEqual([1, 1, 1, 1]);
    expect(await outboxItems()).toEqual([]);

    // three notices, one recipient each: two a call
    for (const v of [r.village, r.other, r.village]) expect((await statusOf(v.kd_desa, 'pending', r.dinas.token)).statusCode).toBe(201);
    expect(await drainOutbox({ limit: 2, rate: 100 })).toMatchObject({ notices: 2, finished: 2, sent: 2, more: true });
    expect(await outboxItems()).toHaveLength(1);
    expect(await drainOutbox({ limit: 2, rate: 100 })).toMatchObject({ notices: 1, finished: 1, sent: 1, more: false });
  });

  it('sends at most `rate` mails a second (measured)', async () => {
    const provinsi = uniqueName('Provinsi Laju');
    const dinas = await makeUser('dinas');
    const owners = await Promise.all(Array.from({ length: 12 }, () => makeUser('pengelola')));
    for (const o of owners) await makeVillage(o, { provinsi, kabupaten: 'Sleman' });
    await drainAll();
    await newRound(dinas.token, { provinsi });
    const started = Date.now();
    const reports = await drainAll({ rate: 5 });
    const seconds = (Date.now() - started) / 1000;
    const sent = reports.reduce((n, x) => n + x.sent, 0);
    expect(sent).toBe(12);
    // 5 in the first second, 5 in the second, 2 in the third: at least 2 s
    expect(seconds).toBeGreaterThanOrEqual(2);
    console.log(`outbox drain: ${sent} mails in ${seconds.toFixed(2)} s at rate 5 (${(sent / seconds).toFixed(1)} mails/s)`);
    const fast = await Promise.all(Array.from({ length: 40 }, () => makeUser('pengelola')));
    const p2 = uniqueName('Provinsi Cepat');
    for (const o of fast) await makeVillage(o, { provinsi: p2, kabupaten: 'Sleman' });
    await drainAll();
    await newRound(dinas.token, { provinsi: p2 });
    const t0 = Date.now();
    const fastReports = await drainAll({ rate: 1000 });
    const s2 = (Date.now() - t0) / 1000;
    const n2 = fastReports.reduce((n, x) => n + x.sent, 0);
    console.log(`outbox drain unthrottled: ${n2} mails in ${s2.toFixed(2)} s (${(n2 / s2).toFixed(1)} mails/s)`);
    expect(n2).toBe(40);
  });
});
