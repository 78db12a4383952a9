import { afterEach, describe, expect, it } from 'vitest';
import { handler as createStatus } from '../../functions/statuses/create';
import { handler as listStatuses } from '../../functions/statuses/list';
import { handler as getStatus } from '../../functions/statuses/get';
import { handler as updateStatus } from '../../functions/statuses/update';
import { handler as deleteStatus } from '../../functions/statuses/delete';
import { setClock } from '../../lib/platform/clock';
import { MSG } from '../../lib/contract/messages';
import { withoutWebAppFields } from '../../lib/web-app/fields';
import { invoke } from '../support/api';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

const post = (body: unknown, token?: string) => invoke(createStatus, { method: 'POST', resource: '/api/status-desa', body, token });
const list = (token?: string) => invoke(listStatuses, { method: 'GET', resource: '/api/status-desa', token });
const getOne = (kd: string, token?: string) =>
  invoke(getStatus, { method: 'GET', resource: '/api/status-desa/{kd_status}', pathParameters: { kd_status: kd }, token });
const put = (kd: string, body: unknown, token?: string) =>
  invoke(updateStatus, { method: 'PUT', resource: '/api/status-desa/{kd_status}', pathParameters: { kd_status: kd }, body, token });
const del = (kd: string, token?: string) =>
  invoke(deleteStatus, { method: 'DELETE', resource: '/api/status-desa/{kd_status}', pathParameters: { kd_status: kd }, token });

const VALUES = ['aktif', 'nonaktif', 'ditinjau', 'pending'] as const;
const STATUS_KEYS = ['kd_status', 'kd_desa', 'status', 'keterangan', 'tanggal_update'].sort();
const isIso = (s: unknown) => typeof s === 'string' && new Date(s).toISOString() === s;
const statusCodesOf = async (kd: string): Promise<string[]> => {
  const village = (await allItems()).find((i) => i.PK === `DESA#${kd}` && i.SK === 'DESA')!;
  return [...((village.status_codes as Set<string> | undefined) ?? [])].sort();
};

async function setup() {
  const owner = await makeUser('pengelola');
  const village = await makeVillage(owner);
  const dinas = await makeUser('dinas');
  return { owner, village, dinas };
}

afterEach(() => setClock());

describe('POST /api/status-desa', () => {
  it('dinas creates each of the four statuses: 201 {status, message}, readable with an ISO tanggal_update', async () => {
    const { village, dinas } = await setup();
    const codes: string[] = [];
    for (const value of VALUES) {
      const res = await post({ kd_desa: village.kd_desa, status: value, keterangan: `Keterangan ${value}` }, dinas.token);
      expect(res.statusCode).toBe(201);
      expect(res.body).toMatchObject({ status: 'success', message: MSG.villageStatusCreated });
      const kd = res.body.data.kd_status as string;
      expect(kd).toMatch(/^STAT-[A-Za-z0-9_-]{10}$/);
      codes.push(kd);
      const one = await getOne(kd, dinas.token);
      expect(one.statusCode).toBe(200);
      expect(one.body.status).toBe('success');
      expect(Object.keys(one.body.data).sort()).toEqual(STATUS_KEYS);
      expect(one.body.data).toMatchObject({ kd_status: kd, kd_desa: village.kd_desa, status: value, keterangan: `Keterangan ${value}` });
      expect(isIso(one.body.data.tanggal_update)).toBe(true);
    }
    expect(new Set(codes).size).toBe(4);
    expect(await statusCodesOf(village.kd_desa)).toEqual([...codes].sort());
  });

  it('keterangan may be omitted (stored as an empty remark)', async () => {
    const { village, dinas } = await setup();
    const res = await post({ kd_desa: village.kd_desa, status: 'aktif' }, dinas.token);
    expect(res.statusCode).toBe(201);
    const one = await getOne(res.body.data.kd_status, dinas.token);
    expect(one.body.data.keterangan).toBe('');
  });

  it('400 for a status outside the four values, a missing status or kd_desa, malformed JSON; nothing stored', async () => {
    const { village, dinas } = await setup();
    const cases: Array<[unknown, string]> = [
      [{ kd_desa: village.kd_desa, status: 'selesai', keterangan: 'x' }, 'status'],
      [{ kd_desa: village.kd_desa, status: 'Aktif', keterangan: 'x' }, 'status'],
      [{ kd_desa: village.kd_desa, status: 'diterima', keterangan: 'x' }, 'status'],
      [{ kd_desa: village.kd_desa, status: '', keterangan: 'x' }, 'status'],
      [{ kd_desa: village.kd_desa, status: null, keterangan: 'x' }, 'status'],
      [{ kd_desa: village.kd_desa, keterangan: 'x' }, 'status'],
      [{ status: 'aktif', keterangan: 'x' }, 'kd_desa'],
      [{ kd_desa: '', status: 'aktif', keterangan: 'x' }, 'kd_desa'],
      [{ kd_desa: village.kd_desa, status: 'aktif', keterangan: 42 }, 'keterangan'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body, dinas.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toBe('fail');
      expect(res.body.message, JSON.stringify(body)).toBe(`${MSG.villageStatusInvalid}: ${field}`);
    }
    for (const raw of ['{"kd_desa":', 'nope']) {
      const res = await post(raw, dinas.token);
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.invalidJson });
    }
    expect(await statusCodesOf(village.kd_desa)).toEqual([]);
    expect((await allItems()).filter((i) => i.type === 'STAT' && i.kd_desa === village.kd_desa)).toEqual([]);
  });

  it("404 'Desa wisata tidak ditemukan' for an unknown kd_desa; nothing stored", async () => {
    const { dinas } = await setup();
    const res = await post({ kd_desa: 'DESA-doesnotexist', status: 'aktif', keterangan: 'x' }, dinas.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 'fail', message: MSG.villageNotFound });
    expect((await allItems()).filter((i) => i.kd_desa === 'DESA-doesnotexist')).toEqual([]);
  });

  it('401 without or with a bad token; 403 dinas-only text for pengelola and admin', async () => {
    const { owner, village } = await setup();
    const body = { kd_desa: village.kd_desa, status: 'aktif', keterangan: 'x' };
    const missing = await post(body);
    expect(missing.statusCode).toBe(401);
    expect(missing.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    const bad = await post(body, 'garbage');
    expect(bad.statusCode).toBe(401);
    expect(bad.body).toEqual({ status: 'fail', message: MSG.tokenInvalid });
    const admin = await makeUser('admin');
    for (const caller of [owner, admin]) {
      const res = await post(body, caller.token);
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ status: 'fail', message: MSG.dinasOnlyStatus });
    }
    expect(await statusCodesOf(village.kd_desa)).toEqual([]);
  });
});

