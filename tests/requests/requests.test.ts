import { afterEach, describe, expect, it } from 'vitest';
import { handler as createRequest } from '../../functions/requests/create';
import { handler as listRequests } from '../../functions/requests/list';
import { handler as getRequest } from '../../functions/requests/get';
import { handler as updateRequest } from '../../functions/requests/update';
import { handler as deleteRequest } from '../../functions/requests/delete';
import { handler as listVillages } from '../../functions/villages/list';
import { handler as updateVillage } from '../../functions/villages/update';
import { SYSTEM } from '../../lib/db/history';
import { registerUser } from '../../lib/auth/accounts';
import { signToken } from '../../lib/auth/jwt';
import type { Role } from '../../lib/contract/roles';
import { setClock } from '../../lib/platform/clock';
import { MSG } from '../../lib/contract/messages';
import { invoke, uniqueEmail, uniqueName } from '../support/api';
import { allItems } from '../support/table';
import { makeUser, TEST_PASSWORD } from '../support/users';
import { makeVillage, villageBody } from '../support/villages';

const post = (body: unknown, token?: string) => invoke(createRequest, { method: 'POST', resource: '/api/permintaan', body, token });
const list = (token?: string) => invoke(listRequests, { method: 'GET', resource: '/api/permintaan', token });
const getOne = (kd: string, token?: string) =>
  invoke(getRequest, { method: 'GET', resource: '/api/permintaan/{kd_permintaan}', pathParameters: { kd_permintaan: kd }, token });
const put = (kd: string, body: unknown, token?: string) =>
  invoke(updateRequest, { method: 'PUT', resource: '/api/permintaan/{kd_permintaan}', pathParameters: { kd_permintaan: kd }, body, token });
const del = (kd: string, token?: string) =>
  invoke(deleteRequest, { method: 'DELETE', resource: '/api/permintaan/{kd_permintaan}', pathParameters: { kd_permintaan: kd }, token });

const STATUSES = ['diproses', 'diterima', 'ditolak', 'selesai'] as const;
const REQUEST_KEYS = [
  'kd_permintaan',
  'email',
  'kd_desa',
  'status_permintaan',
  'created_at',
  'updated_at',
  'nama_pengguna',
  'nama_desa_wisata',
].sort();
const isIso = (s: unknown) => typeof s === 'string' && new Date(s).toISOString() === s;

/** A user with a distinctive full name (the support helper names everyone "Test <role>"). */
async function namedUser(role: Role, fullName: string) {
  const user = await registerUser(
    { username: uniqueName(role), fullName, email: uniqueEmail(role), password: TEST_PASSWORD, role },
    true,
    SYSTEM,
  );
  return { ...user, token: await signToken(user) };
}

const villageItem = async (kd: string) => (await allItems()).find((i) => i.PK === `DESA#${kd}` && i.SK === 'DESA')!;
const codesOf = (item: Record<string, any>, attr: string): string[] => [...((item[attr] as Set<string> | undefined) ?? [])].sort();

afterEach(() => setClock());

