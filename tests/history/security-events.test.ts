/**
 * Account-security events in the history, made through the real routes: a login lock
 * and its lifting, a password reset, a token-less sign-up village; each with the source
 * address, in the account's (or village's) timeline and the admin's security feed, never
 * in what dinas reads; the retention TTL only on them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { handler as login } from '../../functions/auth/login';
import { handler as register } from '../../functions/auth/register';
import { handler as requestReset } from '../../functions/auth/request-reset';
import { handler as resetPassword } from '../../functions/auth/reset-password';
import { handler as feed } from '../../functions/history/feed';
import { handler as villageHistory } from '../../functions/history/village';
import { handler as createVillage } from '../../functions/villages/create';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../../lib/auth/accounts';
import { HISTORY_DOCS } from '../../lib/openapi/catalogue/history';
import { setClock } from '../../lib/platform/clock';
import { invoke, mailsTo, uniqueEmail } from '../support/api';
import { allItems } from '../support/table';
import { makeUser, TEST_PASSWORD } from '../support/users';
import { villageBody } from '../support/villages';

const ATTACKER = '198.51.100.77';
const attempt = (email: string, password: string, sourceIp = ATTACKER) =>
  invoke(login, { method: 'POST', resource: '/auth/login', body: { email, password }, sourceIp });
const entriesOf = async (scope: string) =>
  (await allItems()).filter((i) => i.PK === `HIST#${scope}`).sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
afterEach(() => setClock());

describe('security events', () => {
  it('a login lock and its lifting by a later successful login: one entry each, with the source, security-only', async () => {
    const user = await makeUser('pengelola');
    // (a fixed clock from here on, later than the registration: its entry sorts first)
    let clock = Date.now() + 1000;
    setClock(() => clock);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await attempt(user.email, 'salah-sekali');
    // further failures while locked record nothing more
    expect((await attempt(user.email, 'salah-sekali')).statusCode).toBe(429);
    let entries = await entriesOf(`USER#${user.email}`);
    expect(entries.map((e) => e.action)).toEqual(['account.registered', 'account.login_locked']);
    const locked = entries[1]!;
    expect(locked).toMatchObject({ actor_id: 'anonymous', security: true, source: ATTACKER, record: user.email, GSI1PK: 'HISTSEC' });
    expect(locked.changes).toHaveProperty('locked_until');

    clock += LOGIN_LOCK_MS + 1000;
    expect((await attempt(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    entries = await entriesOf(`USER#${user.email}`);
    expect(entries.map((e) => e.action)).toEqual(['account.registered', 'account.login_locked', 'account.login_unlocked']);
    expect(entries[2]).toMatchObject({ security: true, source: ATTACKER });
    // a plain successful login records nothing
    expect((await attempt(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await entriesOf(`USER#${user.email}`)).toHaveLength(3);
  });

  it('a password reset: one security entry with the source and the locks it lifted, no secret', async () => {
    const user = await makeUser('pengelola');
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await attempt(user.email, 'salah-sekali');
    await invoke(requestReset, { method: 'POST', resource: '/auth/password', body: { email: user.email } });
    const code = /\b(\d{6})\b/.exec((await mailsTo(user.email)).at(-1)!.text)![1]!;
    const res = await invoke(resetPassword, {
      method: 'PUT',
      resource: '/auth/password',
      body: { email: user.email, resetCode: code, newPassword: 'kata-sandi-baru-9', confirmPassword: 'kata-sandi-baru-9' },
      sourceIp: '203.0.113.44',
    });
    expect(res.statusCode).toBe(200);
    const reset = (await entriesOf(`USER#${user.email}`)).find((e) => e.action === 'account.password_reset')!;
    expect(reset).toMatchObject({ security: true, source: '203.0.113.44', actor_id: 'anonymous' });
    expect(reset.changes).toEqual({ login_locks: { before: 2, after: 0 } });
    expect(JSON.stringify(reset)).not.toMatch(new RegExp(`${code}|kata-sandi-baru|password_hash`));
  });

  it('a token-less sign-up village is a security event in the village timeline (admin: security feed; dinas: the timeline only)', async () => {
    const email = uniqueEmail('signup');
    const ip = '192.0.2.55';
    expect(
      (
        await invoke(register, {
          method: 'POST',
          resource: '/auth/register',
          body: { username: `su_${Date.now()}`, full_name: 'Sri Utami', email, password: TEST_PASSWORD, role: 'pengelola' },
          sourceIp: ip,
        })
      ).statusCode,
    ).toBe(201);
    const created = await invoke(createVillage, { method: 'POST', resource: '/api/desa-wisata', body: villageBody(email), sourceIp: ip });
    expect(created.statusCode).toBe(200);
    const kd = created.body.data.kd_desa as string;
    const [entry] = await entriesOf(kd);
    expect(entry).toMatchObject({ action: 'village.signup_created', actor_id: 'anonymous', security: true, source: ip, kd_desa: kd });
    const registered = (await entriesOf(`USER#${email}`))[0]!;
    expect(registered).toMatchObject({ action: 'account.registered', security: false, source: ip });

    const admin = await makeUser('admin');
    const dinas = await makeUser('dinas');
    const sec = await invoke(feed, {
      method: 'GET',
      resource: '/api/riwayat',
      query: { security: 'true', limit: '100' },
      token: admin.token,
    });
    expect(sec.body.data.some((e: { kd_desa?: string }) => e.kd_desa === kd)).toBe(true);
    const dinasFeed = await invoke(feed, { method: 'GET', resource: '/api/riwayat', query: { kd_desa: kd }, token: dinas.token });
    expect(dinasFeed.body.data).toEqual([]);
    const timeline = await invoke(villageHistory, {
      method: 'GET',
      resource: '/api/desa-wisata/{kd_desa}/riwayat',
      pathParameters: { kd_desa: kd },
      token: dinas.token,
    });
    expect(timeline.body.data.map((e: { action: string }) => e.action)).toEqual(['village.signup_created']);
    // the address is the admin's to see
    expect(timeline.body.data[0]).not.toHaveProperty('source');
  });

  it(
    "made-up e-mails cannot bury the security feed: their locks leave no entry (real accounts' do, expiring after 180 days)",
    { timeout: 120_000 },
    async () => {
      const admin = await makeUser('admin');
      const real = await makeUser('pengelola');
      // the finding: 20 e-mails × 4 sources × 5 failures made 80 entries; a smaller run shows the same
      const madeUp = [uniqueEmail('nobody'), '<img src=x onerror=alert(1)>@evil.example'];
      const sources = ['198.51.100.1', '198.51.100.2'];
      const runs = madeUp.flatMap((email) => sources.map((ip) => ({ email, ip })));
      const last = await Promise.all(
        runs.map(async ({ email, ip }) => {
          let res;
          for (let i = 0; i < LOGIN_MAX_FAILURES; i++) res = await attempt(email, 'salah-sekali', ip);
          return res!.statusCode;
        }),
      );
      // they are locked out all the same (an unknown e-mail answers like a known one)
      expect(last).toEqual(runs.map(() => 429));
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await attempt(real.email, 'salah-sekali', sources[0]);

      const items = await allItems();
      for (const email of madeUp)
        expect(
          items.filter((i) => i.PK === `HIST#USER#${email.toLowerCase()}`),
          email,
        ).toEqual([]);
      expect(JSON.stringify(items.filter((i) => String(i.PK).startsWith('HIST#')))).not.toContain('onerror');
      const sec = await invoke(feed, {
        method: 'GET',
        resource: '/api/riwayat',
        query: { security: 'true', limit: '100' },
        token: admin.token,
      });
      const locks = (sec.body.data as { action: string; record: string }[]).filter((e) => e.action === 'account.login_locked');
      expect(locks.filter((e) => madeUp.includes(e.record))).toEqual([]);
      expect(locks.filter((e) => e.record === real.email)).toHaveLength(1);
      // a security event expires after the default retention, 180 days
      const lock = items.find((i) => i.PK === `HIST#USER#${real.email}` && i.action === 'account.login_locked')!;
      expect(Math.abs(Number(lock.expiresAt) - (Date.parse(String(lock.at)) / 1000 + 180 * 86_400))).toBeLessThan(2);
      // what came from a request is stored as sent, and the feed's reader is told to show it as text
      expect(HISTORY_DOCS['GET /api/riwayat'].description).toMatch(/as text, never as HTML/);
    },
  );
});