describe('GET /api/status-desa', () => {
  it('the list is public (a token, even a bad one, is ignored) and shows every status', async () => {
    const { village, dinas } = await setup();
    const a = (await post({ kd_desa: village.kd_desa, status: 'aktif', keterangan: 'Buka setiap hari' }, dinas.token)).body.data.kd_status;
    const b = (await post({ kd_desa: village.kd_desa, status: 'ditinjau', keterangan: 'Sedang ditinjau' }, dinas.token)).body.data
      .kd_status;
    for (const token of [undefined, 'garbage', dinas.token]) {
      const res = await list(token);
      expect(res.statusCode).toBe(200);
      expect(res.body.status).toBe('success');
      const mine = res.body.data.filter((s: any) => s.kd_desa === village.kd_desa);
      expect(mine.map((s: any) => s.kd_status).sort()).toEqual([a, b].sort());
      for (const s of mine) {
        expect(Object.keys(withoutWebAppFields(s, 'status')).sort()).toEqual(STATUS_KEYS);
        expect(s).toMatchObject({ nama_desa_wisata: expect.any(String), provinsi: expect.any(String), kabupaten: expect.any(String) });
        expect(isIso(s.tanggal_update)).toBe(true);
      }
      expect(mine.find((s: any) => s.kd_status === a)).toMatchObject({ status: 'aktif', keterangan: 'Buka setiap hari' });
      expect(JSON.stringify(res.body)).not.toMatch(/"PK"|"SK"|"GSI1PK"|"type"|"created_at"/);
    }
  });

  it('one status needs any valid token: 401 texts for a missing and an invalid one; 404 for an unknown code', async () => {
    const { owner, village, dinas } = await setup();
    const kd = (await post({ kd_desa: village.kd_desa, status: 'pending', keterangan: 'Menunggu' }, dinas.token)).body.data.kd_status;
    const missing = await getOne(kd);
    expect(missing.statusCode).toBe(401);
    expect(missing.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    for (const badToken of ['garbage', `${dinas.token}x`]) {
      const bad = await getOne(kd, badToken);
      expect(bad.statusCode).toBe(401);
      expect(bad.body).toEqual({ status: 'fail', message: MSG.tokenInvalid });
    }
    const admin = await makeUser('admin');
    for (const caller of [owner, dinas, admin]) {
      const res = await getOne(kd, caller.token);
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toMatchObject({ kd_status: kd, kd_desa: village.kd_desa, status: 'pending', keterangan: 'Menunggu' });
    }
    const unknown = await getOne('STAT-doesnotexist', dinas.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toEqual({ status: 'fail', message: MSG.villageStatusNotFound });
  });
});

describe('PUT /api/status-desa/{kd}', () => {
  it('dinas changes status and keterangan to the values sent; tanggal_update moves on', async () => {
    const { village, dinas } = await setup();
    const kd = (await post({ kd_desa: village.kd_desa, status: 'pending', keterangan: 'awal' }, dinas.token)).body.data.kd_status;
    let t = Date.parse((await getOne(kd, dinas.token)).body.data.tanggal_update);
    for (const value of ['aktif', 'nonaktif', 'ditinjau', 'pending', 'aktif'] as const) {
      t += 3_600_000;
      const at = t;
      setClock(() => at);
      const res = await put(kd, { status: value, keterangan: `sekarang ${value}` }, dinas.token);
      expect(res.statusCode).toBe(200);
      expect(res.body).toEqual({ status: 'success', message: MSG.villageStatusUpdated });
      const one = (await getOne(kd, dinas.token)).body.data;
      expect(one).toEqual({
        kd_status: kd,
        kd_desa: village.kd_desa,
        status: value,
        keterangan: `sekarang ${value}`,
        tanggal_update: new Date(at).toISOString(),
      });
    }
  });

  it('400 for a status outside the four values or a missing one; the status is unchanged', async () => {
    const { village, dinas } = await setup();
    const kd = (await post({ kd_desa: village.kd_desa, status: 'aktif', keterangan: 'ok' }, dinas.token)).body.data.kd_status;
    const before = (await getOne(kd, dinas.token)).body.data;
    for (const body of [{ status: 'tutup', keterangan: 'x' }, { keterangan: 'x' }, { status: '', keterangan: 'x' }, {}]) {
      const res = await put(kd, body, dinas.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: `${MSG.villageStatusInvalid}: status` });
    }
    const raw = await put(kd, '{bad json', dinas.token);
    expect(raw.statusCode).toBe(400);
    expect(raw.body).toEqual({ status: 'fail', message: MSG.invalidJson });
    expect((await getOne(kd, dinas.token)).body.data).toEqual(before);
  });

  it("404 'Status desa tidak ditemukan' for an unknown code; no item is created", async () => {
    const { dinas } = await setup();
    const res = await put('STAT-doesnotexist', { status: 'aktif', keterangan: 'x' }, dinas.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 'fail', message: MSG.villageStatusNotFound });
    expect((await allItems()).filter((i) => i.PK === 'STAT#STAT-doesnotexist')).toEqual([]);
  });

  it('401 / 403 for callers who are not dinas; the status is unchanged', async () => {
    const { owner, village, dinas } = await setup();
    const kd = (await post({ kd_desa: village.kd_desa, status: 'aktif', keterangan: 'ok' }, dinas.token)).body.data.kd_status;
    const body = { status: 'nonaktif', keterangan: 'tutup' };
    expect((await put(kd, body)).body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    expect((await put(kd, body)).statusCode).toBe(401);
    expect((await put(kd, body, 'garbage')).body).toEqual({ status: 'fail', message: MSG.tokenInvalid });
    const admin = await makeUser('admin');
    for (const caller of [owner, admin]) {
      const res = await put(kd, body, caller.token);
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ status: 'fail', message: MSG.dinasOnlyStatus });
    }
    expect((await getOne(kd, dinas.token)).body.data).toMatchObject({ status: 'aktif', keterangan: 'ok' });
  });
});

