import { storedFrom } from '../support/images';
import { describe, expect, it } from 'vitest';
import { handler as create } from '../../functions/tourism/create';
import { handler as list } from '../../functions/tourism/list';
import { handler as getOne } from '../../functions/tourism/get';
import { handler as update } from '../../functions/tourism/update';
import { handler as remove } from '../../functions/tourism/delete';
import { handler as append } from '../../functions/tourism/append-items';
import { handler as removeItem } from '../../functions/tourism/remove-item';
import { handler as upload } from '../../functions/uploads/upload-image';
import { handler as deleteVillage } from '../../functions/villages/delete';
import { MSG } from '../../lib/contract/messages';
import { withoutWebAppFields } from '../../lib/web-app/fields';
import { sweepOrphanImages } from '../../lib/domain/image-sweep';
import { keyOf } from '../../lib/storage/images';
import { invoke } from '../support/api';
import { bucketKeys, fetchImage } from '../support/bucket';
import { multipart, png, jpeg, type FilePart } from '../support/multipart';
import { allItems } from '../support/table';
import { expectConsistent, expectListedImagesExist } from '../support/invariants';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

type Owner = Awaited<ReturnType<typeof makeUser>>;
const path = (kd: string) => ({ pathParameters: { kd_desa: kd } });

async function post(owner: Owner, data: unknown, files: FilePart[] = []) {
  const form = multipart({ data: JSON.stringify(data) }, files);
  return invoke(create, { method: 'POST', resource: '/api/deskripsi-wisata', ...form, token: owner.token });
}
async function patch(owner: Owner, kd: string, data: unknown, files: FilePart[] = []) {
  const form = multipart({ data: JSON.stringify(data) }, files);
  return invoke(append, { method: 'PATCH', resource: '/api/deskripsi-wisata/{kd_desa}', ...path(kd), ...form, token: owner.token });
}
const removeItemOf = (owner: Owner, kd: string, body: unknown) =>
  invoke(removeItem, { method: 'PATCH', resource: '/api/deskripsi-wisata/{kd_desa}/remove-item', ...path(kd), body, token: owner.token });
const get = (kd: string) => invoke(getOne, { method: 'GET', resource: '/api/deskripsi-wisata/{kd_desa}', ...path(kd) });
/** A category's items in the contract's shape (the web app's `nama`/`harga` mirrors are checked, then removed). */
const items = (body: any, category: string) =>
  (JSON.parse(body.data[category]) as any[]).map((item) => {
    const name = Object.keys(item).find((k) => k.startsWith('nama_'))!;
    expect(item.nama, 'web-app nama').toBe(item[name]);
    const price = Object.keys(item).find((k) => k.startsWith('harga_'));
    if (price) expect(item.harga, 'web-app harga').toBe(item[price]);
    return withoutWebAppFields(item, 'tourismItem') as any;
  });
const keysOf = (urls: string[]) => urls.map((u) => keyOf(u)!);

async function setup() {
  const owner = await makeUser('pengelola');
  const village = await makeVillage(owner);
  return { owner, kd: village.kd_desa, village };
}

const fullData = (kd: string) => ({
  kd_desa: kd,
  penjelasan_umum: 'Desa di lereng Merapi',
  fasilitas: 'Parkir, toilet, musala',
  dokumentasi_desa: 'https://example.com/dok',
  atraksi: [
    { nama_atraksi: 'Tracking', kategori_atraksi: 'Alam' },
    { nama_atraksi: 'Gamelan', kategori_atraksi: 'Budaya', jumlah_gambar: 2 },
  ],
  penginapan: [{ nama_penginapan: 'Homestay Melati', harga_penginapan: 150000 }],
  paket_wisata: [{ nama_paket_wisata: 'Paket Live In', harga_paket_wisata: '350000' }],
  suvenir: [],
});

