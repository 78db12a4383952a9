import { describe, expect, it } from 'vitest';
import { handler as listUsers } from '../../functions/users/list';
import { SYSTEM } from '../../lib/db/history';
import { registerUser } from '../../lib/auth/accounts';
import { MSG } from '../../lib/contract/messages';
import { invoke, uniqueEmail, uniqueName } from '../support/api';
import { allItems } from '../support/table';
import { makeUser, TEST_PASSWORD } from '../support/users';
import { makeVillage } from '../support/villages';

const users = (query?: Record<string, string>, token?: string) =>
  invoke(listUsers, { method: 'GET', resource: '/api/users', query, token });

/** Internal attribute names that must never appear in a response body. */
const INTERNAL =
  /"(PK|SK|GSI1PK|GSI1SK|GSI2PK|GSI2SK|password_hash|password|password_changed_at|version|child_rev|type|signup_village|signup_source|request_codes|status_codes|id|username|role|created_at|updated_at)"|scrypt|\$/;

describe('GET /api/users', () => {
  it('lists every user as exactly {full_name, email, is_verified}, public, no internal attributes', async () => {
    const a = await registerUser(
      { username: uniqueName('a'), fullName: 'Ani Rahmawati', email: uniqueEmail('ani'), password: TEST_PASSWORD, role: 'pengelola' },
      false,
      SYSTEM,
    );
    const b = await registerUser(
      { username: uniqueName('b'), fullName: 'Bambang Dinas', email: uniqueEmail('bambang'), password: TEST_PASSWORD, role: 'dinas' },
      true,
      SYSTEM,
    );
    const c = await makeUser('admin');
    const res = await users();
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe('success');
    expect(Object.keys(res.body).sort()).toEqual(['data', 'status']);
    for (const row of res.body.data) expect(Object.keys(row).sort()).toEqual(['email', 'full_name', 'is_verified']);
    expect(res.body.data).toContainEqual({ full_name: 'Ani Rahmawati', email: a.email, is_verified: false });
    expect(res.body.data).toContainEqual({ full_name: 'Bambang Dinas', email: b.email, is_verified: true });
    expect(res.body.data).toContainEqual({ full_name: c.full_name, email: c.email, is_verified: true });
    expect(JSON.stringify(res.body)).not.toMatch(INTERNAL);

    // exactly the users of the table, once each
    const stored = (await allItems())
      .filter((i) => i.SK === 'USER')
      .map((i) => i.email)
      .sort();
    expect(res.body.data.map((u: any) => u.email).sort()).toEqual(stored);

    // a token (even a bad one) is ignored on this open route
    expect((await users(undefined, 'garbage')).statusCode).toBe(200);
  });

  it('includeDesa=false (and empty) is the plain list', async () => {
    await makeUser('pengelola');
    const plain = await users();
    for (const q of ['false', 'FALSE', '']) {
      const res = await users({ includeDesa: q });
      expect(res.statusCode).toBe(200);
      expect(res.body.data.map((u: any) => u.email).sort()).toEqual(plain.body.data.map((u: any) => u.email).sort());
      for (const row of res.body.data) expect(Object.keys(row).sort()).toEqual(['email', 'full_name', 'is_verified']);
    }
  });

  it('includeDesa=true lists only users that have a village, each with nama_desa; no internal attributes', async () => {
    const withVillage = await makeUser('pengelola');
    const unverifiedOwner = await makeUser('pengelola', { verified: false });
    const noVillage = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    await makeVillage(withVillage, { nama_desa: 'Desa Nglanggeran' });
    await makeVillage(unverifiedOwner, { nama_desa: 'Desa Kalibiru' });

    const res = await users({ includeDesa: 'true' });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe('success');
    for (const row of res.body.data) expect(Object.keys(row).sort()).toEqual(['email', 'full_name', 'is_verified', 'nama_desa']);
    expect(res.body.data).toContainEqual({
      full_name: withVillage.full_name,
      email: withVillage.email,
      is_verified: true,
      nama_desa: 'Desa Nglanggeran',
    });
    expect(res.body.data).toContainEqual({
      full_name: unverifiedOwner.full_name,
      email: unverifiedOwner.email,
      is_verified: false,
      nama_desa: 'Desa Kalibiru',
    });
    const emails = res.body.data.map((u: any) => u.email);
    expect(emails).not.toContain(noVillage.email);
    expect(emails).not.toContain(dinas.email);
    expect(JSON.stringify(res.body)).not.toMatch(INTERNAL);

    // exactly the owners of the table's villages
    const items = await allItems();
    const owners = new Set(items.filter((i) => i.SK === 'DESA').map((i) => i.email));
    expect(new Set(emails)).toEqual(owners);
    for (const row of res.body.data) expect(typeof row.nama_desa).toBe('string');
  });

  it('includeDesa=true: a manager of two villages appears with each village (one row per village)', async () => {
    const owner = await makeUser('pengelola');
    await makeVillage(owner, { nama_desa: 'Desa Satu' });
    await makeVillage(owner, { nama_desa: 'Desa Dua' });
    const res = await users({ includeDesa: 'true' });
    const mine = res.body.data.filter((u: any) => u.email === owner.email);
    expect(mine.map((u: any) => u.nama_desa).sort()).toEqual(['Desa Dua', 'Desa Satu']);
  });

  it("400 'Parameter includeDesa harus true atau false' for any other value", async () => {
    for (const q of ['yes', 'no', 'tru', '2', 'null', 'true,false', ' maybe ']) {
      const res = await users({ includeDesa: q });
      expect(res.statusCode, q).toBe(400);
      expect(res.body, q).toEqual({ status: 'fail', message: MSG.includeDesaInvalid });
    }
  });
});
