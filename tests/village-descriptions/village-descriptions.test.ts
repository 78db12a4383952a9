import { storedFrom } from '../support/images';
import { describe, expect, it } from 'vitest';
import { handler as getOne } from '../../functions/village-descriptions/get';
import { handler as create } from '../../functions/village-descriptions/create';
import { handler as update } from '../../functions/village-descriptions/update';
import { handler as remove } from '../../functions/village-descriptions/delete';
import { handler as details } from '../../functions/villages/details';
import { handler as deleteVillage } from '../../functions/villages/delete';
import { MSG } from '../../lib/contract/messages';
import { withoutWebAppFields } from '../../lib/web-app/fields';
import { keyOf, variantUrl } from '../../lib/storage/images';
import { sweepOrphanImages } from '../../lib/domain/image-sweep';
import { expectListedImagesExist } from '../support/invariants';
import { invoke } from '../support/api';
import { bucketKeys, fetchImage } from '../support/bucket';
import { multipart, png, webp, type FilePart } from '../support/multipart';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

type Owner = Awaited<ReturnType<typeof makeUser>>;
const path = (kd: string) => ({ pathParameters: { kd_desa: kd } });
const data = (kd: string, extra: Record<string, unknown> = {}) => ({
  kd_desa: kd,
  lokasi_desa: 'Cangkringan, Sleman',
  deskripsi_desa: 'Desa wisata di lereng Merapi',
  fasilitas_desa: ['Parkir', 'Homestay'],
  url_video: ['https://www.youtube.com/watch?v=abc'],
  jenis_desa: 'Alam',
  latitude: -7.6,
  longitude: 110.4,
  ...extra,
});
const post = (who: Owner, body: unknown, files: FilePart[] = []) =>
  invoke(create, {
    method: 'POST',
    resource: '/api/deskripsi-desa',
    ...multipart({ data: JSON.stringify(body) }, files),
    token: who.token,
  });
const put = (who: Owner, kd: string, body: unknown, files: FilePart[] = []) =>
  invoke(update, {
    method: 'PUT',
    resource: '/api/deskripsi-desa/{kd_desa}',
    ...path(kd),
    ...multipart({ data: JSON.stringify(body) }, files),
    token: who.token,
  });
const get = (kd: string) => invoke(getOne, { method: 'GET', resource: '/api/deskripsi-desa/{kd_desa}', ...path(kd) });
const del = (who: Owner | undefined, kd: string) =>
  invoke(remove, { method: 'DELETE', resource: '/api/deskripsi-desa/{kd_desa}', ...path(kd), token: who?.token });

async function setup() {
  const owner = await makeUser('pengelola');
  const { kd_desa } = await makeVillage(owner);
  return { owner, kd: kd_desa };
}

