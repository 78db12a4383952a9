/** Villages, descriptions and uploads through real HTTP, served by serverless-offline as `npm start` serves them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../lib/messages';
import { startOffline, type Offline } from '../support/offline';
import { png } from '../support/multipart';
import { makeUser } from '../support/users';
import { villageBody } from '../support/villages';

let server: Offline;
beforeAll(async () => {
  server = await startOffline();
}, 120_000);
afterAll(async () => server?.stop());

async function call(method: string, path: string, init: { json?: unknown; form?: FormData; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  let body: string | FormData | undefined;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  const res = await fetch(`${server.baseUrl}${path}`, { method, headers, body });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('through serverless-offline', () => {
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
    expect(fetched.equals(image)).toBe(true);

    const random = await call('GET', '/api/atraksi-wisata');
    expect(random.body.data.some((a: any) => a.slug === slug && a.nama_atraksi === 'Air Terjun')).toBe(true);

    const upload = new FormData();
    upload.append('file', new Blob([png(1000)], { type: 'image/png' }), 'x.png');
    const up = await call('POST', '/api/upload/gambar', { form: upload, token: owner.token });
    expect(up.status).toBe(200);
    expect(up.body.url).toMatch(/\/images\/u\//);

    const del = await call('DELETE', `/api/desa-wisata/${kd_desa}`, { token: owner.token });
    expect(del).toEqual({ status: 200, body: { status: 'success', message: MSG.villageDeleted } });
    expect((await fetch(url)).status).toBe(404);
  });

  it('scores and statuses with role checks over HTTP', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const { kd_desa } = (await call('POST', '/api/desa-wisata', { json: villageBody(owner.email), token: owner.token })).body.data;
    const scores = { partisipasi_masyarakat: 95, keragaman_paket_wisata: 92, akses_tempat_wisata: 90, keramahan_difabel: 91, fasilitas_tempat_wisata: 93, produk_tempat_wisata: 94 };
    expect((await call('POST', '/api/skor', { json: { kd_desa, ...scores }, token: owner.token })).body).toEqual({ status: 'fail', message: MSG.dinasOnlyScore });
    const score = await call('POST', '/api/skor', { json: { kd_desa, ...scores }, token: dinas.token });
    expect(score.status).toBe(201);
    expect(score.body).toMatchObject({ status: 'success', total_skor: 555, rata_rata: 93, kategori_desa: 'Mandiri' });
    const status = await call('POST', '/api/status-desa', { json: { kd_desa, status: 'aktif', keterangan: 'Buka' }, token: dinas.token });
    expect(status.status).toBe(201);
    expect((await call('GET', '/api/status-desa')).body.data.some((s: any) => s.kd_desa === kd_desa)).toBe(true);
  });
});
