/** The account endpoints through real HTTP, served by serverless-offline as `npm start` serves them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../lib/messages';
import { mailsTo, uniqueEmail, uniqueName } from '../support/api';
import { startOffline, type Offline } from '../support/offline';
import { makeUser } from '../support/users';

let server: Offline;
beforeAll(async () => {
  server = await startOffline();
}, 120_000);
afterAll(async () => server?.stop());

async function call(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('through serverless-offline', () => {
  it('register → admin verifies → login → /auth/me', async () => {
    const email = uniqueEmail('e2e');
    const reg = await call('POST', '/auth/register', { username: uniqueName(), fullName: 'Siti', email, password: 'rahasia-123' });
    expect(reg.status).toBe(201);
    expect((await call('POST', '/auth/login', { email, password: 'rahasia-123' })).status).toBe(403);
    const admin = await makeUser('admin');
    const ver = await call('PUT', `/auth/verify/${encodeURIComponent(email)}`, undefined, admin.token);
    expect(ver).toEqual({ status: 200, body: { status: 'success', message: MSG.accountVerified } });
    const login = await call('POST', '/auth/login', { email, password: 'rahasia-123' });
    expect(login.status).toBe(200);
    const me = await call('GET', '/auth/me', undefined, login.body.token);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, role: 'pengelola', is_verified: true });
  });

  it('the reset flow end to end with the code read from the SES emulator', async () => {
    const user = await makeUser('pengelola');
    expect((await call('POST', '/auth/password', { email: user.email })).body).toEqual({ status: 'success', message: MSG.resetCodeSent });
    const code = /(\d{6})/.exec((await mailsTo(user.email)).at(-1)!.text)![1]!;
    expect((await call('POST', '/auth/password/verify', { email: user.email, resetCode: code })).status).toBe(200);
    const reset = await call('PUT', '/auth/password', { email: user.email, resetCode: code, newPassword: 'sandi-baru-99', confirmPassword: 'sandi-baru-99' });
    expect(reset).toEqual({ status: 200, body: { status: 'success', message: MSG.passwordResetSuccess } });
    expect((await call('POST', '/auth/login', { email: user.email, password: 'sandi-baru-99' })).status).toBe(200);
  });

  it('errors keep their exact bodies over HTTP', async () => {
    expect(await call('GET', '/auth/me')).toEqual({ status: 401, body: { status: 'fail', message: MSG.tokenMissing } });
    expect(await call('GET', '/auth/me', undefined, 'x.y.z')).toEqual({ status: 401, body: { status: 'fail', message: MSG.tokenInvalid } });
    expect(await call('POST', '/auth/password', {})).toEqual({ status: 400, body: { status: 'fail', message: MSG.emailRequired } });
    expect(await call('POST', '/auth/register', '{not json')).toEqual({ status: 400, body: { status: 'fail', message: MSG.invalidJson } });
    expect(await call('GET', '/no/such/route')).toEqual({ status: 404, body: { status: 'fail', message: MSG.notFoundRoute } });
    expect(await call('DELETE', '/api/whatever')).toEqual({ status: 404, body: { status: 'fail', message: MSG.notFoundRoute } });
  });
});
