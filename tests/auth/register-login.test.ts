import { describe, expect, it } from 'vitest';
import { handler as register } from '../../functions/auth/register';
import { handler as login } from '../../functions/auth/login';
import { handler as me } from '../../functions/auth/me';
import { getUserByEmail } from '../../lib/db/users';
import { MSG } from '../../lib/contract/messages';
import { registerUser } from '../../lib/auth/accounts';
import { SYSTEM } from '../../lib/db/history';
import { invoke, uniqueEmail, uniqueName } from '../support/api';
import { makeUser, TEST_PASSWORD } from '../support/users';

const post = (h: typeof register, resource: string, body: unknown) => invoke(h, { method: 'POST', resource, body });

describe('POST /auth/register', () => {
  it('creates an unverified pengelola by default and returns its integer id', async () => {
    const email = uniqueEmail();
    const res = await post(register, '/auth/register', { username: uniqueName(), fullName: 'Budi Santoso', email, password: 'rahasia123' });
    expect(res.statusCode).toBe(201);
    expect(res.body).toEqual({ status: 'success', message: MSG.registerSuccess, data: { id: expect.any(Number) } });
    const stored = await getUserByEmail(email);
    expect(stored).toMatchObject({ role: 'pengelola', is_verified: false, full_name: 'Budi Santoso', id: res.body.data.id });
    expect(stored!.password_hash).toMatch(/^scrypt\$/);
    expect(stored!.password_hash).not.toContain('rahasia123');
  });

  it('accepts full_name and role dinas, and gives increasing ids', async () => {
    const a = await post(register, '/auth/register', {
      username: uniqueName(),
      full_name: 'Dinas A',
      email: uniqueEmail(),
      password: 'rahasia123',
      role: 'dinas',
    });
    const b = await post(register, '/auth/register', {
      username: uniqueName(),
      full_name: 'Dinas B',
      email: uniqueEmail(),
      password: 'rahasia123',
      role: 'dinas',
    });
    expect(a.statusCode).toBe(201);
    expect(b.body.data.id).toBeGreaterThan(a.body.data.id);
  });

  it('refuses self-registration as admin, short passwords and missing fields', async () => {
    for (const body of [
      { username: uniqueName(), fullName: 'X', email: uniqueEmail(), password: 'rahasia123', role: 'admin' },
      { username: uniqueName(), fullName: 'X', email: uniqueEmail(), password: 'short' },
      { username: uniqueName(), email: uniqueEmail(), password: 'rahasia123' },
      { username: 'no spaces!', fullName: 'X', email: uniqueEmail(), password: 'rahasia123' },
      { username: uniqueName(), fullName: 'X', email: 'not-an-email', password: 'rahasia123' },
      [],
    ]) {
      const res = await post(register, '/auth/register', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.registerInvalid });
    }
  });

  it('derives a unique username from the e-mail when none is sent (the web app registers so)', async () => {
    const local = uniqueName('same').replace(/_/g, '.');
    const a = await post(register, '/auth/register', { fullName: 'A', email: `${local}@example.com`, password: 'rahasia123' });
    const b = await post(register, '/auth/register', { fullName: 'B', email: `${local}@example.org`, password: 'rahasia123' });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const names = await Promise.all([`${local}@example.com`, `${local}@example.org`].map(async (e) => (await getUserByEmail(e))!.username));
    expect(names[0]).toBe(local);
    expect(names[1]).toMatch(new RegExp(`^${local.replace(/\./g, '\\.')}-\\d{4}$`));
  });

  it('answers 409 for a used e-mail (any case) or username', async () => {
    const email = uniqueEmail();
    const username = uniqueName();
    expect((await post(register, '/auth/register', { username, fullName: 'A', email, password: 'rahasia123' })).statusCode).toBe(201);
    const dupEmail = await post(register, '/auth/register', {
      username: uniqueName(),
      fullName: 'B',
      email: email.toUpperCase(),
      password: 'rahasia123',
    });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.body).toEqual({ status: 'fail', message: MSG.emailTaken });
    const dupName = await post(register, '/auth/register', {
      username: username.toUpperCase(),
      fullName: 'C',
      email: uniqueEmail(),
      password: 'rahasia123',
    });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.body).toEqual({ status: 'fail', message: MSG.usernameTaken });
  });

  it('a list of username candidates: a taken one gives way to the next (the unit of work tries each once); all taken → 409', async () => {
    const taken = uniqueName();
    await post(register, '/auth/register', { username: taken, fullName: 'A', email: uniqueEmail(), password: 'rahasia123' });
    const next = uniqueName();
    const user = await registerUser(
      { username: [taken, next], fullName: 'B', email: uniqueEmail(), password: 'rahasia123', role: 'pengelola' },
      true,
      SYSTEM,
    );
    expect(user.username).toBe(next);
    await expect(
      registerUser(
        { username: [taken, next], fullName: 'C', email: uniqueEmail(), password: 'rahasia123', role: 'pengelola' },
        true,
        SYSTEM,
      ),
    ).rejects.toMatchObject({ message: MSG.usernameTaken });
  });

  it('malformed JSON is a 400 fail', async () => {
    const res = await invoke(register, {
      method: 'POST',
      resource: '/auth/register',
      body: '{"username":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'fail', message: MSG.invalidJson });
  });
});

describe('POST /auth/login', () => {
  it('returns a token (top level and in data) that /auth/me accepts', async () => {
    const user = await makeUser('pengelola');
    const res = await post(login, '/auth/login', { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: MSG.loginSuccess, token: expect.any(String) });
    expect(res.body.data.user).toEqual({
      id: user.id,
      username: user.username,
      full_name: user.full_name,
      email: user.email,
      role: 'pengelola',
      is_verified: true,
    });
    expect(JSON.stringify(res.body)).not.toContain('password');
    const who = await invoke(me, { method: 'GET', resource: '/auth/me', token: res.body.token });
    expect(who.statusCode).toBe(200);
    expect(who.body.user.email).toBe(user.email);
  });

  it('gives the same 401 for an unknown e-mail and a wrong password', async () => {
    const user = await makeUser('dinas');
    const wrong = await post(login, '/auth/login', { email: user.email, password: 'salah-sekali' });
    const unknown = await post(login, '/auth/login', { email: uniqueEmail(), password: TEST_PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toEqual({ status: 'fail', message: MSG.loginFailed });
    }
  });

  it('refuses an unverified account with 403, only after the password matched', async () => {
    const user = await makeUser('pengelola', { verified: false });
    const res = await post(login, '/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual({ status: 'fail', message: MSG.accountUnverified });
    const wrong = await post(login, '/auth/login', { email: user.email, password: 'bukan-ini-123' });
    expect(wrong.statusCode).toBe(401);
  });

  it('needs e-mail and password', async () => {
    const res = await post(login, '/auth/login', { email: uniqueEmail() });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'fail', message: MSG.loginMissing });
  });
});
