/** The API through real HTTP, served by serverless-offline as `npm start` serves it: accounts, villages, descriptions, uploads, scores. */
// first: this file's lib/ uses the table and bucket of the run's shared server
import '../support/offline-table';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { mailsTo, uniqueEmail, uniqueName } from '../support/api';
import { fetchJson, OFFLINE_START_TIMEOUT_MS, sharedOffline, type Offline } from '../support/offline';
import { png } from '../support/multipart';
import { storedFrom } from '../support/images';
import { variantUrl } from '../../lib/storage/images';
import { makeUser } from '../support/users';
import { villageBody } from '../support/villages';

let server: Offline;
beforeAll(async () => {
  server = await sharedOffline();
}, OFFLINE_START_TIMEOUT_MS);

async function call(method: string, path: string, init: { json?: unknown; form?: FormData; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  let body: string | FormData | undefined;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  return fetchJson(server.baseUrl, path, { method, headers, body });
}

// The first request to each function starts its worker in serverless-offline: slow on a loaded machine.
describe('villages, descriptions and scores through serverless-offline', { timeout: 180_000 }, () => {
  it('village → tourism description with images (multipart) → slug lookup → random attractions → delete', async () => {
    const owner = await makeUser('pengelola');
    const created = await call('POST', '/api/desa-wisata', { json: villageBody(owner.email), token: owner.token });
    expect(created.status).toBe(200);
    const { kd_desa, slug } = created.body.data;
    expect((await call('GET', `/api/desa-wisata/slug/${slug}`)).body.data.kd_desa).toBe(kd_desa);

    const image = png(50_000);
    const form = new FormData();
    form.set('data', JSON.stringify({ kd_desa, penjelasan_umum: 'Umum', atraksi: [{ nama_atraksi: 'Air Terjun' }] }));
    form.append('atraksi[]', new Blob([image], { type: 'image/png' }), 'air.png');
    const desc = await call('POST', '/api/deskripsi-wisata', { form, token: owner.token });
    expect(desc.status).toBe(201);
    const url = JSON.parse(desc.body.data.atraksi)[0].gambar[0];
    const fetched = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(await storedFrom(fetched, image)).toBe(true);
    expect((await fetch(variantUrl(url, 'card'))).status).toBe(200);

    // the server's table is shared with the run's other HTTP files: the 8 random picks may
    // come from their villages, so ask until ours shows up (each answer is a fresh sample)
    let seen = false;
    for (let i = 0; i < 40 && !seen; i++) {
      const random = await call('GET', '/api/atraksi-wisata');
      expect(random.status).toBe(200);
      seen = random.body.data.some((a: any) => a.slug === slug && a.nama_atraksi === 'Air Terjun');
    }
    expect(seen).toBe(true);

    const upload = new FormData();
    upload.append('file', new Blob([png(1000)], { type: 'image/png' }), 'x.png');
    const up = await call('POST', '/api/upload/gambar', { form: upload, token: owner.token });
    expect(up.status).toBe(200);
    expect(up.body.url).toMatch(/\/images\/u\//);

    const del = await call('DELETE', `/api/desa-wisata/${kd_desa}`, { token: owner.token });
    expect(del).toEqual({ status: 200, body: { status: 'success', message: MSG.villageDeleted } });
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(variantUrl(url, 'card'))).status).toBe(404); // its variants went with it
  });

  it('scores and statuses with role checks over HTTP', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const { kd_desa } = (await call('POST', '/api/desa-wisata', { json: villageBody(owner.email), token: owner.token })).body.data;
    const scores = {
      partisipasi_masyarakat: 95,
      keragaman_paket_wisata: 92,
      akses_tempat_wisata: 90,
      keramahan_difabel: 91,
      fasilitas_tempat_wisata: 93,
      produk_tempat_wisata: 94,
    };
    expect((await call('POST', '/api/skor', { json: { kd_desa, ...scores }, token: owner.token })).body).toEqual({
      status: 'fail',
      message: MSG.dinasOnlyScore,
    });
    const score = await call('POST', '/api/skor', { json: { kd_desa, ...scores }, token: dinas.token });
    expect(score.status).toBe(201);
    expect(score.body).toMatchObject({ status: 'success', total_skor: 555, rata_rata: 93, kategori_desa: 'Mandiri' });
    const status = await call('POST', '/api/status-desa', { json: { kd_desa, status: 'aktif', keterangan: 'Buka' }, token: dinas.token });
    expect(status.status).toBe(201);
    expect((await call('GET', '/api/status-desa')).body.data.some((s: any) => s.kd_desa === kd_desa)).toBe(true);
  });
});

async function callJson(method: string, path: string, body?: unknown, token?: string) {
  return fetchJson(server.baseUrl, path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('accounts through serverless-offline', { timeout: 180_000 }, () => {
  it('register → admin verifies → login → /auth/me', async () => {
    const email = uniqueEmail('e2e');
    const reg = await callJson('POST', '/auth/register', { username: uniqueName(), fullName: 'Siti', email, password: 'rahasia-123' });
    expect(reg.status).toBe(201);
    expect((await callJson('POST', '/auth/login', { email, password: 'rahasia-123' })).status).toBe(403);
    const admin = await makeUser('admin');
    const ver = await callJson('PUT', `/auth/verify/${encodeURIComponent(email)}`, undefined, admin.token);
    expect(ver).toEqual({ status: 200, body: { status: 'success', message: MSG.accountVerified } });
    const login = await callJson('POST', '/auth/login', { email, password: 'rahasia-123' });
    expect(login.status).toBe(200);
    const me = await callJson('GET', '/auth/me', undefined, login.body.token);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, role: 'pengelola', is_verified: true });
  });

  it('the reset flow end to end with the code read from the SES emulator', async () => {
    const user = await makeUser('pengelola');
    expect((await callJson('POST', '/auth/password', { email: user.email })).body).toEqual({
      status: 'success',
      message: MSG.resetCodeSent,
    });
    const code = /(\d{6})/.exec((await mailsTo(user.email)).at(-1)!.text)![1]!;
    expect((await callJson('POST', '/auth/password/verify', { email: user.email, resetCode: code })).status).toBe(200);
    const reset = await callJson('PUT', '/auth/password', {
      email: user.email,
      resetCode: code,
      newPassword: 'sandi-baru-99',
      confirmPassword: 'sandi-baru-99',
    });
    expect(reset).toEqual({ status: 200, body: { status: 'success', message: MSG.passwordResetSuccess } });
    expect((await callJson('POST', '/auth/login', { email: user.email, password: 'sandi-baru-99' })).status).toBe(200);
  });

  it('errors keep their exact bodies over HTTP', async () => {
    expect(await callJson('GET', '/auth/me')).toEqual({ status: 401, body: { status: 'fail', message: MSG.tokenMissing } });
    expect(await callJson('GET', '/auth/me', undefined, 'x.y.z')).toEqual({
      status: 401,
      body: { status: 'fail', message: MSG.tokenInvalid },
    });
    expect(await callJson('POST', '/auth/password', {})).toEqual({ status: 400, body: { status: 'fail', message: MSG.emailRequired } });
    expect(await callJson('POST', '/auth/register', '{not json')).toEqual({
      status: 400,
      body: { status: 'fail', message: MSG.invalidJson },
    });
    expect(await callJson('GET', '/no/such/route')).toEqual({ status: 404, body: { status: 'fail', message: MSG.notFoundRoute } });
    expect(await callJson('DELETE', '/api/whatever')).toEqual({ status: 404, body: { status: 'fail', message: MSG.notFoundRoute } });
  });
});
