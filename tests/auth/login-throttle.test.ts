import { afterEach, describe, expect, it } from 'vitest';
import { handler as login } from '../../functions/auth/login';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../../lib/auth/accounts';
import { setClock } from '../../lib/clock';
import { MSG } from '../../lib/messages';
import { invoke, uniqueEmail } from '../support/api';
import { makeUser, TEST_PASSWORD } from '../support/users';

const attempt = (email: string, password: string) => invoke(login, { method: 'POST', resource: '/auth/login', body: { email, password } });
let clock = Date.now();
afterEach(() => setClock());

describe('login throttling', () => {
  it('after 5 failures the account is refused with 429 (even the right password) until the lock ends, then works', async () => {
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

  it('parallel guessing cannot exceed the limit by much: the account is locked afterwards', async () => {
    const user = await makeUser('pengelola');
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt(user.email, 'wrong-password')));
    expect(results.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect((await attempt(user.email, TEST_PASSWORD)).statusCode).toBe(429);
  });
});