describe('POST /api/deskripsi-wisata', () => {
  it('creates the description; files go to items in order; categories come back as JSON text; images are fetchable', async () => {
    const { owner, kd } = await setup();
    const files = [png(), jpeg(), png(), png()];
    const res = await post(owner, fullData(kd), [
      { field: 'atraksi[]', data: files[0]! },
      { field: 'atraksi[]', data: files[1]! },
      { field: 'atraksi[]', data: files[2]! },
      { field: 'penginapan[]', data: files[3]! },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe(MSG.tourismDescriptionCreated);
    for (const c of ['atraksi', 'penginapan', 'paket_wisata', 'suvenir']) expect(typeof res.body.data[c]).toBe('string');
    const atraksi = items(res.body, 'atraksi');
    expect(atraksi.map((a) => [a.id, a.nama_atraksi, a.gambar.length])).toEqual([
      [1, 'Tracking', 1],
      [2, 'Gamelan', 2],
    ]);
    expect(await storedFrom(await fetchImage(atraksi[0].gambar[0]), files[0]!)).toBe(true);
    expect(await storedFrom(await fetchImage(atraksi[1].gambar[1]), files[2]!)).toBe(true);
    expect(items(res.body, 'paket_wisata')[0]).toEqual({
      id: 1,
      nama_paket_wisata: 'Paket Live In',
      harga_paket_wisata: 350000,
      gambar: [],
    });
    expect(items(res.body, 'penginapan')[0].gambar).toHaveLength(1);
    const again = await get(kd);
    expect(again.statusCode).toBe(200);
    expect(again.body.data).toEqual(res.body.data);
  });

  it('accepts application/json with the same data field when no files are sent', async () => {
    const { owner, kd } = await setup();
    const res = await invoke(create, {
      method: 'POST',
      resource: '/api/deskripsi-wisata',
      body: { data: JSON.stringify(fullData(kd)) },
      token: owner.token,
    });
    expect(res.statusCode).toBe(201);
    const res2 = await invoke(create, {
      method: 'POST',
      resource: '/api/deskripsi-wisata',
      body: { data: fullData(kd) },
      token: owner.token,
    });
    expect(res2.statusCode).toBe(409);
    expect(res2.body).toEqual({ status: 'fail', message: MSG.tourismDescriptionExists });
  });

  it('refuses bad input without storing anything', async () => {
    const { owner, kd } = await setup();
    const before = await bucketKeys();
    const bad = await invoke(create, {
      method: 'POST',
      resource: '/api/deskripsi-wisata',
      ...multipart({ data: '{nope' }),
      token: owner.token,
    });
    expect(bad.body).toEqual({ status: 'fail', message: MSG.dataJsonInvalid });
    const text = await post(owner, fullData(kd), [{ field: 'atraksi[]', data: Buffer.from('plain text'), filename: 'a.png' }]);
    expect(text.statusCode).toBe(400);
    expect(text.body.message).toBe(MSG.imageTypeInvalid);
    const leftover = await post(owner, { ...fullData(kd), atraksi: [{ nama_atraksi: 'A', jumlah_gambar: 0 }] }, [
      { field: 'atraksi[]', data: png() },
    ]);
    expect(leftover.statusCode).toBe(400);
    expect(leftover.body.message).toBe(`${MSG.tooManyFilesForItems}: atraksi`);
    const invalid = await post(owner, { ...fullData(kd), penginapan: [{ nama_penginapan: 'X', harga_penginapan: 'murah' }] });
    expect(invalid.body.message).toBe(`${MSG.tourismDescriptionInvalid}: penginapan`);
    const unknownField = await post(owner, fullData(kd), [{ field: 'foto[]', data: png() }]);
    expect(unknownField.statusCode).toBe(400);
    expect(await bucketKeys()).toEqual(before);
    expect((await get(kd)).statusCode).toBe(404);
  });

  it('only the owning pengelola; 404 for an unknown village', async () => {
    const { owner, kd } = await setup();
    const other = await makeUser('pengelola');
    expect((await post(other, fullData(kd))).body).toEqual({ status: 'fail', message: MSG.villageOwnerOnly });
    const dinas = await makeUser('dinas');
    expect((await post(dinas, fullData(kd))).body).toEqual({ status: 'fail', message: MSG.pengelolaOnlyTourismDescription });
    const none = await invoke(create, {
      method: 'POST',
      resource: '/api/deskripsi-wisata',
      ...multipart({ data: JSON.stringify(fullData(kd)) }),
    });
    expect(none.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    expect((await post(owner, fullData('DESA-unknown123'))).body).toEqual({ status: 'fail', message: MSG.villageNotFound });
  });

  it("items may reference only the caller's own uploads (kept under their own URL); other URLs are refused", async () => {
    const { owner, kd } = await setup();
    const other = await makeUser('pengelola');
    const up = async (who: Owner) =>
      (
        await invoke(upload, {
          method: 'POST',
          resource: '/api/upload/gambar',
          ...multipart({}, [{ field: 'file', data: png() }]),
          token: who.token,
        })
      ).body.url as string;
    const mine = await up(owner);
    const theirs = await up(other);
    const foreign = await post(owner, { ...fullData(kd), atraksi: [{ nama_atraksi: 'X', gambar: [theirs], jumlah_gambar: 0 }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body.message).toBe(MSG.imageUrlInvalid);
    const external = await post(owner, {
      ...fullData(kd),
      atraksi: [{ nama_atraksi: 'X', gambar: ['https://evil.example/x.png'], jumlah_gambar: 0 }],
    });
    expect(external.body.message).toBe(MSG.imageUrlInvalid);
    const ok = await post(owner, { ...fullData(kd), atraksi: [{ nama_atraksi: 'X', gambar: [mine], jumlah_gambar: 0 }] });
    expect(ok.statusCode).toBe(201);
    expect(items(ok.body, 'atraksi')[0].gambar).toEqual([mine]); // the same URL, not a copy
    expect(await fetchImage(mine)).not.toBeNull();
    expect(await fetchImage(theirs)).not.toBeNull(); // the other user's image is untouched
    // removing the item leaves the upload to the sweep (a client may add it back at once) …
    const removed = await removeItemOf(owner, kd, { entity_type: 'atraksi', item_id: items(ok.body, 'atraksi')[0].id });
    expect(removed.statusCode).toBe(200);
    expect(await fetchImage(mine)).not.toBeNull();
    // … which removes it once no record has referred to it for a day
    expect((await sweepOrphanImages({ now: Date.now() + 25 * 3600 * 1000 })).deleted).toContain(keyOf(mine));
    expect(await fetchImage(mine)).toBeNull();
  });
});

describe('GET /api/deskripsi-wisata (pagination)', () => {
  it('pages with page/limit and reports total and pages; bad values are 400', async () => {
    const owner = await makeUser('pengelola');
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const v = await makeVillage(owner);
      expect((await post(owner, { kd_desa: v.kd_desa, penjelasan_umum: `d${i}` })).statusCode).toBe(201);
      made.push(v.kd_desa);
    }
    const page = (q: Record<string, string>) => invoke(list, { method: 'GET', resource: '/api/deskripsi-wisata', query: q });
    const all = await page({ limit: '100' });
    expect(all.body.pagination).toMatchObject({ page: 1, limit: 100 });
    const total = all.body.pagination.total;
    expect(total).toBeGreaterThanOrEqual(5);
    expect(all.body.data).toHaveLength(total);
    const p2 = await page({ page: '2', limit: '2' });
    expect(p2.body.pagination).toEqual({ page: 2, limit: 2, total, pages: Math.ceil(total / 2) });
    expect(p2.body.data.map((d: any) => d.kd_desa)).toEqual(all.body.data.slice(2, 4).map((d: any) => d.kd_desa));
    expect((await page({})).body.pagination).toMatchObject({ page: 1, limit: 10 });
    expect((await page({ page: '999', limit: '10' })).body.data).toEqual([]);
    for (const q of [{ page: '0' }, { page: '-1' }, { limit: '101' }, { limit: 'abc' }, { page: '1.5' }] as Record<string, string>[]) {
      const res = await page(q);
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.paginationInvalid });
    }
    expect(all.body.data[0]).toHaveProperty('created_at');
    expect(all.body.data[0]).toHaveProperty('updated_at');
  });
});

describe('pagination positions', () => {
  it('stay dense through parallel creations and deletions; a deletion moves the last description into the gap', async () => {
    const owner = await makeUser('pengelola');
    const villages = await Promise.all(Array.from({ length: 6 }, () => makeVillage(owner)));
    const created = await Promise.all(villages.map((v) => post(owner, { kd_desa: v.kd_desa })));
    expect(created.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const page = async () => (await invoke(list, { method: 'GET', resource: '/api/deskripsi-wisata', query: { limit: '100' } })).body;
    const before = await page();
    const order: string[] = before.data.map((d: any) => d.kd_desa);
    const mine = order.filter((kd) => villages.some((v) => v.kd_desa === kd));
    expect(mine).toHaveLength(6);
    const victim = mine[1]!;
    const lastBefore = order.at(-1);
    await invoke(remove, { method: 'DELETE', resource: '/api/deskripsi-wisata/{kd_desa}', ...path(victim), token: owner.token });
    const after = await page();
    expect(after.pagination.total).toBe(before.pagination.total - 1);
    expect(after.data).toHaveLength(after.pagination.total);
    const afterOrder: string[] = after.data.map((d: any) => d.kd_desa);
    expect(afterOrder).not.toContain(victim);
    expect(afterOrder[order.indexOf(victim)]).toBe(lastBefore);
    // parallel deletions of the rest keep the list whole
    await Promise.all(
      mine
        .filter((kd) => kd !== victim)
        .map((kd) => invoke(remove, { method: 'DELETE', resource: '/api/deskripsi-wisata/{kd_desa}', ...path(kd), token: owner.token })),
    );
    const end = await page();
    expect(end.pagination.total).toBe(before.pagination.total - 6);
    expect(end.data).toHaveLength(end.pagination.total);
    await expectConsistent();
  });
});

describe('PATCH append and remove-item', () => {
  it('appends items with new ids, keeps existing ones, never reuses an id after removal', async () => {
    const { owner, kd } = await setup();
    await post(owner, fullData(kd), [{ field: 'atraksi[]', data: png() }]);
    const res = await patch(owner, kd, { atraksi: [{ nama_atraksi: 'Sungai' }] }, [{ field: 'atraksi[]', data: png() }]);
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(MSG.tourismItemsAdded);
    expect(Object.keys(res.body.data).sort()).toEqual(['atraksi', 'kd_desa']);
    expect(items(res.body, 'atraksi').map((a) => a.id)).toEqual([1, 2, 3]);
    const removed = await removeItemOf(owner, kd, { entity_type: 'atraksi', item_id: 3 });
    expect(removed.statusCode).toBe(200);
    expect(removed.body.message).toBe(MSG.tourismItemRemoved);
    expect(items(removed.body, 'atraksi').map((a) => a.id)).toEqual([1, 2]);
    const again = await patch(owner, kd, { atraksi: [{ nama_atraksi: 'Baru' }] });
    expect(items(again.body, 'atraksi').map((a) => a.id)).toEqual([1, 2, 4]);
    expect(items(again.body, 'atraksi')[2].gambar).toEqual([]);
  });

  it('26 files in one PATCH field are refused; 25 are fine', async () => {
    const { owner, kd } = await setup();
    await post(owner, { kd_desa: kd });
    const before = await bucketKeys();
    const many = (n: number) => Array.from({ length: n }, () => ({ field: 'suvenir[]', data: png(64) }));
    const data = (n: number) => ({ suvenir: Array.from({ length: n }, (_, i) => ({ nama_suvenir: `S${i}`, harga_suvenir: 1000 })) });
    const refused = await patch(owner, kd, data(26), many(26));
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toBe(`${MSG.tooManyFilesInField} suvenir[] (maksimal 25)`);
    expect(await bucketKeys()).toEqual(before);
    const ok = await patch(owner, kd, data(25), many(25));
    expect(ok.statusCode).toBe(200);
    expect(items(ok.body, 'suvenir')).toHaveLength(25);
  });

  it('20 parallel appends end with 20 new items with distinct ids', async () => {
    const { owner, kd } = await setup();
    await post(owner, { kd_desa: kd, penginapan: [{ nama_penginapan: 'Awal', harga_penginapan: 1 }] });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        patch(owner, kd, { penginapan: [{ nama_penginapan: `P${i}`, harga_penginapan: i }] }, [{ field: 'penginapan[]', data: png(64) }]),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const final = items((await get(kd)).body, 'penginapan');
    expect(final).toHaveLength(21);
    expect(new Set(final.map((i) => i.id)).size).toBe(21);
    expect(final.map((i) => i.nama_penginapan).sort()).toEqual(['Awal', ...Array.from({ length: 20 }, (_, i) => `P${i}`)].sort());
    // every image stored is referenced exactly once, none left over from lost races
    const referenced = final.flatMap((i) => i.gambar);
    expect(new Set(referenced).size).toBe(20);
    const stored = (await bucketKeys()).filter((k) => k.startsWith(`images/d/${kd}/`));
    expect(stored.sort()).toEqual(keysOf(referenced).sort());
  });

  it('parallel appends and removals lose nothing', async () => {
    const { owner, kd } = await setup();
    await post(owner, { kd_desa: kd, suvenir: Array.from({ length: 10 }, (_, i) => ({ nama_suvenir: `old${i}`, harga_suvenir: 1 })) });
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => removeItemOf(owner, kd, { entity_type: 'suvenir', item_id: i + 1 })),
      ...Array.from({ length: 10 }, (_, i) => patch(owner, kd, { suvenir: [{ nama_suvenir: `new${i}`, harga_suvenir: 2 }] })),
    ]);
    const final = items((await get(kd)).body, 'suvenir');
    expect(final.map((i) => i.nama_suvenir).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `new${i}`).sort());
    expect(final.every((i) => i.id > 10)).toBe(true);
  });

  it('remove-item errors: missing fields, bad entity_type, unknown item, no description', async () => {
    const { owner, kd } = await setup();
    expect((await removeItemOf(owner, kd, { entity_type: 'atraksi', item_id: 1 })).body).toEqual({
      status: 'fail',
      message: MSG.tourismDescriptionNotFound,
    });
    await post(owner, { kd_desa: kd });
    for (const body of [{}, { entity_type: 'atraksi' }, { item_id: 1 }]) {
      const res = await removeItemOf(owner, kd, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.entityTypeItemIdRequired });
    }
    const bad = await removeItemOf(owner, kd, { entity_type: 'kuliner', item_id: 1 });
    expect(bad.body).toEqual({ status: 'fail', message: MSG.entityTypeInvalid });
    const missing = await removeItemOf(owner, kd, { entity_type: 'atraksi', item_id: 99 });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual({ status: 'fail', message: MSG.itemNotFound });
    const other = await makeUser('pengelola');
    expect((await removeItemOf(other, kd, { entity_type: 'atraksi', item_id: 1 })).statusCode).toBe(403);
  });
});

