/**
 * A finding of the third outside test, hand-over without consent: PUT /api/desa-wisata/{kd} naming another
 * e-mail moves the village only to a verified pengelola, and both managers are mailed
 * through the outbox (the change's notice, mailed by the drain once it committed; SES
 * failing delays the mails, never the PUT), whatever their notification switches. No acceptance step
 * (docs/decisions.md): the receiver may hand it back or delete it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESClient } from '@aws-sdk/client-ses';
import { handler as getVillage } from '../../functions/villages/get';
import { handler as updateVillage } from '../../functions/villages/update';
import { MSG } from '../../lib/contract/messages';
import { invoke, mailsTo } from '../support/api';
import { drainOutbox } from '../../lib/domain/notifications';
import { setNotificationSwitches } from '../../lib/db/users';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage, villageBody } from '../support/villages';

const put = (kd: string, email: string, token: string, overrides: Record<string, unknown> = {}) =>
  invoke(updateVillage, {
    method: 'PUT',
    resource: '/api/desa-wisata/{kd_desa}',
    pathParameters: { kd_desa: kd },
    body: villageBody(email, overrides),
    token,
  });
const getOne = async (kd: string) =>
  (await invoke(getVillage, { method: 'GET', resource: '/api/desa-wisata/{kd_desa}', pathParameters: { kd_desa: kd } })).body;
/** The hand-over mails to `email`, once the outbox is drained. */
async function handoverMails(email: string) {
  for (let more = true; more;) more = (await drainOutbox({ rate: 1000 })).more;
  return (await mailsTo(email)).filter((m) => m.subject === 'Serah Terima Desa Wisata');
}

afterEach(() => vi.restoreAllMocks());

describe('PUT /api/desa-wisata/{kd}: handing a village to another manager', () => {
  it('to an unverified pengelola → 400, nothing changes, nobody is mailed', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const before = await getOne(kd_desa);
    const fresh = await makeUser('pengelola', { verified: false });
    const res = await put(kd_desa, fresh.email, owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'fail', message: MSG.villageHandoverUnverified });
    expect(await getOne(kd_desa)).toEqual(before);
    expect((await allItems()).filter((i) => i.type === 'DESA' && i.email === fresh.email)).toEqual([]);
    expect(await handoverMails(owner.email)).toEqual([]);
    expect(await handoverMails(fresh.email)).toEqual([]);
  });

  it('to a dinas or admin account → 400 (they cannot manage a village), nothing changes', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const before = await getOne(kd_desa);
    for (const role of ['dinas', 'admin'] as const) {
      const other = await makeUser(role);
      const res = await put(kd_desa, other.email, owner.token);
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.villageOwnerNotPengelola });
    }
    expect(await getOne(kd_desa)).toEqual(before);
  });

  it('to a verified pengelola → 200, the village is theirs, and both managers get a mail', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const next = await makeUser('pengelola');
    const name = `Desa Wisata Serah Terima ${Math.random().toString(36).slice(2, 7)}`;
    const res = await put(kd_desa, next.email, owner.token, { nama_popular: name });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe('success');
    expect((await getOne(kd_desa)).data.email).toBe(next.email);

    const [toPrevious] = await handoverMails(owner.email);
    const [toNext] = await handoverMails(next.email);
    expect(toPrevious, 'mail to the previous manager').toBeDefined();
    expect(toNext, 'mail to the new manager').toBeDefined();
    for (const mail of [toPrevious!, toNext!]) {
      expect(mail.text).toContain(kd_desa);
      expect(mail.text).toContain(name);
      expect(mail.html).toContain(kd_desa);
    }
    expect(toPrevious!.to).toEqual([owner.email]);
    expect(toPrevious!.text).toContain(next.email);
    expect(toNext!.to).toEqual([next.email]);
    expect(toNext!.text).toContain(owner.email);

    // the previous owner has no say any more; the receiver may hand it back
    expect((await put(kd_desa, owner.email, owner.token)).statusCode).toBe(403);
    expect((await put(kd_desa, owner.email, next.token)).statusCode).toBe(200);
    expect((await getOne(kd_desa)).data.email).toBe(owner.email);
    expect(await handoverMails(owner.email)).toHaveLength(2);
    expect(await handoverMails(next.email)).toHaveLength(2);
  });

  it('a PUT that keeps the owner mails nobody', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    expect((await put(kd_desa, owner.email, owner.token)).statusCode).toBe(200);
    expect(await handoverMails(owner.email)).toEqual([]);
  });

  it('when SES fails: the hand-over still answers 200 (it committed); the mails go on a later run of the drain', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const next = await makeUser('pengelola');
    const res = await put(kd_desa, next.email, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe('success');
    expect((await getOne(kd_desa)).data.email).toBe(next.email);
    const failing = vi.spyOn(SESClient.prototype, 'send').mockRejectedValue(new Error('SES down'));
    expect(await drainOutbox({ rate: 1000 })).toMatchObject({ sent: 0, failed: 1 });
    failing.mockRestore();
    expect(await handoverMails(owner.email)).toHaveLength(1);
    expect(await handoverMails(next.email)).toHaveLength(1);
  });

  it('both managers are mailed even with their notification switches off (who manages the village changed)', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const next = await makeUser('pengelola');
    for (const u of [owner, next]) await setNotificationSwitches(u.email, { pengingat: false, perubahan: false }, u);
    expect((await put(kd_desa, next.email, owner.token)).statusCode).toBe(200);
    expect(await handoverMails(owner.email)).toHaveLength(1);
    expect(await handoverMails(next.email)).toHaveLength(1);
  });
});
