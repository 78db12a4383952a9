import { describe, expect, it } from 'vitest';
import { handler as createVillage } from '../../functions/villages/create';
import { handler as listVillages } from '../../functions/villages/list';
import { handler as detailsList } from '../../functions/villages/details';
import { handler as getVillage } from '../../functions/villages/get';
import { handler as byEmail } from '../../functions/villages/by-email';
import { handler as bySlug } from '../../functions/villages/by-slug';
import { handler as updateVillage } from '../../functions/villages/update';
import { handler as deleteVillage } from '../../functions/villages/delete';
import { handler as setRequest } from '../../functions/requests/update';
import { MSG } from '../../lib/contract/messages';
import { invoke, uniqueEmail } from '../support/api';
import { makeUser } from '../support/users';
import { makeVillage, villageBody } from '../support/villages';

const post = (body: unknown, token?: string) => invoke(createVillage, { method: 'POST', resource: '/api/desa-wisata', body, token });
const put = (kd: string, body: unknown, token?: string) =>
  invoke(updateVillage, { method: 'PUT', resource: '/api/desa-wisata/{kd_desa}', pathParameters: { kd_desa: kd }, body, token });
const del = (kd: string, token?: string) =>
  invoke(deleteVillage, { method: 'DELETE', resource: '/api/desa-wisata/{kd_desa}', pathParameters: { kd_desa: kd }, token });
const get = (kd: string) => invoke(getVillage, { method: 'GET', resource: '/api/desa-wisata/{kd_desa}', pathParameters: { kd_desa: kd } });

const VILLAGE_KEYS = [
  'kd_desa',
  'provinsi',
  'kabupaten',
  'nama_desa',
  'nama_popular',
  'alamat',
  'pengelola',
  'nomor_telepon',
  'email',
  'slug',
  'created_at',
  'updated_at',
].sort();