describe('POST /api/permintaan', () => {
  it('201 {status, message, data:{kd_permintaan}} for each of the four statuses; the request is readable with names', async () => {
    const owner = await namedUser('pengelola', 'Sri Wahyuni Pengelola');
    const v = await makeVillage(owner, { nama_desa: 'Desa Pentingsari Asli' });
    for (const status of STATUSES) {
      const res = await post({ kd_desa: v.kd_desa, status_permintaan: status }, owner.token);
      expect(res.statusCode).toBe(201);
      expect(res.body).toEqual({
        status: 'success',
        message: MSG.requestCreated,
        data: { kd_permintaan: expect.stringMatching(/^REQ-[A-Za-z0-9_-]{10}$/) },
      });
      const kd = res.body.data.kd_permintaan;
      const one = await getOne(kd, owner.token);
      expect(one.statusCode).toBe(200);
      expect(one.body.status).toBe('success');
      expect(Object.keys(one.body.data).sort()).toEqual(REQUEST_KEYS);
      expect(one.body.data).toMatchObject({
        kd_permintaan: kd,
        email: owner.email,
        kd_desa: v.kd_desa,
        status_permintaan: status,
        nama_pengguna: 'Sri Wahyuni Pengelola',
        nama_desa_wisata: 'Desa Pentingsari Asli',
      });
      expect(isIso(one.body.data.created_at)).toBe(true);
      expect(isIso(one.body.data.updated_at)).toBe(true);
      expect(one.body.data.updated_at).toBe(one.body.data.created_at);
    }
    // the village records every request code: the one of its creation plus the four new ones
    expect(codesOf(await villageItem(v.kd_desa), 'request_codes')).toHaveLength(5);
  });

  it('records the code on the village item (request_codes) in the same write', async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const before = codesOf(await villageItem(v.kd_desa), 'request_codes');
    expect(before).toHaveLength(1);
    const res = await post({ kd_desa: v.kd_desa, status_permintaan: 'diproses' }, owner.token);
    const after = codesOf(await villageItem(v.kd_desa), 'request_codes');
    expect(after).toEqual([...before, res.body.data.kd_permintaan].sort());
  });

  it("400 'Data tidak valid' for a missing, empty or unknown status_permintaan, a missing kd_desa, malformed JSON; nothing stored", async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const bodies: unknown[] = [
      { kd_desa: v.kd_desa },
      { kd_desa: v.kd_desa, status_permintaan: '' },
      { kd_desa: v.kd_desa, status_permintaan: 'disetujui' },
      { kd_desa: v.kd_desa, status_permintaan: 'DITERIMA' },
      { kd_desa: v.kd_desa, status_permintaan: 1 },
      { kd_desa: v.kd_desa, status_permintaan: null },
      { status_permintaan: 'diproses' },
      { kd_desa: '', status_permintaan: 'diproses' },
      { kd_desa: '   ', status_permintaan: 'diproses' },
      { kd_desa: 42, status_permintaan: 'diproses' },
      {},
      '{"kd_desa": "x", "status_permintaan": ',
      'not json at all',
      '[1, 2',
    ];
    for (const body of bodies) {
      const res = await post(body, owner.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ status: 'fail', message: MSG.requestInvalid });
    }
    expect(codesOf(await villageItem(v.kd_desa), 'request_codes')).toHaveLength(1);
    expect((await allItems()).filter((i) => i.type === 'REQ' && i.kd_desa === v.kd_desa)).toHaveLength(1);
  });

  it("401 'Akses ditolak. Token tidak ditemukan.' without a token; 401 'Token tidak valid…' with a bad one", async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const missing = await post({ kd_desa: v.kd_desa, status_permintaan: 'diproses' });
    expect(missing.statusCode).toBe(401);
    expect(missing.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    const bad = await post({ kd_desa: v.kd_desa, status_permintaan: 'diproses' }, 'not.a.jwt');
    expect(bad.statusCode).toBe(401);
    expect(bad.body).toEqual({ status: 'fail', message: MSG.tokenInvalid });
  });

  it('403 "Hanya role \'pengelola\' yang dapat membuat permintaan" for dinas and admin', async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    for (const role of ['dinas', 'admin'] as const) {
      const caller = await makeUser(role);
      const res = await post({ kd_desa: v.kd_desa, status_permintaan: 'diproses' }, caller.token);
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ status: 'fail', message: MSG.pengelolaOnlyRequest });
    }
    expect(codesOf(await villageItem(v.kd_desa), 'request_codes')).toHaveLength(1);
  });

  it("403 owner message when a pengelola files a request for another manager's village", async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const other = await makeUser('pengelola');
    const res = await post({ kd_desa: v.kd_desa, status_permintaan: 'diproses' }, other.token);
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual({ status: 'fail', message: MSG.villageOwnerOnly });
    expect(codesOf(await villageItem(v.kd_desa), 'request_codes')).toHaveLength(1);
  });

  it("404 'Desa wisata tidak ditemukan' for an unknown kd_desa; nothing stored", async () => {
    const owner = await makeUser('pengelola');
    const res = await post({ kd_desa: 'DESA-doesnotexist', status_permintaan: 'diproses' }, owner.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 'fail', message: MSG.villageNotFound });
    expect((await allItems()).filter((i) => i.kd_desa === 'DESA-doesnotexist')).toEqual([]);
  });
});

