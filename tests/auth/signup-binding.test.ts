/**
 * A finding of the third outside test, sign-up squatting: a token-less first village is accepted only from the
 * source address that registered the account — what the web app's Register.jsx does
 * (POST /authentication/register, then POST /api/desa-wisata from the same browser,
 * carrying nothing from the register answer). Everyone else gets the contract's 401.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler as register } from '../../functions/auth/register';
import { handler as createVillage } from '../../functions/villages/create';
import { handler as byEmail } from '../../functions/villages/by-email';
import { registerUser } from '../../lib/auth/accounts';
import { MSG } from '../../lib/contract/messages';
import { anonymous } from '../../lib/contract/caller';
import { invoke, uniqueEmail } from '../support/api';
import { allItems } from '../support/table';
import { TEST_PASSWORD } from '../support/users';
import { villageBody } from '../support/villages';

const OWNER_IP = '198.51.100.10';
const SQUATTER_IP = '203.0.113.20';

const signUp = (email: string, sourceIp: string) =>
  invoke(register, {
    method: 'POST',
    resource: '/auth/register',
    body: { fullName: 'Doto Yogantoro', email, password: TEST_PASSWORD, role: 'pengelola' },
    sourceIp,
  });
const postVillage = (email: string, sourceIp: string) =>
  invoke(createVillage, { method: 'POST', resource: '/api/desa-wisata', body: villageBody(email), sourceIp });
const villagesOf = async (email: string) =>
  (await invoke(byEmail, { method: 'GET', resource: '/api/desa-wisata/email/{email}', pathParameters: { email } })).body.data;
const userItem = async (email: string) => (await allItems()).find((i) => i.SK === 'USER' && i.email === email)!;

describe('token-less sign-up village: bound to the registering source address', () => {
  it('register from A; a token-less POST from B → 401 and nothing created; from A → 200 (the contract’s answer)', async () => {
    const email = uniqueEmail('signup');
    const reg = await signUp(email, OWNER_IP);
    expect(reg.statusCode).toBe(201);
    // the register answer is the contract's, unchanged: nothing new for a client to carry
    expect(reg.body).toEqual({ status: 'success', message: MSG.registerSuccess, data: { id: expect.any(Number) } });

    const squat = await postVillage(email, SQUATTER_IP);
    expect(squat.statusCode).toBe(401);
    expect(squat.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    expect(await villagesOf(email)).toEqual([]);
    expect((await userItem(email)).signup_village).toBeUndefined();
    expect((await allItems()).filter((i) => i.type === 'DESA' && i.email === email)).toEqual([]);

    const own = await postVillage(email, OWNER_IP);
    expect(own.statusCode).toBe(200);
    expect(own.body.data.kd_desa).toMatch(/^DESA-/);
    expect((await villagesOf(email)).map((v: any) => v.kd_desa)).toEqual([own.body.data.kd_desa]);

    // and still only once, also from the right source
    expect((await postVillage(email, OWNER_IP)).statusCode).toBe(401);
  });

  it('the source is stored as a keyed hash, never the address (nor its plain SHA-256)', async () => {
    const email = uniqueEmail('signup');
    await signUp(email, OWNER_IP);
    const item = await userItem(email);
    expect(typeof item.signup_source).toBe('string');
    expect(JSON.stringify(item)).not.toContain(OWNER_IP);
    for (const enc of ['hex', 'base64', 'base64url'] as const)
      expect(item.signup_source).not.toBe(createHash('sha256').update(OWNER_IP).digest(enc));
  });

  it('the same address written as an IPv4-mapped IPv6 address is the same source', async () => {
    const email = uniqueEmail('signup');
    await signUp(email, OWNER_IP);
    expect((await postVillage(email, `::ffff:${OWNER_IP}`)).statusCode).toBe(200);
  });

  it('an account registered without a known source (CLI, helpers) has no token-less village', async () => {
    const email = uniqueEmail('signup');
    await registerUser(
      { username: `nosrc_${Date.now()}`, fullName: 'Tanpa Sumber', email, password: TEST_PASSWORD, role: 'pengelola' },
      false,
      anonymous(),
    );
    const res = await postVillage(email, '127.0.0.1');
    expect(res.statusCode).toBe(401);
    expect(res.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    const noIp = await invoke(createVillage, { method: 'POST', resource: '/api/desa-wisata', body: villageBody(email), sourceIp: '' });
    expect(noIp.statusCode).toBe(401);
  });

  it('parallel: the owner and a squatter race right after the registration; only the owner’s village exists', async () => {
    const email = uniqueEmail('signup');
    await signUp(email, OWNER_IP);
    const [squat, own] = await Promise.all([postVillage(email, SQUATTER_IP), postVillage(email, OWNER_IP)]);
    expect(squat.statusCode).toBe(401);
    expect(own.statusCode).toBe(200);
    expect((await villagesOf(email)).map((v: any) => v.kd_desa)).toEqual([own.body.data.kd_desa]);
  });
});