describe('images a description drops are released, and the sweep takes them after the grace period', () => {
  it('remove-item, PUT replacement and DELETE keep the objects for a day; the sweep then removes exactly those; a village DELETE removes its own at once', async () => {
    const { owner, kd } = await setup();
    const neighbour = await setup();
    await post(neighbour.owner, { kd_desa: neighbour.kd, atraksi: [{ nama_atraksi: 'N' }] }, [{ field: 'atraksi[]', data: png() }]);
    const created = await post(owner, fullData(kd), [
      { field: 'atraksi[]', data: png() },
      { field: 'atraksi[]', data: png() },
      { field: 'atraksi[]', data: png() },
    ]);
    const [a1, a2] = items(created.body, 'atraksi');
    const snapshot = async () => new Set(await bucketKeys());
    const aDayLater = () => sweepOrphanImages({ now: Date.now() + 25 * 3600 * 1000 });

    // remove-item releases item 2's two images: nothing leaves the bucket yet …
    let before = await snapshot();
    await removeItemOf(owner, kd, { entity_type: 'atraksi', item_id: a2.id });
    expect(await snapshot()).toEqual(before);
    // … a sweep within the grace period keeps them, a day later they go, and nothing listed does
    expect((await sweepOrphanImages()).deleted).toEqual([]);
    let swept = await aDayLater(); // (also collects what earlier tests of this file left unlisted)
    expect(swept.deleted).toEqual(expect.arrayContaining(keysOf(a2.gambar)));
    await expectListedImagesExist();

    // PUT: keep item 1 without its image, add a new item with a new file
    before = await snapshot();
    const put = await invoke(update, {
      method: 'PUT',
      resource: '/api/deskripsi-wisata/{kd_desa}',
      ...path(kd),
      ...multipart(
        {
          data: JSON.stringify({
            penjelasan_umum: 'baru',
            atraksi: [{ id: a1.id, nama_atraksi: 'Tracking 2', gambar: [] }, { nama_atraksi: 'Baru' }],
          }),
        },
        [{ field: 'atraksi[]', data: png() }],
      ),
      token: owner.token,
    });
    expect(put.statusCode).toBe(200);
    expect(put.body.message).toBe(MSG.tourismDescriptionUpdated);
    const putItems = items(put.body, 'atraksi');
    expect(putItems.map((i) => [i.id, i.nama_atraksi, i.gambar.length])).toEqual([
      [1, 'Tracking 2', 0],
      [3, 'Baru', 1],
    ]); // ids 1 and 2 were handed out at creation
    let after = await snapshot();
    expect([...after].filter((k) => !before.has(k))).toEqual(keysOf(putItems[1].gambar));
    swept = await aDayLater();
    expect(swept.deleted).toEqual(keysOf(a1.gambar));

    // DELETE the description: its images are released, and go a day later; the neighbour's stay
    const stillReferenced = items((await get(kd)).body, 'atraksi')
      .flatMap((i) => i.gambar)
      .concat(items((await get(kd)).body, 'penginapan').flatMap((i) => i.gambar));
    const del = await invoke(remove, { method: 'DELETE', resource: '/api/deskripsi-wisata/{kd_desa}', ...path(kd), token: owner.token });
    expect(del.body).toEqual({ status: 'success', message: MSG.tourismDescriptionDeleted });
    expect((await get(kd)).body).toEqual({ status: 'fail', message: MSG.tourismDescriptionNotFound });
    swept = await aDayLater();
    expect(swept.deleted.sort()).toEqual(keysOf(stillReferenced).sort());

    // village DELETE removes its own objects at once, and every item of the village
    await post(owner, { kd_desa: kd, atraksi: [{ nama_atraksi: 'Z' }] }, [{ field: 'atraksi[]', data: png() }]);
    before = await snapshot();
    const gone = await invoke(deleteVillage, { method: 'DELETE', resource: '/api/desa-wisata/{kd_desa}', ...path(kd), token: owner.token });
    expect(gone.statusCode).toBe(200);
    after = await snapshot();
    expect([...after].some((k) => k.startsWith(`images/d/${kd}/`))).toBe(false);
    expect([...before].filter((k) => !after.has(k)).every((k) => k.startsWith(`images/d/${kd}/`))).toBe(true);
    expect([...after].filter((k) => k.startsWith(`images/d/${neighbour.kd}/`))).toHaveLength(1);
    expect((await allItems()).filter((i) => i.SK !== 'IMG' && !String(i.PK).startsWith('HIST#') && JSON.stringify(i).includes(kd))).toEqual(
      [],
    );
  });
});