describe('GET /api/permintaan and /api/permintaan/{kd}', () => {
  it('the list needs a valid token and carries names and ISO timestamps', async () => {
    const owner = await namedUser('pengelola', 'Budi Santoso');
    const v = await makeVillage(owner, { nama_desa: 'Desa Wisata Kembang Arum' });
    const created = await post({ kd_desa: v.kd_desa, status_permintaan: 'ditolak' }, owner.token);
    const kd = created.body.data.kd_permintaan;

    const missing = await list();
    expect(missing.statusCode).toBe(401);
    expect(missing.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    const bad = await list('garbage');
    expect(bad.statusCode).toBe(401);
    expect(bad.body).toEqual({ status: 'fail', message: MSG.tokenInvalid });

    // any role's token reads
    for (const role of ['pengelola', 'dinas', 'admin'] as const) {
      const caller = await makeUser(role);
      const res = await list(caller.token);
      expect(res.statusCode).toBe(200);
      expect(res.body.status).toBe('success');
      expect(Array.isArray(res.body.data)).toBe(true);
      const row = res.body.data.find((r: any) => r.kd_permintaan === kd);
      expect(Object.keys(row).sort()).toEqual(REQUEST_KEYS);
      expect(row).toMatchObject({
        kd_permintaan: kd,
        email: owner.email,
        kd_desa: v.kd_desa,
        status_permintaan: 'ditolak',
        nama_pengguna: 'Budi Santoso',
        nama_desa_wisata: 'Desa Wisata Kembang Arum',
      });
      expect(isIso(row.created_at)).toBe(true);
      expect(isIso(row.updated_at)).toBe(true);
      // the village's creation request is listed too, with the same names
      const initial = res.body.data.filter((r: any) => r.kd_desa === v.kd_desa && r.kd_permintaan !== kd);
      expect(initial).toHaveLength(1);
      expect(initial[0]).toMatchObject({
        status_permintaan: 'diproses',
        nama_pengguna: 'Budi Santoso',
        nama_desa_wisata: 'Desa Wisata Kembang Arum',
      });
    }
    const any = await makeUser('dinas');
    const body = JSON.stringify((await list(any.token)).body);
    expect(body).not.toMatch(/"PK"|"SK"|"GSI1PK"|"GSI1SK"|"type"|password/);
  });

  it('one request needs a valid token; 404 "Permintaan tidak ditemukan" for an unknown code', async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const kd = (await post({ kd_desa: v.kd_desa, status_permintaan: 'diproses' }, owner.token)).body.data.kd_permintaan;
    const missing = await getOne(kd);
    expect(missing.statusCode).toBe(401);
    expect(missing.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    const bad = await getOne(kd, `${owner.token}x`);
    expect(bad.statusCode).toBe(401);
    expect(bad.body).toEqual({ status: 'fail', message: MSG.tokenInvalid });
    const dinas = await makeUser('dinas');
    const ok = await getOne(kd, dinas.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data.kd_permintaan).toBe(kd);
    const unknown = await getOne('REQ-doesnotexist', dinas.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toEqual({ status: 'fail', message: MSG.requestNotFound });
  });
});

describe('names in read responses follow the current records', () => {
  it('after the village is renamed (PUT /api/desa-wisata), the request shows the new nama_desa', async () => {
    const owner = await namedUser('pengelola', 'Dewi Lestari');
    const v = await makeVillage(owner, { nama_desa: 'Nama Lama' });
    const kd = (await post({ kd_desa: v.kd_desa, status_permintaan: 'diproses' }, owner.token)).body.data.kd_permintaan;
    expect((await getOne(kd, owner.token)).body.data.nama_desa_wisata).toBe('Nama Lama');
    const res = await invoke(updateVillage, {
      method: 'PUT',
      resource: '/api/desa-wisata/{kd_desa}',
      pathParameters: { kd_desa: v.kd_desa },
      body: villageBody(owner.email, { nama_desa: 'Nama Baru' }),
      token: owner.token,
    });
    expect(res.statusCode).toBe(200);
    expect((await getOne(kd, owner.token)).body.data).toMatchObject({ nama_desa_wisata: 'Nama Baru', nama_pengguna: 'Dewi Lestari' });
    const row = (await list(owner.token)).body.data.find((r: any) => r.kd_permintaan === kd);
    expect(row).toMatchObject({ nama_desa_wisata: 'Nama Baru', nama_pengguna: 'Dewi Lestari' });
  });
});

describe('PUT /api/permintaan/{kd}', () => {
  it('open (no token): sets the status, updated_at moves on, created_at stays', async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const kd = (await post({ kd_desa: v.kd_desa, status_permintaan: 'diproses' }, owner.token)).body.data.kd_permintaan;
    const before = (await getOne(kd, owner.token)).body.data;
    let t = Date.parse(before.created_at);
    for (const status of ['diterima', 'ditolak', 'selesai', 'diproses'] as const) {
      t += 60_000;
      const at = t;
      setClock(() => at);
      const res = await put(kd, { status_permintaan: status });
      expect(res.statusCode).toBe(200);
      expect(res.body).toEqual({ status: 'success', message: MSG.requestUpdated });
      const after = (await getOne(kd, owner.token)).body.data;
      expect(after.status_permintaan).toBe(status);
      expect(after.created_at).toBe(before.created_at);
      expect(after.updated_at).toBe(new Date(at).toISOString());
    }
  });

  it("400 'Data tidak valid' for a missing or unknown status, malformed JSON; the request is unchanged", async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const kd = (await post({ kd_desa: v.kd_desa, status_permintaan: 'diterima' }, owner.token)).body.data.kd_permintaan;
    for (const body of [
      {},
      { status_permintaan: '' },
      { status_permintaan: 'batal' },
      { status_permintaan: null },
      { status: 'diterima' },
      '{"status_permintaan":',
      'xyz',
    ]) {
      const res = await put(kd, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ status: 'fail', message: MSG.requestInvalid });
    }
    const res = await put(kd, undefined);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'fail', message: MSG.requestInvalid });
    expect((await getOne(kd, owner.token)).body.data.status_permintaan).toBe('diterima');
  });

  it("404 'Permintaan tidak ditemukan' for an unknown code; no item is created", async () => {
    const res = await put('REQ-doesnotexist', { status_permintaan: 'diterima' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 'fail', message: MSG.requestNotFound });
    expect((await allItems()).filter((i) => i.PK === 'REQ#REQ-doesnotexist')).toEqual([]);
  });

  it('the village list shows the status set by PUT', async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const rows = (await invoke(listVillages, { method: 'GET', resource: '/api/desa-wisata' })).body.data;
    const row = rows.find((r: any) => r.kd_desa === v.kd_desa);
    expect((await put(row.kd_permintaan, { status_permintaan: 'selesai' })).statusCode).toBe(200);
    const again = (await invoke(listVillages, { method: 'GET', resource: '/api/desa-wisata' })).body.data;
    expect(again.find((r: any) => r.kd_desa === v.kd_desa).status_permintaan).toBe('selesai');
  });
});

