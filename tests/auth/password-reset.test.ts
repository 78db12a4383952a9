import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESClient } from '@aws-sdk/client-ses';
import { handler as requestReset } from '../../functions/auth/request-reset';
import { handler as verifyReset } from '../../functions/auth/verify-reset';
import { handler as resetPassword } from '../../functions/auth/reset-password';
import { handler as login } from '../../functions/auth/login';
import { handler as me } from '../../functions/auth/me';
import { SignJWT } from 'jose';
import { nowSeconds, setClock } from '../../lib/platform/clock';
import { config } from '../../lib/platform/config';
import { getResetCode } from '../../lib/db/reset-codes';
import { MSG } from '../../lib/contract/messages';
import { invoke, mailsTo, uniqueEmail } from '../support/api';
import { makeUser, TEST_PASSWORD } from '../support/users';

const ask = (email: unknown) => invoke(requestReset, { method: 'POST', resource: '/auth/password', body: { email } });
const check = (email: unknown, resetCode: unknown) =>
  invoke(verifyReset, { method: 'POST', resource: '/auth/password/verify', body: { email, resetCode } });
const reset = (body: Record<string, unknown>) => invoke(resetPassword, { method: 'PUT', resource: '/auth/password', body });

/** The code in the newest reset mail to `email`, read from the SES emulator. */
async function codeFromMail(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const last = mails.at(-1);
  expect(last, 'a reset mail').toBeDefined();
  const match = /(\d{6})/.exec(last!.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let clockMs = Date.now();
const advance = (ms: number) => {
  clockMs += ms;
};
afterEach(() => {
  setClock();
  vi.restoreAllMocks();
});
function useClock() {
  clockMs = Date.now();
  setClock(() => clockMs);
}

describe('password reset flow', () => {
  it('request → mail (text + HTML) → verify → reset → login with the new password; the code is gone', async () => {
    const user = await makeUser('pengelola');
    const res = await ask(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: MSG.resetCodeSent });

    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.html).toContain('<strong');
    const code = await codeFromMail(user.email);

    const stored = await getResetCode(user.email);
    expect(stored).toMatchObject({ attempts: 0, verified: false });
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored!.expiresAt).toBeGreaterThan(Date.now() / 1000 + 290);

    const ok = await check(user.email, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toEqual({ status: 'success', message: MSG.resetCodeValid });

    const done = await reset({ email: user.email, resetCode: code, newPassword: 'baru-sekali-1', confirmPassword: 'baru-sekali-1' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toEqual({ status: 'success', message: MSG.passwordResetSuccess });
    expect(await getResetCode(user.email)).toBeUndefined();

    expect(
      (await invoke(login, { method: 'POST', resource: '/auth/login', body: { email: user.email, password: TEST_PASSWORD } })).statusCode,
    ).toBe(401);
    expect(
      (await invoke(login, { method: 'POST', resource: '/auth/login', body: { email: user.email, password: 'baru-sekali-1' } })).statusCode,
    ).toBe(200);

    // the code was consumed: a second reset with it fails
    const again = await reset({ email: user.email, resetCode: code, newPassword: 'lagi-lagi-12', confirmPassword: 'lagi-lagi-12' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toEqual({ status: 'fail', message: MSG.resetCodeInvalidOrExpired });
  });

  it('a token issued before the password reset stops working', async () => {
    useClock();
    const user = await makeUser('dinas'); // token issued "now"
    advance(2000);
    await ask(user.email);
    const code = await codeFromMail(user.email);
    await reset({ email: user.email, resetCode: code, newPassword: 'baru-sekali-1', confirmPassword: 'baru-sekali-1' });
    const res = await invoke(me, { method: 'GET', resource: '/auth/me', token: user.token });
    expect(res.statusCode).toBe(401);
  });

  it('a token from the same second as the password reset stops working; one issued after it works; a token without pv as before', async () => {
    useClock(); // the clock stands still: login, reset and the next login all in one second
    const user = await makeUser('dinas');
    const loggedIn = await invoke(login, { method: 'POST', resource: '/auth/login', body: { email: user.email, password: TEST_PASSWORD } });
    expect(loggedIn.statusCode).toBe(200);
    const old = loggedIn.body.token as string;
    // a token as issued before the `pv` claim existed (same claims, no pv)
    const legacy = await new SignJWT({ email: user.email, role: user.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + 3600)
      .sign(new TextEncoder().encode(config().jwtSecret));
    expect((await invoke(me, { method: 'GET', resource: '/auth/me', token: legacy })).statusCode).toBe(200);

    await ask(user.email);
    const code = await codeFromMail(user.email);
    const done = await reset({ email: user.email, resetCode: code, newPassword: 'baru-sekali-1', confirmPassword: 'baru-sekali-1' });
    expect(done.statusCode).toBe(200);

    for (const token of [old, user.token]) {
      const res = await invoke(me, { method: 'GET', resource: '/auth/me', token });
      expect(res.statusCode).toBe(401);
      expect(res.body).toEqual({ status: 'fail', message: MSG.tokenInvalid });
    }
    // the token without pv keeps its old rule: issued in the second of the change, it still reads …
    expect((await invoke(me, { method: 'GET', resource: '/auth/me', token: legacy })).statusCode).toBe(200);
    const fresh = await invoke(login, { method: 'POST', resource: '/auth/login', body: { email: user.email, password: 'baru-sekali-1' } });
    expect(fresh.statusCode).toBe(200);
    const mine = await invoke(me, { method: 'GET', resource: '/auth/me', token: fresh.body.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.body.data).toMatchObject({ email: user.email });
    // … and is void once the change is a second older than it
    advance(61_000); // (a new code a minute after the last)
    await ask(user.email);
    const again = await codeFromMail(user.email);
    await reset({ email: user.email, resetCode: again, newPassword: 'lagi-lagi-12', confirmPassword: 'lagi-lagi-12' });
    expect((await invoke(me, { method: 'GET', resource: '/auth/me', token: legacy })).statusCode).toBe(401);
  });

  it('POST /auth/password: 400 without e-mail, 404 for an unknown e-mail', async () => {
    for (const body of [{}, { email: '' }, { email: '   ' }, { email: 12 }]) {
      const res = await invoke(requestReset, { method: 'POST', resource: '/auth/password', body });
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.emailRequired });
    }
    const res = await ask(uniqueEmail());
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 'fail', message: MSG.emailNotFound });
  });

  it('a second code within a minute is refused (429) and the first stays valid; after a minute a new code replaces it', async () => {
    useClock();
    const user = await makeUser('pengelola');
    expect((await ask(user.email)).statusCode).toBe(200);
    const first = await codeFromMail(user.email);
    advance(30_000);
    const again = await ask(user.email);
    expect(again.statusCode).toBe(429);
    expect(again.body).toEqual({ status: 'fail', message: MSG.resetCodeTooSoon });
    expect(again.headers['Retry-After']).toBe('60');
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect((await check(user.email, first)).statusCode).toBe(200);

    advance(31_000);
    expect((await ask(user.email)).statusCode).toBe(200);
    const second = await codeFromMail(user.email);
    expect(await mailsTo(user.email)).toHaveLength(2);
    if (second !== first) {
      // one live code per e-mail: the old one no longer works
      expect((await check(user.email, first)).statusCode).toBe(400);
    }
    expect((await check(user.email, second)).statusCode).toBe(200);
  });

  it('an expired code (5 minutes) is refused by verify and by reset', async () => {
    useClock();
    const user = await makeUser('pengelola');
    await ask(user.email);
    const code = await codeFromMail(user.email);
    advance(4 * 60_000 + 59_000);
    expect((await check(user.email, code)).statusCode).toBe(200);
    advance(1_000);
    const late = await check(user.email, code);
    expect(late.statusCode).toBe(400);
    expect(late.body).toEqual({ status: 'fail', message: MSG.resetCodeWrong });
    const res = await reset({ email: user.email, resetCode: code, newPassword: 'baru-sekali-1', confirmPassword: 'baru-sekali-1' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'fail', message: MSG.resetCodeInvalidOrExpired });
  });

  it('after five wrong tries the code is void, even the right one (sixth try)', async () => {
    const user = await makeUser('pengelola');
    await ask(user.email);
    const code = await codeFromMail(user.email);
    for (let i = 0; i < 5; i++) {
      const res = await check(user.email, wrongCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.resetCodeWrong });
    }
    const sixth = await check(user.email, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.body).toEqual({ status: 'fail', message: MSG.resetCodeWrong });
    const res = await reset({ email: user.email, resetCode: code, newPassword: 'baru-sekali-1', confirmPassword: 'baru-sekali-1' });
    expect(res.statusCode).toBe(400);
  });

  it('parallel guesses cannot exceed five tries', async () => {
    const user = await makeUser('pengelola');
    await ask(user.email);
    const code = await codeFromMail(user.email);
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all(guesses.map((g) => check(user.email, g)));
    expect(results.every((r) => r.statusCode === 400)).toBe(true);
    expect((await getResetCode(user.email))!.attempts).toBe(5);
    expect((await check(user.email, code)).statusCode).toBe(400);
  });

  it('wrong tries on PUT /auth/password count too, and correct checks do not use up tries', async () => {
    const user = await makeUser('pengelola');
    await ask(user.email);
    const code = await codeFromMail(user.email);
    for (let i = 0; i < 4; i++) expect((await check(user.email, wrongCode(code))).statusCode).toBe(400);
    expect((await check(user.email, code)).statusCode).toBe(200);
    expect((await check(user.email, code)).statusCode).toBe(200);
    const bad = await reset({
      email: user.email,
      resetCode: wrongCode(code),
      newPassword: 'baru-sekali-1',
      confirmPassword: 'baru-sekali-1',
    });
    expect(bad.body).toEqual({ status: 'fail', message: MSG.resetCodeInvalidOrExpired });
    // five wrong tries are used up now
    const res = await reset({ email: user.email, resetCode: code, newPassword: 'baru-sekali-1', confirmPassword: 'baru-sekali-1' });
    expect(res.statusCode).toBe(400);
  });

  it('verify: missing e-mail or code → 400 with the contract text', async () => {
    for (const body of [{}, { email: uniqueEmail() }, { resetCode: '123456' }, { email: '', resetCode: '' }]) {
      const res = await invoke(verifyReset, { method: 'POST', resource: '/auth/password/verify', body });
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.resetVerifyMissing });
    }
    const none = await check(uniqueEmail(), '123456');
    expect(none.body).toEqual({ status: 'fail', message: MSG.resetCodeWrong });
  });

  it('reset: missing fields, mismatched passwords, too-short password', async () => {
    const base = { email: uniqueEmail(), resetCode: '123456', newPassword: 'baru-sekali-1', confirmPassword: 'baru-sekali-1' };
    for (const field of Object.keys(base)) {
      const res = await reset({ ...base, [field]: undefined });
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.resetAllFieldsRequired });
    }
    const mismatch = await reset({ ...base, confirmPassword: 'lain-sekali-1' });
    expect(mismatch.body).toEqual({ status: 'fail', message: MSG.resetPasswordMismatch });
    const short = await reset({ ...base, newPassword: 'abc', confirmPassword: 'abc' });
    expect(short.body).toEqual({ status: 'fail', message: MSG.passwordLength });
    const unknown = await reset(base);
    expect(unknown.body).toEqual({ status: 'fail', message: MSG.resetCodeInvalidOrExpired });
  });

  it('when SES fails: 500 "Gagal mengirim email", no code left behind, and asking again works at once', async () => {
    const user = await makeUser('pengelola');
    vi.spyOn(SESClient.prototype, 'send').mockRejectedValueOnce(new Error('SES is down'));
    const res = await ask(user.email);
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({ status: 'error', message: MSG.mailFailed });
    expect(await getResetCode(user.email)).toBeUndefined();
    vi.restoreAllMocks();
    expect((await ask(user.email)).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});
