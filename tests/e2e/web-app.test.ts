/**
 * Consumer tests of the existing web app (Danne56/Sistem-Monev-Desa-Wisata): each step
 * replays the requests its source builds — paths, bodies and headers as axios sends
 * them — through real HTTP against serverless-offline, and asserts on exactly the fields
 * the app reads. The contract's own shapes are checked by the other suites, unchanged.
 */
// first: this file's lib/ uses the table and bucket of the run's shared server
import '../support/offline-table';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/api';
import { png } from '../support/multipart';
import { variantUrl } from '../../lib/storage/images';
import { fetchJson, OFFLINE_START_TIMEOUT_MS, sharedOffline, type Offline } from '../support/offline';
import { makeUser } from '../support/users';

let server: Offline;
beforeAll(async () => {
  server = await sharedOffline();
}, OFFLINE_START_TIMEOUT_MS);

/** What axios does with (url, data, {headers}): JSON for objects, multipart for FormData. */
async function axios(method: string, path: string, data?: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (data instanceof FormData) {
    delete (init.headers as Record<string, string>)['Content-Type']; // the browser sets the boundary
    init.body = data;
  } else if (data !== undefined) {
    init.headers = { 'Content-Type': 'application/json', ...headers };
    init.body = JSON.stringify(data);
  }
  const res = await fetchJson(server.baseUrl, path, init);
  return { status: res.status, data: res.body };
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const file = (bytes: Buffer) => new Blob([bytes], { type: 'image/jpeg' });
const imageServes = async (url: string) => (await fetch(url)).status === 200;

describe('the existing web app against the service', { timeout: 240_000 }, () => {
  const email = uniqueEmail('webapp');
  const password = 'rahasia-web-123';
  let token = '';
  let kd = '';
  let slug = '';

  it('Register.jsx: /authentication/register without a username, then the village without a token', async () => {
    const userRes = await axios('POST', '/authentication/register', { fullName: 'Doto Yogantoro', email, password, role: 'pengelola' });
    expect(userRes.status).toBe(201);
    const desaRes = await axios('POST', '/api/desa-wisata', {
      provinsi: 'Daerah Istimewa Yogyakarta',
      kabupaten: 'Sleman',
      nama_desa: 'Pentingsari',
      nama_popular: `Desa Wisata Pentingsari ${Date.now()}`,
      alamat: 'Umbulharjo, Cangkringan',
      pengelola: 'Doto Yogantoro',
      email,
      nomor_telepon: '081227001234',
    });
    expect(desaRes.status).toBe(200);
    kd = desaRes.data.data.kd_desa;
    slug = desaRes.data.data.slug;
  });

  it('KelolaAkun.jsx: the admin verifies under /authentication/verify/{email}; Masuk.jsx logs in under /authentication/login', async () => {
    const admin = await makeUser('admin');
    const verified = await axios('PUT', `/authentication/verify/${email}`, undefined, bearer(admin.token));
    expect(verified.status).toBe(200);
    const login = await axios('POST', '/authentication/login', { email, password });
    expect(login.data.status).toBe('success');
    token = login.data.token;
    expect(token).toBeTruthy();
  });

  it('UserContext.jsx: /authentication/me gives data.fullname, data.email, data.role (and the contract user)', async () => {
    const me = await axios('GET', '/authentication/me', undefined, { ...bearer(token), 'Content-Type': 'application/json' });
    expect(me.status).toBe(200);
    expect(me.data.data).toMatchObject({ fullname: 'Doto Yogantoro', email, role: 'pengelola' });
    expect(me.data.user).toMatchObject({ email, role: 'pengelola', is_verified: true });
    expect(me.data.user.username).toMatch(/^webapp-/); // derived from the e-mail
  });

  it('FasilitasProduk.jsx: empty description, upload, add items by URL, edit (remove + add back), delete', async () => {
    const mine = await axios('GET', `/api/desa-wisata/email/${email}`);
    expect(mine.data.data[0].kd_desa).toBe(kd);
    expect((await axios('GET', `/api/deskripsi-wisata/${kd}`)).status).toBe(404);
    const empty = { kd_desa: kd, atraksi: [], penginapan: [], paket_wisata: [], suvenir: [] };
    const created = await axios(
      'POST',
      '/api/deskripsi-wisata',
      { data: JSON.stringify(empty) },
      { ...bearer(token), 'Content-Type': 'application/json' },
    );
    expect(created.status).toBe(201);

    const upload = async () => {
      const form = new FormData();
      form.append('file', file(png(2000)));
      const res = await axios('POST', '/api/upload/gambar', form, { 'Content-Type': 'multipart/form-data', ...bearer(token) });
      expect(res.status).toBe(200);
      return res.data.url as string;
    };
    const save = (type: string, item: unknown) =>
      axios(
        'PATCH',
        `/api/deskripsi-wisata/${kd}`,
        { data: JSON.stringify({ [type]: [item] }) },
        { ...bearer(token), 'Content-Type': 'application/json' },
      );
    const read = async (type: string) => JSON.parse((await axios('GET', `/api/deskripsi-wisata/${kd}`)).data.data[type]) as any[];

    const gambar = await upload();
    expect((await save('atraksi', { id: 1, nama: 'Air Terjun', gambar })).status).toBe(200);
    const room = await upload();
    expect((await save('penginapan', { id: 7, nama: 'Homestay Melati', harga: '150000', gambar: room })).status).toBe(200);
    expect((await save('suvenir', { id: 1, nama: 'Batik', harga: '50000', gambar: null })).status).toBe(200);

    const [attraction] = await read('atraksi');
    expect(attraction).toMatchObject({ nama: 'Air Terjun' });
    expect(String(attraction.gambar)).toBe(gambar); // <img src={item.gambar}>: the same URL as the upload
    expect(await imageServes(gambar)).toBe(true);
    const [homestay] = await read('penginapan');
    expect(homestay).toMatchObject({ nama: 'Homestay Melati', harga: 150000 });
    expect(homestay.id).toBe(1); // the service's id, not the app's 7
    expect(String(homestay.gambar)).toBe(room);
    expect((await read('suvenir'))[0]).toMatchObject({ nama: 'Batik', harga: 50000, gambar: [] });

    // handleUpdateItem without a new file: remove-item, then add {...item, nama, gambar: item.gambar}
    const removed = await axios(
      'PATCH',
      `/api/deskripsi-wisata/${kd}/remove-item`,
      { entity_type: 'atraksi', item_id: attraction.id },
      bearer(token),
    );
    expect(removed.status).toBe(200);
    const edited = { ...attraction, nama: 'Air Terjun Kedung', gambar: attraction.gambar, gambarFile: null };
    expect((await save('atraksi', edited)).status).toBe(200);
    const [after] = await read('atraksi');
    expect(after.nama).toBe('Air Terjun Kedung');
    expect(String(after.gambar)).toBe(gambar);
    expect(await imageServes(gambar)).toBe(true);

    // the same edit of an item whose image came as a file with the description (as contract
    // clients and `npm run seed` create them): the image is the village's own, and stays
    const withFile = new FormData();
    withFile.append('data', JSON.stringify({ atraksi: [{ nama_atraksi: 'Goa Pindul' }] }));
    withFile.append('atraksi[]', file(png(3000)));
    const appended = await axios('PATCH', `/api/deskripsi-wisata/${kd}`, withFile, {
      ...bearer(token),
      'Content-Type': 'multipart/form-data',
    });
    expect(appended.status).toBe(200);
    const cave = (await read('atraksi')).find((i) => i.nama === 'Goa Pindul');
    const caveImage = String(cave.gambar);
    expect(caveImage).toContain(`/images/d/${kd}/`);
    const removedCave = await axios(
      'PATCH',
      `/api/deskripsi-wisata/${kd}/remove-item`,
      { entity_type: 'atraksi', item_id: cave.id },
      bearer(token),
    );
    expect(removedCave.status).toBe(200);
    expect(await imageServes(caveImage)).toBe(true);
    expect((await save('atraksi', { ...cave, nama: 'Goa Pindul Baru', gambar: cave.gambar, gambarFile: null })).status).toBe(200);
    const caveAfter = (await read('atraksi')).find((i) => i.nama === 'Goa Pindul Baru');
    expect(String(caveAfter.gambar)).toBe(caveImage);
    expect(await imageServes(caveImage)).toBe(true);

    // handleHapusItem
    const gone = await axios('PATCH', `/api/deskripsi-wisata/${kd}/remove-item`, { entity_type: 'suvenir', item_id: 1 }, bearer(token));
    expect(gone.status).toBe(200);
    expect(await read('suvenir')).toEqual([]);
  });

  it('DeskripsiDesa.jsx: POST and PUT with gambar_cover, galeri_desa and jenis_desa as a lower-case array', async () => {
    const base = {
      lokasi_desa: 'Cangkringan, Sleman',
      deskripsi_desa: 'Desa wisata di lereng Merapi',
      fasilitas_desa: ['Parkir', 'Toilet'],
      url_video: ['https://www.youtube.com/watch?v=abc'],
      jenis_desa: ['alam', 'budaya'],
      latitude: -7.6,
      longitude: 110.42,
    };
    const form = new FormData();
    form.append('data', JSON.stringify({ kd_desa: kd, ...base }));
    form.append('gambar_cover', file(png(3000)));
    form.append('galeri_desa', file(png(3000)));
    form.append('galeri_desa', file(png(3000)));
    const posted = await axios('POST', '/api/deskripsi-desa', form, { ...bearer(token), 'Content-Type': 'multipart/form-data' });
    expect(posted.status).toBe(201);
    const cover = posted.data.data.gambar_cover as string;
    expect(posted.data.data.galeri_desa).toHaveLength(2);
    expect(posted.data.data.galeri_desa).not.toContain(cover);
    expect(await imageServes(cover)).toBe(true);

    const got = (await axios('GET', `/api/deskripsi-desa/${kd}`)).data.data;
    expect(got).toMatchObject({ gambar_cover: cover, galeri_desa: posted.data.data.galeri_desa, latitude: -7.6, longitude: 110.42 });

    const put = new FormData();
    put.append('data', JSON.stringify({ ...base, jenis_desa: ['buatan'], keep_gallery_images: [got.galeri_desa[1]] }));
    put.append('galeri_desa', file(png(3000)));
    const updated = await axios('PUT', `/api/deskripsi-desa/${kd}`, put, { ...bearer(token), 'Content-Type': 'multipart/form-data' });
    expect(updated.status).toBe(200);
    expect(updated.data.data.gambar_cover).toBe(cover); // no new cover sent: the chosen one stays
    expect(updated.data.data.galeri_desa).toHaveLength(2);
    expect(updated.data.data.galeri_desa[0]).toBe(got.galeri_desa[1]);
    expect(updated.data.data).toMatchObject({ latitude: -7.6, longitude: 110.42 });
    // dropped from the gallery: released, it serves until the daily sweep collects it a day later
    expect(await imageServes(got.galeri_desa[0])).toBe(true);
  });

  it('Section3.jsx / Lokasi: village cards by kind carry jenis_desa and the chosen cover', async () => {
    const res = await axios('GET', '/api/desa-wisata/details?byJenis=true');
    const item = res.data.data.find((d: any) => d.kd_desa === kd);
    expect(item.jenis_desa?.includes('buatan')).toBe(true);
    expect(item.jenis_desa?.includes('alam')).toBe(false);
    // (a card: the chosen cover's card variant)
    expect(item.gambar_cover).toBe(variantUrl((await axios('GET', `/api/deskripsi-desa/${kd}`)).data.data.gambar_cover, 'card'));
    expect(await imageServes(item.gambar_cover)).toBe(true);
    expect(item).toMatchObject({ slug, nama_popular: expect.any(String), kabupaten: 'Sleman', provinsi: 'Daerah Istimewa Yogyakarta' });
    const plain = await axios('GET', '/api/desa-wisata/details');
    expect(plain.data.data.find((d: any) => d.kd_desa === kd).jenis_desa).toBeUndefined(); // only when asked for
  });

  it('Section2.jsx / HeroAtraksi.jsx: attractions carry atraksi[0].gambar, atraksi[0].nama, kabupaten, nama_popular, slug', async () => {
    // a random sample of the villages with attractions (the run's server also holds other files' villages): ask until ours comes
    let item: any;
    for (let i = 0; i < 40 && !item; i++) item = (await axios('GET', '/api/atraksi-wisata')).data.data.find((a: any) => a.slug === slug);
    expect(item).toBeDefined();
    expect(item.atraksi[0]).toEqual({ nama: expect.any(String), gambar: expect.stringMatching(/^http/) });
    expect(['Air Terjun Kedung', 'Goa Pindul Baru']).toContain(item.atraksi[0].nama); // the village's attractions with an image
    expect(await imageServes(item.atraksi[0].gambar)).toBe(true);
    expect(item).toMatchObject({ kabupaten: 'Sleman', nama_popular: expect.stringContaining('Pentingsari') });
  });

  it('DetailWisata.jsx: slug → village description and tourism description', async () => {
    const desa = (await axios('GET', `/api/desa-wisata/slug/${slug}`)).data.data;
    expect(desa.kd_desa).toBe(kd);
    const [village, tourism] = await Promise.all([
      axios('GET', `/api/deskripsi-desa/${desa.kd_desa}`),
      axios('GET', `/api/deskripsi-wisata/${desa.kd_desa}`),
    ]);
    expect(village.status).toBe(200);
    expect(tourism.status).toBe(200);
    expect(village.data.data.gambar_cover).toMatch(/^http/);
  });

  it('StatusDesa.jsx: list with nama_desa_wisata, provinsi, kabupaten; "tidak aktif" is nonaktif; other words stay 400', async () => {
    const dinas = await makeUser('dinas');
    const made = await axios('POST', '/api/status-desa', { kd_desa: kd, status: 'aktif', keterangan: 'baru' }, bearer(dinas.token));
    expect(made.status).toBe(201);
    const list = await axios('GET', '/api/status-desa');
    const row = list.data.data.find((s: any) => s.kd_status === made.data.data.kd_status);
    expect(row).toMatchObject({
      nama_desa_wisata: 'Pentingsari',
      provinsi: 'Daerah Istimewa Yogyakarta',
      kabupaten: 'Sleman',
      status: 'aktif',
    });

    const changed = await axios(
      'PUT',
      `/api/status-desa/${row.kd_status}`,
      { status: 'tidak aktif', keterangan: 'Diubah menjadi tidak aktif oleh admin' },
      bearer(dinas.token),
    );
    expect(changed.status).toBe(200);
    expect((await axios('GET', `/api/status-desa/${row.kd_status}`, undefined, bearer(dinas.token))).data.data.status).toBe('nonaktif');
    const refused = await axios('PUT', `/api/status-desa/${row.kd_status}`, { status: 'libur', keterangan: '' }, bearer(dinas.token));
    expect(refused.status).toBe(400);
  });
});