describe('DELETE /api/permintaan/{kd}', () => {
  it('open (no token): removes the request and its code from the village item', async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const kd = (await post({ kd_desa: v.kd_desa, status_permintaan: 'diproses' }, owner.token)).body.data.kd_permintaan;
    expect(codesOf(await villageItem(v.kd_desa), 'request_codes')).toContain(kd);
    const res = await del(kd);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: MSG.requestDeleted });

    const gone = await getOne(kd, owner.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toEqual({ status: 'fail', message: MSG.requestNotFound });
    const items = await allItems();
    expect(items.filter((i) => i.PK === `REQ#${kd}`)).toEqual([]);
    const village = items.find((i) => i.PK === `DESA#${v.kd_desa}` && i.SK === 'DESA')!;
    expect(codesOf(village, 'request_codes')).not.toContain(kd);
    expect(codesOf(village, 'request_codes')).toHaveLength(1);
    const listed = (await list(owner.token)).body.data.map((r: any) => r.kd_permintaan);
    expect(listed).not.toContain(kd);

    // a second delete, and a PUT of the deleted request, are 404s
    const again = await del(kd);
    expect(again.statusCode).toBe(404);
    expect(again.body).toEqual({ status: 'fail', message: MSG.requestNotFound });
    expect((await put(kd, { status_permintaan: 'diterima' })).statusCode).toBe(404);
    expect((await allItems()).filter((i) => i.PK === `REQ#${kd}`)).toEqual([]);
  });

  it('deleting the last request of a village leaves the village without codes', async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const [initial] = codesOf(await villageItem(v.kd_desa), 'request_codes');
    expect((await del(initial!)).statusCode).toBe(200);
    expect(codesOf(await villageItem(v.kd_desa), 'request_codes')).toEqual([]);
  });

  it("404 'Permintaan tidak ditemukan' for an unknown code", async () => {
    const res = await del('REQ-doesnotexist');
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 'fail', message: MSG.requestNotFound });
  });
});
