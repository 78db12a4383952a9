import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESClient } from '@aws-sdk/client-ses';
import { SignJWT, UnsecuredJWT } from 'jose';
import { handler as verifyAccount } from '../../functions/auth/verify-account';
import { handler as me } from '../../functions/auth/me';
import { handler as login } from '../../functions/auth/login';
import { signToken } from '../../lib/auth/jwt';
import { setClock } from '../../lib/platform/clock';
import { config } from '../../lib/platform/config';
import { deleteUser, getUserByEmail } from '../../lib/db/users';
import { MSG } from '../../lib/contract/messages';
import { withoutWebAppFields } from '../../lib/web-app/fields';
import { invoke, mailsTo, uniqueEmail } from '../support/api';
import { makeUser, TEST_PASSWORD } from '../support/users';

const verify = (email: string, token?: string) =>
  invoke(verifyAccount, { method: 'PUT', resource: '/auth/verify/{email}', pathParameters: { email }, token });
const whoAmI = (token?: string, headers?: Record<string, string>) => invoke(me, { method: 'GET', resource: '/auth/me', token, headers });

afterEach(() => {
  setClock();
  vi.restoreAllMocks();
});

describe('PUT /auth/verify/:email', () => {
  it('an admin verifies an account (idempotent), the user is mailed and can log in', async () => {
    const admin = await makeUser('admin');
    const user = await makeUser('pengelola', { verified: false });
    const res = await verify(user.email, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: MSG.accountVerified });
    expect((await getUserByEmail(user.email))!.is_verified).toBe(true);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('diverifikasi');
    expect(mails[0]!.html).toContain('<p>');

    const again = await verify(user.email, admin.token);
    expect(again.statusCode).toBe(200);
    expect((await getUserByEmail(user.email))!.is_verified).toBe(true);

    const ok = await invoke(login, { method: 'POST', resource: '/auth/login', body: { email: user.email, password: TEST_PASSWORD } });
    expect(ok.statusCode).toBe(200);
  });

  it('accepts a URL-encoded e-mail in the path and any letter case', async () => {
    const admin = await makeUser('admin');
    const user = await makeUser('dinas', { verified: false });
    const res = await invoke(verifyAccount, {
      method: 'PUT',
      resource: '/auth/verify/{email}',
      pathParameters: { email: encodeURIComponent(user.email.toUpperCase()) },
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect((await getUserByEmail(user.email))!.is_verified).toBe(true);
  });

  it('404 for an unknown user', async () => {
    const admin = await makeUser('admin');
    const res = await verify(uniqueEmail(), admin.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 'fail', message: MSG.userNotFound });
  });

  it('401 without a token, 403 for pengelola and dinas', async () => {
    const user = await makeUser('pengelola', { verified: false });
    const none = await verify(user.email);
    expect(none.statusCode).toBe(401);
    expect(none.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    for (const role of ['pengelola', 'dinas'] as const) {
      const caller = await makeUser(role);
      const res = await verify(user.email, caller.token);
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ status: 'fail', message: MSG.adminOnlyVerify });
    }
    expect((await getUserByEmail(user.email))!.is_verified).toBe(false);
  });

  it('when the mail fails: 500 "Gagal mengirim email", the account stays verified, a retry mails', async () => {
    const admin = await makeUser('admin');
    const user = await makeUser('pengelola', { verified: false });
    vi.spyOn(SESClient.prototype, 'send').mockRejectedValueOnce(new Error('SES down'));
    const res = await verify(user.email, admin.token);
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({ status: 'error', message: MSG.mailFailed });
    expect((await getUserByEmail(user.email))!.is_verified).toBe(true);
    vi.restoreAllMocks();
    expect((await verify(user.email, admin.token)).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

describe('GET /auth/me and token checks', () => {
  it('returns the user record from the table', async () => {
    const user = await makeUser('dinas');
    const res = await whoAmI(user.token);
    expect(res.statusCode).toBe(200);
    const contractUser = { id: user.id, username: user.username, email: user.email, role: 'dinas', is_verified: true };
    expect(withoutWebAppFields(res.body, 'me')).toEqual({ status: 'success', user: contractUser });
    expect(res.body.data).toEqual({ ...contractUser, fullname: 'Test dinas' }); // the web app's view (lib/web-app)
  });

  it('401 "Akses ditolak. Token tidak ditemukan." without a token', async () => {
    for (const headers of [undefined, { Authorization: '' }, { Authorization: '   ' }]) {
      const res = await whoAmI(undefined, headers);
      expect(res.statusCode).toBe(401);
      expect(res.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    }
  });

  it('401 "Token tidak valid atau sudah kadaluarsa" for malformed, badly signed, alg none, expired, deleted-user tokens', async () => {
    const user = await makeUser('pengelola');
    const now = Math.floor(Date.now() / 1000);
    const claims = { email: user.email, role: user.role };
    const badSignature = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('another-secret-of-sufficient-length-123'));
    const algNone = new UnsecuredJWT(claims)
      .setSubject(String(user.id))
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .encode();
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(user.id))
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(config().jwtSecret));
    const expired = await signToken(user, now - 25 * 3600);
    const tampered = (() => {
      const [h, , s] = user.token.split('.');
      const payload = Buffer.from(JSON.stringify({ ...claims, role: 'admin', sub: String(user.id), iat: now, exp: now + 3600 })).toString(
        'base64url',
      );
      return `${h}.${payload}.${s}`;
    })();
    const cases: Record<string, string | Record<string, string>> = {
      malformed: 'not-a-jwt',
      garbage: 'a.b.c',
      badSignature,
      algNone,
      hs512,
      expired,
      tampered,
      wrongScheme: { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = typeof token === 'string' ? await whoAmI(token) : await whoAmI(undefined, token);
      expect(res.statusCode, name).toBe(401);
      expect(res.body, name).toEqual({ status: 'fail', message: MSG.tokenInvalid });
    }
  });

  it('the token expires after JWT_TTL_SECONDS (clock moved, no sleeping)', async () => {
    const user = await makeUser('pengelola');
    const start = Date.now();
    setClock(() => start + (config().jwtTtlSeconds - 5) * 1000);
    expect((await whoAmI(user.token)).statusCode).toBe(200);
    setClock(() => start + (config().jwtTtlSeconds + 5) * 1000);
    expect((await whoAmI(user.token)).statusCode).toBe(401);
  });

  it('a token of a deleted user is rejected, also when the e-mail is registered again', async () => {
    const email = uniqueEmail();
    const user = await makeUser('pengelola', { email });
    await deleteUser(email);
    expect((await whoAmI(user.token)).body).toEqual({ status: 'fail', message: MSG.tokenInvalid });
    await makeUser('pengelola', { email }); // same e-mail, new id
    expect((await whoAmI(user.token)).statusCode).toBe(401);
  });
});