describe('village descriptions', () => {
  it('POST creates with gallery uploads (201), GET returns every field, the cover appears in the details list', async () => {
    const { owner, kd } = await setup();
    const files = [png(), webp()];
    const res = await post(
      owner,
      data(kd),
      files.map((d) => ({ field: 'galeri_gambar[]', data: d })),
    );
    expect(res.statusCode).toBe(201);
    expect({ ...res.body, data: withoutWebAppFields(res.body.data, 'villageDescriptionWrite') }).toEqual({
      status: 'success',
      message: MSG.villageDescriptionCreated,
      data: { kd_desa: kd, galeri_gambar: [expect.any(String), expect.any(String)] },
    });
    for (const [i, url] of res.body.data.galeri_gambar.entries()) expect(await storedFrom(await fetchImage(url), files[i]!)).toBe(true);
    const one = await get(kd);
    expect(one.statusCode).toBe(200);
    expect(one.body.data).toMatchObject({ ...data(kd), galeri_gambar: res.body.data.galeri_gambar });
    expect(Object.keys(withoutWebAppFields(one.body.data, 'villageDescription')).sort()).toEqual(
      [
        'created_at',
        'deskripsi_desa',
        'fasilitas_desa',
        'galeri_gambar',
        'jenis_desa',
        'kd_desa',
        'latitude',
        'lokasi_desa',
        'longitude',
        'updated_at',
        'url_video',
      ].sort(),
    );
    const list = await invoke(details, { method: 'GET', resource: '/api/desa-wisata/details' });
    expect(list.body.data.find((d: any) => d.kd_desa === kd).gambar_cover).toBe(variantUrl(res.body.data.galeri_gambar[0], 'card'));
  });

  it('POST errors: bad JSON, unknown village (400 contract text), another manager (403), other roles (403), no token (401), twice (409)', async () => {
    const { owner, kd } = await setup();
    const badJson = await invoke(create, {
      method: 'POST',
      resource: '/api/deskripsi-desa',
      ...multipart({ data: '{oops' }),
      token: owner.token,
    });
    expect(badJson.body).toEqual({ status: 'fail', message: MSG.dataJsonInvalid });
    expect((await post(owner, data('DESA-nothing12'))).body).toEqual({ status: 'fail', message: MSG.villageCodeUnknown });
    const other = await makeUser('pengelola');
    expect((await post(other, data(kd))).body).toEqual({ status: 'fail', message: MSG.villageOwnerOnly });
    for (const role of ['dinas', 'admin'] as const) {
      const who = await makeUser(role);
      const res = await post(who, data(kd));
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({ status: 'fail', message: MSG.pengelolaOnlyVillageDescription });
    }
    const none = await invoke(create, {
      method: 'POST',
      resource: '/api/deskripsi-desa',
      ...multipart({ data: JSON.stringify(data(kd)) }),
    });
    expect(none.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    const invalid = await post(owner, data(kd, { jenis_desa: 'Pantai', latitude: 200 }));
    expect(invalid.body.message).toBe(`${MSG.villageDescriptionInvalid}: jenis_desa, latitude`);
    expect((await post(owner, data(kd))).statusCode).toBe(201);
    const twice = await post(owner, data(kd));
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toEqual({ status: 'fail', message: MSG.villageDescriptionExists });
  });

  it('PUT keeps exactly the listed current images (unknown ignored), then the new uploads; dropped objects go with the sweep a day later', async () => {
    const { owner, kd } = await setup();
    const created = await post(
      owner,
      data(kd),
      [png(), png(), png()].map((d) => ({ field: 'galeri_gambar[]', data: d })),
    );
    const [g1, g2, g3] = created.body.data.galeri_gambar as string[];
    const before = new Set(await bucketKeys());
    const res = await put(
      owner,
      kd,
      { ...data(kd), lokasi_desa: 'Baru', keep_gallery_images: [g3, 'https://elsewhere.example/x.png', g1] },
      [{ field: 'galeri_gambar[]', data: png() }],
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(MSG.villageDescriptionUpdated);
    expect(res.body.data.kd_desa).toBe(kd);
    expect(res.body.data.lokasi_desa).toBe('Baru');
    expect(res.body.data.galeri_gambar.slice(0, 2)).toEqual([g3, g1]);
    expect(res.body.data.galeri_gambar).toHaveLength(3);
    const after = new Set(await bucketKeys());
    expect([...before].filter((k) => !after.has(k))).toEqual([]);
    expect([...after].filter((k) => !before.has(k))).toEqual([keyOf(res.body.data.galeri_gambar[2])]);
    expect((await sweepOrphanImages()).deleted).toEqual([]);
    expect((await sweepOrphanImages({ now: Date.now() + 25 * 3600 * 1000 })).deleted).toContain(keyOf(g2!));
    await expectListedImagesExist();
    const list = await invoke(details, { method: 'GET', resource: '/api/desa-wisata/details' });
    expect(list.body.data.find((d: any) => d.kd_desa === kd).gambar_cover).toBe(variantUrl(g3!, 'card'));
  });

  it('PUT/DELETE errors: 404 without a description, 403 for another manager', async () => {
    const { owner, kd } = await setup();
    expect((await put(owner, kd, data(kd))).body).toEqual({ status: 'fail', message: MSG.villageDescriptionNotFound });
    expect((await del(owner, kd)).body).toEqual({ status: 'fail', message: MSG.villageDescriptionNotFound });
    expect((await get(kd)).body).toEqual({ status: 'fail', message: MSG.villageDescriptionNotFound });
    await post(owner, data(kd));
    const other = await makeUser('pengelola');
    expect((await put(other, kd, data(kd))).body).toEqual({ status: 'fail', message: MSG.villageOwnerOnly });
    expect((await del(other, kd)).body).toEqual({ status: 'fail', message: MSG.villageOwnerOnly });
    expect((await del(undefined, kd)).body).toEqual({ status: 'fail', message: MSG.tokenMissing });
  });

  it('DELETE removes the description and releases its images (the sweep takes them a day later); the village DELETE removes its images at once', async () => {
    const { owner, kd } = await setup();
    const created = await post(
      owner,
      data(kd),
      [png(), png()].map((d) => ({ field: 'galeri_gambar[]', data: d })),
    );
    const res = await del(owner, kd);
    expect(res.body).toEqual({ status: 'success', message: MSG.villageDescriptionDeleted });
    for (const url of created.body.data.galeri_gambar) expect(await fetchImage(url)).not.toBeNull();
    const swept = await sweepOrphanImages({ now: Date.now() + 25 * 3600 * 1000 });
    expect(swept.deleted).toEqual(expect.arrayContaining(created.body.data.galeri_gambar.map((u: string) => keyOf(u))));
    for (const url of created.body.data.galeri_gambar) expect(await fetchImage(url)).toBeNull();
    const list = await invoke(details, { method: 'GET', resource: '/api/desa-wisata/details' });
    expect(list.body.data.find((d: any) => d.kd_desa === kd).gambar_cover).toBeNull();

    const again = await post(owner, data(kd), [{ field: 'galeri_gambar[]', data: png() }]);
    await invoke(deleteVillage, { method: 'DELETE', resource: '/api/desa-wisata/{kd_desa}', ...path(kd), token: owner.token });
    expect(await fetchImage(again.body.data.galeri_gambar[0])).toBeNull();
    expect((await bucketKeys()).some((k) => k.startsWith(`images/d/${kd}/`))).toBe(false);
    // (the image reference records stay as deletion marks until their TTL)
    expect((await allItems()).filter((i) => i.SK !== 'IMG' && !String(i.PK).startsWith('HIST#') && JSON.stringify(i).includes(kd))).toEqual(
      [],
    );
  });
});
