import { afterEach, describe, expect, it } from 'vitest';
import { handler as login } from '../../functions/auth/login';
import { handler as requestReset } from '../../functions/auth/request-reset';
import { handler as resetPassword } from '../../functions/auth/reset-password';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, LOGIN_SLOWDOWN_AFTER, LOGIN_SLOWDOWN_MS, LOGIN_WINDOW_MS } from '../../lib/auth/accounts';
import { setClock, setPause } from '../../lib/platform/clock';
import { MSG } from '../../lib/contract/messages';
import { invoke, mailsTo, uniqueEmail } from '../support/api';
import { allItems } from '../support/table';
import { makeUser, TEST_PASSWORD } from '../support/users';

const attempt = (email: string, password: string, sourceIp = '203.0.113.7') =>
  invoke(login, { method: 'POST', resource: '/auth/login', body: { email, password }, sourceIp });
let clock = Date.now();
afterEach(() => {
  setClock();
  setPause();
});

describe('login throttling', () => {
  it('after 5 failures from one source, that source is refused with 429 (even the right password) until the lock ends, then works', async () => {
    clock = Date.now();
    setClock(() => clock);
    const user = await makeUser('pengelola');
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect((await attempt(user.email, 'wrong-password')).statusCode).toBe(401);
    const fifth = await attempt(user.email, 'wrong-password');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.body).toEqual({ status: 'fail', message: MSG.loginThrottled });
    expect(Number(fifth.headers['Retry-After'])).toBe(LOGIN_LOCK_MS / 1000);
    const right = await attempt(user.email, TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    clock += LOGIN_LOCK_MS - 1000;
    expect((await attempt(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    clock += 2000;
    expect((await attempt(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    // the success cleared the count: four more failures do not lock
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect((await attempt(user.email, 'wrong-password')).statusCode).toBe(401);
    expect((await attempt(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("an attacker's lock never reaches the owner: another source logs in while the attacker's is locked", async () => {
    const user = await makeUser('admin');
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await attempt(user.email, 'wrong-password', '198.51.100.66');
    expect((await attempt(user.email, TEST_PASSWORD, '198.51.100.66')).statusCode).toBe(429);
    expect((await attempt(user.email, TEST_PASSWORD, '203.0.113.10')).statusCode).toBe(200);
  });

  it('many sources past the per-e-mail ceiling slow the account down but do not lock the owner out', async () => {
    // the waits are recorded, not spent
    const paused: number[] = [];
    setPause(async (ms) => void paused.push(ms));
    const user = await makeUser('pengelola');
    const sources = Array.from({ length: Math.ceil((LOGIN_SLOWDOWN_AFTER + 2) / (LOGIN_MAX_FAILURES - 1)) }, (_, i) => `192.0.2.${i + 1}`);
    for (const ip of sources) for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await attempt(user.email, 'wrong-password', ip);
    const all = (await allItems()).find((i) => i.PK === `LOGIN#${user.email}` && i.SK === 'ALL');
    expect(all?.failures).toBeGreaterThanOrEqual(LOGIN_SLOWDOWN_AFTER);
    // every attempt after the ceiling was slowed down, and only those
    const failed = sources.length * (LOGIN_MAX_FAILURES - 1);
    expect(paused).toEqual(Array.from({ length: failed - LOGIN_SLOWDOWN_AFTER }, () => LOGIN_SLOWDOWN_MS));
    expect((await attempt(user.email, TEST_PASSWORD, '203.0.113.20')).statusCode).toBe(200);
    expect(paused).toHaveLength(failed - LOGIN_SLOWDOWN_AFTER + 1); // the owner too waits, but gets in
  });

  it('a successful password reset lifts every lock of the account', async () => {
    const user = await makeUser('pengelola');
    for (const ip of ['198.51.100.1', '198.51.100.2'])
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await attempt(user.email, 'wrong-password', ip);
    expect((await attempt(user.email, TEST_PASSWORD, '198.51.100.1')).statusCode).toBe(429);
    expect((await invoke(requestReset, { method: 'POST', resource: '/auth/password', body: { email: user.email } })).statusCode).toBe(200);
    const code = /\b(\d{6})\b/.exec((await mailsTo(user.email)).at(-1)!.text)![1]!;
    const reset = await invoke(resetPassword, {
      method: 'PUT',
      resource: '/auth/password',
      body: { email: user.email, resetCode: code, newPassword: 'baru-rahasia-1', confirmPassword: 'baru-rahasia-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await allItems()).filter((i) => i.PK === `LOGIN#${user.email}`)).toEqual([]);
    for (const ip of ['198.51.100.1', '198.51.100.2']) expect((await attempt(user.email, 'baru-rahasia-1', ip)).statusCode).toBe(200);
  });

  it('failures spread over more than the window do not add up', async () => {
    clock = Date.now();
    setClock(() => clock);
    const user = await makeUser('dinas');
    for (let i = 0; i < 8; i++) {
      expect((await attempt(user.email, 'wrong-password')).statusCode).toBe(401);
      clock += LOGIN_WINDOW_MS / 3;
    }
    expect((await attempt(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('unknown e-mails are throttled the same way (no account enumeration through 429 either)', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect((await attempt(email, 'x-password')).statusCode).toBe(401);
    expect((await attempt(email, 'x-password')).statusCode).toBe(429);
  });

  it('parallel guessing from one source cannot exceed the limit by much: the source is locked afterwards', async () => {
    const user = await makeUser('pengelola');
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt(user.email, 'wrong-password')));
    expect(results.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect((await attempt(user.email, TEST_PASSWORD)).statusCode).toBe(429);
  });
});