describe('POST /api/desa-wisata', () => {
  it('creates a village with a service-assigned code and slug, and its request (diproses)', async () => {
    const owner = await makeUser('pengelola');
    const body = villageBody(owner.email, { nama_popular: 'Désa Wisata  Kampung Cokelat!' });
    const res = await post(body, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: MSG.villageCreated,
      data: {
        kd_desa: expect.stringMatching(/^DESA-[A-Za-z0-9_-]{10}$/),
        slug: expect.stringMatching(/^desa-wisata-kampung-cokelat(-\d+)?$/),
      },
    });
    const { kd_desa } = res.body.data;
    const one = await get(kd_desa);
    expect(one.statusCode).toBe(200);
    expect(Object.keys(one.body.data).sort()).toEqual(VILLAGE_KEYS);
    expect(one.body.data).toMatchObject({ ...body, email: owner.email, kd_desa });
    expect(new Date(one.body.data.created_at).toISOString()).toBe(one.body.data.created_at);

    const list = await invoke(listVillages, { method: 'GET', resource: '/api/desa-wisata' });
    const row = list.body.data.find((v: any) => v.kd_desa === kd_desa);
    expect(row).toMatchObject({ kd_permintaan: expect.stringMatching(/^REQ-/), status_permintaan: 'diproses', is_verified: true });
  });

  it('ignores a client-sent kd_desa or slug', async () => {
    const owner = await makeUser('pengelola');
    const res = await post(villageBody(owner.email, { kd_desa: 'DESA-mine', slug: 'my-slug' }), owner.token);
    expect(res.body.data.kd_desa).not.toBe('DESA-mine');
    expect(res.body.data.slug).not.toBe('my-slug');
  });

  it('a taken slug gets -2, -3 …', async () => {
    const owner = await makeUser('pengelola');
    const name = `Kembang Arum ${Date.now()}`;
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await makeVillage(owner, { nama_popular: name })).slug);
    const base = name.toLowerCase().replace(/ /g, '-');
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`]);
  });

  it('400 "Email tidak terdaftar" for an e-mail without an account', async () => {
    const res = await post(villageBody(uniqueEmail()));
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'fail', message: MSG.emailNotRegistered });
  });

  it('400 naming the invalid fields, nothing stored', async () => {
    const owner = await makeUser('pengelola');
    const res = await post(villageBody(owner.email, { nama_desa: '', nomor_telepon: 'call me', alamat: 42 }), owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe('fail');
    expect(res.body.message).toMatch(new RegExp(`^${MSG.villageInvalid}: `));
    for (const f of ['nama_desa', 'nomor_telepon', 'alamat']) expect(res.body.message).toContain(f);
    const mine = await invoke(byEmail, {
      method: 'GET',
      resource: '/api/desa-wisata/email/{email}',
      pathParameters: { email: owner.email },
    });
    expect(mine.body.data).toEqual([]);
  });

  it('sign-up flow: an unverified pengelola may create one village without a token, once', async () => {
    const owner = await makeUser('pengelola', { verified: false });
    const first = await post(villageBody(owner.email));
    expect(first.statusCode).toBe(200);
    const second = await post(villageBody(owner.email));
    expect(second.statusCode).toBe(401);
    expect(second.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
  });

  it('sign-up flow: parallel token-less creations for one account create exactly one village', async () => {
    const owner = await makeUser('pengelola', { verified: false });
    const results = await Promise.all(Array.from({ length: 5 }, () => post(villageBody(owner.email))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(4);
  });

  it('a verified account needs its token; other roles and other managers are refused', async () => {
    const owner = await makeUser('pengelola');
    expect((await post(villageBody(owner.email))).body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    const other = await makeUser('pengelola');
    const res = await post(villageBody(owner.email), other.token);
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual({ status: 'fail', message: MSG.villageOwnerOnly });
    const dinas = await makeUser('dinas');
    const byDinas = await post(villageBody(owner.email), dinas.token);
    expect(byDinas.statusCode).toBe(403);
    expect(byDinas.body).toEqual({ status: 'fail', message: MSG.pengelolaOnlyVillage });
    const dinasOwned = await post(villageBody(dinas.email));
    expect(dinasOwned.statusCode).toBe(401);
    expect((await post(villageBody(owner.email), 'garbage')).body).toEqual({ status: 'fail', message: MSG.tokenInvalid });
  });
});

describe('GET village routes', () => {
  it('by code, by slug, by e-mail; 404 texts for unknown ones', async () => {
    const owner = await makeUser('pengelola');
    const a = await makeVillage(owner);
    const b = await makeVillage(owner);
    const slug = await invoke(bySlug, { method: 'GET', resource: '/api/desa-wisata/slug/{slug}', pathParameters: { slug: a.slug } });
    expect(slug.statusCode).toBe(200);
    expect(slug.body.data.kd_desa).toBe(a.kd_desa);
    expect(Object.keys(slug.body.data).sort()).toEqual(VILLAGE_KEYS);

    const mine = await invoke(byEmail, {
      method: 'GET',
      resource: '/api/desa-wisata/email/{email}',
      pathParameters: { email: owner.email.toUpperCase() },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.body.data.map((v: any) => v.kd_desa).sort()).toEqual([a.kd_desa, b.kd_desa].sort());
    expect(mine.body.data[0]).toHaveProperty('nama_desa');

    for (const res of [
      await get('DESA-doesnotexist'),
      await invoke(bySlug, { method: 'GET', resource: '/api/desa-wisata/slug/{slug}', pathParameters: { slug: 'no-such-slug' } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ status: 'fail', message: MSG.villageNotFound });
    }
  });

  it('details list: kd_desa, gambar_cover (null without descriptions), provinsi, kabupaten, nama_popular, slug', async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const res = await invoke(detailsList, { method: 'GET', resource: '/api/desa-wisata/details' });
    const row = res.body.data.find((d: any) => d.kd_desa === v.kd_desa);
    expect(Object.keys(row).sort()).toEqual(['gambar_cover', 'kabupaten', 'kd_desa', 'nama_popular', 'provinsi', 'slug']);
    expect(row.gambar_cover).toBeNull();
  });

  it('the full list shows the latest request status and the owner verification flag', async () => {
    const owner = await makeUser('pengelola', { verified: false });
    const res = await post(villageBody(owner.email));
    const list = await invoke(listVillages, { method: 'GET', resource: '/api/desa-wisata' });
    const row = list.body.data.find((v: any) => v.kd_desa === res.body.data.kd_desa);
    expect(row.is_verified).toBe(false);
    await invoke(setRequest, {
      method: 'PUT',
      resource: '/api/permintaan/{kd_permintaan}',
      pathParameters: { kd_permintaan: row.kd_permintaan },
      body: { status_permintaan: 'diterima' },
    });
    const again = await invoke(listVillages, { method: 'GET', resource: '/api/desa-wisata' });
    expect(again.body.data.find((v: any) => v.kd_desa === row.kd_desa).status_permintaan).toBe('diterima');
    expect(JSON.stringify(again.body)).not.toMatch(/password|"PK"|GSI1|version|child_rev|request_codes/);
  });
});

describe('PUT /api/desa-wisata/{kd}', () => {
  it('updates the fields; a new nama_popular gives a new slug and frees the old one', async () => {
    const owner = await makeUser('pengelola');
    const oldName = `Kalibiru ${Date.now()}`;
    const v = await makeVillage(owner, { nama_popular: oldName });
    const newName = `Nglanggeran ${Date.now()}`;
    const res = await put(v.kd_desa, villageBody(owner.email, { nama_popular: newName, alamat: 'Patuk, Gunungkidul' }), owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: MSG.villageUpdated,
      data: { kd_desa: v.kd_desa, slug: newName.toLowerCase().replace(/ /g, '-') },
    });
    expect((await get(v.kd_desa)).body.data).toMatchObject({ nama_popular: newName, alamat: 'Patuk, Gunungkidul' });
    const old = await invoke(bySlug, { method: 'GET', resource: '/api/desa-wisata/slug/{slug}', pathParameters: { slug: v.slug } });
    expect(old.statusCode).toBe(404);
    // the freed slug is taken by the next village of that name, without a suffix
    expect((await makeVillage(owner, { nama_popular: oldName })).slug).toBe(v.slug);
  });

  it('keeps the slug when nama_popular does not change it', async () => {
    const owner = await makeUser('pengelola');
    const name = `Sambi ${Date.now()}`;
    const v = await makeVillage(owner, { nama_popular: name });
    const res = await put(v.kd_desa, villageBody(owner.email, { nama_popular: name.toUpperCase(), pengelola: 'Baru' }), owner.token);
    expect(res.body.data.slug).toBe(v.slug);
  });

  it('403 for another manager, 403 for other roles, 401 without token, 404 unknown, 400 unregistered e-mail', async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const other = await makeUser('pengelola');
    const r1 = await put(v.kd_desa, villageBody(other.email), other.token);
    expect(r1.statusCode).toBe(403);
    expect(r1.body).toEqual({ status: 'fail', message: MSG.villageOwnerOnly });
    const dinas = await makeUser('dinas');
    expect((await put(v.kd_desa, villageBody(owner.email), dinas.token)).body).toEqual({
      status: 'fail',
      message: MSG.pengelolaOnlyVillage,
    });
    expect((await put(v.kd_desa, villageBody(owner.email))).body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    const missing = await put('DESA-nothere123', villageBody(owner.email), owner.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual({ status: 'fail', message: MSG.villageNotFound });
    const unreg = await put(v.kd_desa, villageBody(uniqueEmail()), owner.token);
    expect(unreg.statusCode).toBe(400);
    expect(unreg.body).toEqual({ status: 'fail', message: MSG.emailNotRegistered });
  });
});

describe('DELETE /api/desa-wisata/{kd}', () => {
  it('only the owner deletes; afterwards code, slug and list forget it', async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const other = await makeUser('pengelola');
    expect((await del(v.kd_desa, other.token)).body).toEqual({ status: 'fail', message: MSG.villageOwnerOnly });
    expect((await del(v.kd_desa)).statusCode).toBe(401);
    const res = await del(v.kd_desa, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: MSG.villageDeleted });
    expect((await get(v.kd_desa)).statusCode).toBe(404);
    expect((await del(v.kd_desa, owner.token)).body).toEqual({ status: 'fail', message: MSG.villageNotFound });
    const slug = await invoke(bySlug, { method: 'GET', resource: '/api/desa-wisata/slug/{slug}', pathParameters: { slug: v.slug } });
    expect(slug.statusCode).toBe(404);
  });
});