describe('DELETE /api/status-desa/{kd}', () => {
  it('dinas deletes: the status and its code on the village are gone; a second delete is 404', async () => {
    const { village, dinas } = await setup();
    const keep = (await post({ kd_desa: village.kd_desa, status: 'aktif', keterangan: 'tetap' }, dinas.token)).body.data.kd_status;
    const kd = (await post({ kd_desa: village.kd_desa, status: 'nonaktif', keterangan: 'hapus' }, dinas.token)).body.data.kd_status;
    expect(await statusCodesOf(village.kd_desa)).toEqual([keep, kd].sort());
    const res = await del(kd, dinas.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: MSG.villageStatusDeleted });
    const gone = await getOne(kd, dinas.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toEqual({ status: 'fail', message: MSG.villageStatusNotFound });
    expect(await statusCodesOf(village.kd_desa)).toEqual([keep]);
    expect((await allItems()).filter((i) => i.PK === `STAT#${kd}`)).toEqual([]);
    expect((await list()).body.data.map((s: any) => s.kd_status)).not.toContain(kd);
    const again = await del(kd, dinas.token);
    expect(again.statusCode).toBe(404);
    expect(again.body).toEqual({ status: 'fail', message: MSG.villageStatusNotFound });
  });

  it('401 / 403 for callers who are not dinas; 404 for an unknown code', async () => {
    const { owner, village, dinas } = await setup();
    const kd = (await post({ kd_desa: village.kd_desa, status: 'aktif', keterangan: 'ok' }, dinas.token)).body.data.kd_status;
    const missing = await del(kd);
    expect(missing.statusCode).toBe(401);
    expect(missing.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    const admin = await makeUser('admin');
    for (const caller of [owner, admin]) {
      const res = await del(kd, caller.token);
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ status: 'fail', message: MSG.dinasOnlyStatus });
    }
    expect((await getOne(kd, dinas.token)).statusCode).toBe(200);
    const unknown = await del('STAT-doesnotexist', dinas.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toEqual({ status: 'fail', message: MSG.villageStatusNotFound });
  });
});
