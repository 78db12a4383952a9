/**
 * The third outside test's image findings: the sweep never deletes an image a record lists (paging
 * while descriptions are deleted, a claim between its check and its delete, random
 * interleavings), client-sent image URLs are canonicalised before any ownership check,
 * and items keep the images their description holds (edits, hand-overs), with unique ids.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handler as create } from '../../functions/tourism/create';
import { handler as getOne } from '../../functions/tourism/get';
import { handler as update } from '../../functions/tourism/update';
import { handler as remove } from '../../functions/tourism/delete';
import { handler as append } from '../../functions/tourism/append-items';
import { handler as removeItem } from '../../functions/tourism/remove-item';
import { handler as upload } from '../../functions/uploads/upload-image';
import { handler as updateVillage } from '../../functions/villages/update';
import { sweepOrphanImages } from '../../lib/domain/image-sweep';
import { markImageDeleting } from '../../lib/db/image-refs';
import { MSG } from '../../lib/contract/messages';
import { canonicalImageUrl, keyOf } from '../../lib/storage/images';
import { invoke } from '../support/api';
import { bucketKeys, fetchImage } from '../support/bucket';
import { expectListedImagesExist } from '../support/invariants';
import { multipart, png, type FilePart } from '../support/multipart';
import { makeUser } from '../support/users';
import { makeVillage, villageBody } from '../support/villages';

type Owner = Awaited<ReturnType<typeof makeUser>>;
const path = (kd: string) => ({ pathParameters: { kd_desa: kd } });
const A_DAY_LATER = () => Date.now() + 25 * 3600 * 1000;

const post = (owner: Owner, data: unknown, files: FilePart[] = []) =>
  invoke(create, {
    method: 'POST',
    resource: '/api/deskripsi-wisata',
    ...multipart({ data: JSON.stringify(data) }, files),
    token: owner.token,
  });
const patch = (owner: Owner, kd: string, data: unknown, files: FilePart[] = []) =>
  invoke(append, {
    method: 'PATCH',
    resource: '/api/deskripsi-wisata/{kd_desa}',
    ...path(kd),
    ...multipart({ data: JSON.stringify(data) }, files),
    token: owner.token,
  });
const put = (owner: Owner, kd: string, data: unknown) =>
  invoke(update, {
    method: 'PUT',
    resource: '/api/deskripsi-wisata/{kd_desa}',
    ...path(kd),
    ...multipart({ data: JSON.stringify(data) }),
    token: owner.token,
  });
const removeItemOf = (owner: Owner, kd: string, category: string, id: number) =>
  invoke(removeItem, {
    method: 'PATCH',
    resource: '/api/deskripsi-wisata/{kd_desa}/remove-item',
    ...path(kd),
    body: { entity_type: category, item_id: id },
    token: owner.token,
  });
const deleteDescription = (owner: Owner, kd: string) =>
  invoke(remove, { method: 'DELETE', resource: '/api/deskripsi-wisata/{kd_desa}', ...path(kd), token: owner.token });
const items = async (kd: string, category = 'atraksi') =>
  JSON.parse(
    (await invoke(getOne, { method: 'GET', resource: '/api/deskripsi-wisata/{kd_desa}', ...path(kd) })).body.data[category],
  ) as any[];
const uploadOf = async (who: Owner) => {
  const res = await invoke(upload, {
    method: 'POST',
    resource: '/api/upload/gambar',
    ...multipart({}, [{ field: 'file', data: png() }]),
    token: who.token,
  });
  expect(res.statusCode).toBe(200);
  return res.body.url as string;
};

describe('the sweep never deletes an image a record lists', () => {
  it('paging by village while descriptions are deleted: every listed upload survives', async () => {
    const owner = await makeUser('pengelola');
    const villages: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { kd_desa } = await makeVillage(owner);
      const res = await post(owner, { kd_desa, atraksi: [{ nama_atraksi: `A${i}`, gambar: [await uploadOf(owner)], jumlah_gambar: 0 }] });
      expect(res.statusCode).toBe(201);
      villages.push(kd_desa);
    }
    // after the first page (3 villages), the owner deletes the first village's description
    const result = await sweepOrphanImages({
      now: A_DAY_LATER(),
      pageSize: 3,
      hooks: {
        afterPage: async (page) => {
          if (page === 1) expect((await deleteDescription(owner, villages[0]!)).statusCode).toBe(200);
        },
      },
    });
    await expectListedImagesExist();
    for (const kd of villages.slice(1)) expect(await fetchImage((await items(kd))[0].gambar[0])).not.toBeNull();
    expect(result.deleted).toEqual([]); // the deleted description's upload was released just now
  });

  it('a claim between the check and the delete keeps the upload', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    expect((await post(owner, { kd_desa })).statusCode).toBe(201);
    const old = await uploadOf(owner); // unused: a candidate a day later
    const result = await sweepOrphanImages({
      now: A_DAY_LATER(),
      hooks: {
        beforeMark: async () => {
          expect((await patch(owner, kd_desa, { atraksi: [{ nama_atraksi: 'Pakai', gambar: [old], jumlah_gambar: 0 }] })).statusCode).toBe(
            200,
          );
        },
      },
    });
    expect(result.deleted).not.toContain(keyOf(old));
    expect(await fetchImage(old)).not.toBeNull();
    expect((await items(kd_desa))[0].gambar).toEqual([old]);
    await expectListedImagesExist();
  });

  it('a claim that reaches its transaction after the sweep marked the image is refused (400); one after the delete too', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    expect((await post(owner, { kd_desa })).statusCode).toBe(201);
    const marked = await uploadOf(owner);
    // the sweep's mark without its delete yet: the object still exists, the claim's condition fails
    expect(await markImageDeleting(keyOf(marked)!, 0, Date.now())).toBe(true);
    const late = await patch(owner, kd_desa, { atraksi: [{ nama_atraksi: 'Telat', gambar: [marked], jumlah_gambar: 0 }] });
    expect(late.body).toEqual({ status: 'fail', message: MSG.imageNotFound });
    const gone = await uploadOf(owner);
    expect((await sweepOrphanImages({ now: A_DAY_LATER() })).deleted).toEqual(expect.arrayContaining([keyOf(marked), keyOf(gone)]));
    const after = await patch(owner, kd_desa, { atraksi: [{ nama_atraksi: 'Telat', gambar: [gone], jumlah_gambar: 0 }] });
    expect(after.body).toEqual({ status: 'fail', message: MSG.imageNotFound });
    expect(await items(kd_desa)).toEqual([]);
  });

  it('property: random writes interleaved with sweeps at random points never leave a listed image missing', async () => {
    const owner = await makeUser('pengelola');
    const kds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { kd_desa } = await makeVillage(owner);
      expect((await post(owner, { kd_desa })).statusCode).toBe(201);
      kds.push(kd_desa);
    }
    const released: string[] = [];
    const ok = (status: number) => expect([200, 201, 400]).toContain(status);
    const op = fc.oneof(
      fc.record({ kind: fc.constant('upload-append' as const), v: fc.nat(1) }),
      fc.record({ kind: fc.constant('file-append' as const), v: fc.nat(1) }),
      fc.record({ kind: fc.constant('remove' as const), v: fc.nat(1) }),
      fc.record({ kind: fc.constant('reappend' as const), v: fc.nat(1) }),
      fc.record({ kind: fc.constant('recreate' as const), v: fc.nat(1) }),
    );
    const run = async (o: { kind: string; v: number }) => {
      const kd = kds[o.v]!;
      if (o.kind === 'upload-append')
        ok((await patch(owner, kd, { atraksi: [{ nama_atraksi: 'U', gambar: [await uploadOf(owner)], jumlah_gambar: 0 }] })).statusCode);
      if (o.kind === 'file-append')
        ok((await patch(owner, kd, { atraksi: [{ nama_atraksi: 'F' }] }, [{ field: 'atraksi[]', data: png() }])).statusCode);
      if (o.kind === 'remove') {
        const first = (await items(kd))[0];
        if (first) {
          released.push(...first.gambar);
          ok((await removeItemOf(owner, kd, 'atraksi', first.id)).statusCode);
        }
      }
      if (o.kind === 'reappend' && released.length > 0) {
        const url = released[released.length - 1]!;
        ok((await patch(owner, kd, { atraksi: [{ nama_atraksi: 'R', gambar: [url], jumlah_gambar: 0 }] })).statusCode);
      }
      if (o.kind === 'recreate') {
        for (const it of await items(kd)) released.push(...it.gambar);
        ok((await deleteDescription(owner, kd)).statusCode);
        ok((await post(owner, { kd_desa: kd })).statusCode);
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { maxLength: 3 }),
        fc.array(op, { maxLength: 3 }),
        fc.array(op, { maxLength: 3 }),
        async (before, onPage, onMark) => {
          for (const o of before) await run(o);
          await sweepOrphanImages({
            now: A_DAY_LATER(),
            pageSize: 1,
            hooks: {
              afterPage: async (page) => {
                if (page === 1) for (const o of onPage) await run(o);
              },
              beforeMark: async () => {
                for (const o of onMark) await run(o);
              },
            },
          });
          await expectListedImagesExist();
        },
      ),
      { numRuns: 12, seed: 1919 },
    );
  }, 240_000);
});

describe('image URLs are canonicalised before any ownership check', () => {
  it('encoded dot segments that resolve to another user or village are refused, and nothing is copied', async () => {
    const owner = await makeUser('pengelola');
    const other = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const theirVillage = await makeVillage(other);
    const theirItem = await post(other, { kd_desa: theirVillage.kd_desa, atraksi: [{ nama_atraksi: 'T' }] }, [
      { field: 'atraksi[]', data: png() },
    ]);
    const theirVillageImage = keyOf(JSON.parse(theirItem.body.data.atraksi)[0].gambar[0])!;
    const mine = await uploadOf(owner);
    const theirs = keyOf(await uploadOf(other))!;
    const base = mine.slice(0, mine.indexOf('images/'));
    const ownDir = `${base}images/u/${owner.id}/`;
    const theirFile = theirs.slice(theirs.lastIndexOf('/') + 1);
    const attempts = [
      `${ownDir}%2e%2e/${other.id}/${theirFile}`,
      `${ownDir}%2E%2E/${other.id}/${theirFile}`,
      `${ownDir}.%2e/${other.id}/${theirFile}`,
      `${ownDir}../${other.id}/${theirFile}`,
      `${ownDir}%2e%2e/%2e%2e/d/${theirVillage.kd_desa}/${theirVillageImage.slice(theirVillageImage.lastIndexOf('/') + 1)}`,
      `${ownDir}%2e%2e%2f${other.id}%2f${theirFile}`,
      `${mine}?x=1`,
      `${mine}#frag`,
    ];
    expect((await post(owner, { kd_desa })).statusCode).toBe(201);
    const stored = new Set(await bucketKeys());
    for (const url of attempts) {
      const res = await patch(owner, kd_desa, { atraksi: [{ nama_atraksi: 'X', gambar: [url], jumlah_gambar: 0 }] });
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.imageUrlInvalid });
    }
    expect(new Set(await bucketKeys())).toEqual(stored);
    expect(await items(kd_desa)).toEqual([]);
  });

  it('an own upload spelled differently (host case, encoded letters) is accepted and stored in its canonical form', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const mine = await uploadOf(owner);
    const u = new URL(mine);
    const spelled = `${u.protocol.toUpperCase()}//${u.host.toUpperCase()}${u.pathname.replace('images', '%69mages')}`;
    expect(canonicalImageUrl(spelled)).toBe(mine);
    const res = await post(owner, { kd_desa, atraksi: [{ nama_atraksi: 'X', gambar: [spelled], jumlah_gambar: 0 }] });
    expect(res.statusCode).toBe(201);
    expect(JSON.parse(res.body.data.atraksi)[0].gambar).toEqual([mine]);
  });
});

describe('items keep the images their description holds', () => {
  it('PUT of the items exactly as GET returned them with one name changed, and the app-style item, keep the file images', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const created = await post(owner, { kd_desa, penginapan: [{ nama_penginapan: 'Homestay', harga_penginapan: 150000 }] }, [
      { field: 'penginapan[]', data: png() },
    ]);
    expect(created.statusCode).toBe(201);
    const [item] = await items(kd_desa, 'penginapan');
    const image = item.gambar[0] as string;
    const asRead = await put(owner, kd_desa, { penginapan: [{ ...item, nama_penginapan: 'Homestay Melati' }] });
    expect(asRead.statusCode).toBe(200);
    const appStyle = await put(owner, kd_desa, { penginapan: [{ id: item.id, nama: 'Homestay Mawar', harga: 175000, gambar: image }] });
    expect(appStyle.statusCode).toBe(200);
    const [after] = await items(kd_desa, 'penginapan');
    expect(after).toMatchObject({ nama_penginapan: 'Homestay Mawar', harga_penginapan: 175000, gambar: [image] });
    expect(await fetchImage(image)).not.toBeNull();
  });

  it('remove-item then an append of the same URL keeps a file image; another village’s image is refused', async () => {
    const owner = await makeUser('pengelola');
    const other = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const theirs = await makeVillage(other);
    await post(owner, { kd_desa, atraksi: [{ nama_atraksi: 'Goa' }] }, [{ field: 'atraksi[]', data: png() }]);
    const theirPost = await post(other, { kd_desa: theirs.kd_desa, atraksi: [{ nama_atraksi: 'T' }] }, [
      { field: 'atraksi[]', data: png() },
    ]);
    const [cave] = await items(kd_desa);
    expect((await removeItemOf(owner, kd_desa, 'atraksi', cave.id)).statusCode).toBe(200);
    const back = await patch(owner, kd_desa, { atraksi: [{ nama_atraksi: 'Goa Baru', gambar: cave.gambar, jumlah_gambar: 0 }] });
    expect(back.statusCode).toBe(200);
    expect((await items(kd_desa))[0].gambar).toEqual(cave.gambar);
    expect(await fetchImage(cave.gambar[0])).not.toBeNull();
    const foreign = JSON.parse(theirPost.body.data.atraksi)[0].gambar;
    const refused = await patch(owner, kd_desa, { atraksi: [{ nama_atraksi: 'Curi', gambar: foreign, jumlah_gambar: 0 }] });
    expect(refused.body).toEqual({ status: 'fail', message: MSG.imageUrlInvalid });
  });

  it('after a hand-over the new manager keeps, edits and re-adds the images the description held (also the former manager’s uploads)', async () => {
    const first = await makeUser('pengelola');
    const next = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(first);
    const firstUpload = await uploadOf(first);
    await post(first, { kd_desa, atraksi: [{ nama_atraksi: 'A', gambar: [firstUpload], jumlah_gambar: 0 }, { nama_atraksi: 'B' }] }, [
      { field: 'atraksi[]', data: png() },
    ]);
    const handed = await invoke(updateVillage, {
      method: 'PUT',
      resource: '/api/desa-wisata/{kd_desa}',
      ...path(kd_desa),
      body: villageBody(next.email),
      token: first.token,
    });
    expect(handed.statusCode).toBe(200);
    const [a, b] = await items(kd_desa);
    expect((await put(next, kd_desa, { atraksi: [{ ...a, nama_atraksi: 'A2' }, b] })).statusCode).toBe(200);
    const [a2] = await items(kd_desa); // (items read back carry the web app's `nama`, so the PUT gave them new ids)
    expect(a2.gambar).toEqual([firstUpload]);
    expect((await removeItemOf(next, kd_desa, 'atraksi', a2.id)).statusCode).toBe(200);
    const readded = await patch(next, kd_desa, { atraksi: [{ nama_atraksi: 'A3', gambar: [firstUpload], jumlah_gambar: 0 }] });
    expect(readded.statusCode).toBe(200);
    expect((await items(kd_desa)).map((i) => i.gambar)).toEqual([b.gambar, [firstUpload]]);
    await expectListedImagesExist();
  });
});

describe('item ids within a category are unique', () => {
  it('a PUT with duplicate ids is a 400 and changes nothing', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    await post(owner, { kd_desa, atraksi: [{ nama_atraksi: 'A' }, { nama_atraksi: 'B' }] });
    const before = await items(kd_desa);
    const res = await put(owner, kd_desa, {
      atraksi: [
        { id: 1, nama_atraksi: 'X' },
        { id: 1, nama_atraksi: 'Y' },
        { id: 999, nama_atraksi: 'Z' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'fail', message: `${MSG.itemIdDuplicate}: atraksi` });
    expect(await items(kd_desa)).toEqual(before);
  });
});
