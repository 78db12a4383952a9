/**
 * Images for the web, through the routes and the real S3 emulator: a phone photo comes back
 * without GPS or camera, upright and web-sized, with its WebP variants at derived URLs; the
 * public lists that show cards point at cards; bombs, truncated files and polyglots are
 * refused with nothing stored; the backfill brings old objects to the same state, once.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { handler as upload } from '../../functions/uploads/upload-image';
import { handler as createTourism } from '../../functions/tourism/create';
import { handler as appendItems } from '../../functions/tourism/append-items';
import { handler as getTourism } from '../../functions/tourism/get';
import { handler as statistics } from '../../functions/statistics/get';
import { handler as attractions } from '../../functions/attractions/random';
import { MSG } from '../../lib/contract/messages';
import { backfillImages } from '../../lib/domain/image-backfill';
import { MAX_EDGE } from '../../lib/domain/image-processing';
import { config } from '../../lib/platform/config';
import { IMAGE_VARIANTS } from '../../lib/storage/image-type';
import { keyOf, uploadPrefix, urlOf, variantUrl, villagePrefix } from '../../lib/storage/images';
import { s3 } from '../../lib/storage/s3';
import { ROOT } from '../../scripts/local-stack';
import { invoke } from '../support/api';
import { allBucketKeys, fetchImage } from '../support/bucket';
import { CAMERA, jpegBomb, jpegWithScans, losslessWebp, phonePhoto, pngBomb, pngDeclaring } from '../support/images';
import { multipart } from '../support/multipart';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

const send = (data: Buffer, token: string) =>
  invoke(upload, {
    method: 'POST',
    resource: '/api/upload/gambar',
    ...multipart({}, [{ field: 'file', data, filename: 'IMG_0001.jpg' }]),
    token,
  });

async function noMetadata(image: Buffer) {
  const m = await sharp(image).metadata();
  return !m.exif && !m.xmp && !m.iptc && !m.icc && m.orientation === undefined && !image.includes(Buffer.from(CAMERA.model));
}

describe('images for the web', () => {
  it('a phone photo with GPS, camera and orientation comes back with no metadata, upright, web-sized; its variants beside it', async () => {
    const user = await makeUser('pengelola');
    const photo = await phonePhoto({ width: 4000, height: 3000, orientation: 6 });
    const res = await send(photo, user.token);
    expect(res.statusCode).toBe(200);
    const stored = (await fetchImage(res.body.url))!;
    expect(await noMetadata(stored)).toBe(true);
    const m = await sharp(stored).metadata();
    expect([m.format, m.width, m.height]).toEqual(['jpeg', 1536, MAX_EDGE]);
    expect(stored.length).toBeLessThan(photo.length / 3);
    for (const v of IMAGE_VARIANTS) {
      const url = res.body.gambar_varian[res.body.url][v.name];
      expect(url).toBe(variantUrl(res.body.url, v.name));
      const variant = (await fetchImage(url))!;
      const vm = await sharp(variant).metadata();
      expect([vm.format, vm.width, vm.height]).toEqual(['webp', (v.edge * 3) / 4, v.edge]);
      expect(await noMetadata(variant)).toBe(true);
    }
  });

  it('refuses bombs, truncated files and polyglots with 400, storing nothing', async () => {
    const user = await makeUser('pengelola');
    const photo = await phonePhoto({ width: 600, height: 400 });
    const cases: [Buffer, string[]][] = [
      [pngBomb(50_000, 50_000), [MSG.imageTooManyPixels]],
      [await jpegBomb(65_500, 65_500), [MSG.imageTooManyPixels]],
      [pngDeclaring(50_000, 50_000), [MSG.imageTypeInvalid, MSG.imageTooManyPixels]],
      [photo.subarray(0, Math.floor(photo.length / 2)), [MSG.imageCorrupt]],
      [await jpegWithScans(3000), [MSG.imageTooManyScans]], // progressive, 3,000 scans: refused from its markers
      [
        Buffer.concat([pngDeclaring(2, 3).subarray(0, 33), Buffer.from('<html><script>alert(1)</script></html>')]),
        [MSG.imageTypeInvalid, MSG.imageCorrupt],
      ],
    ];
    for (const [data, messages] of cases) {
      const res = await send(data, user.token);
      expect(res.statusCode).toBe(400);
      expect(messages).toContain(res.body.message);
    }
    expect((await allBucketKeys()).filter((k) => k.startsWith(uploadPrefix(user.id)))).toEqual([]);
  });

  it('lists that show cards point at the card: the attractions list and its web-app fields', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const img = (await send(await phonePhoto({ width: 900, height: 600 }), owner.token)).body.url as string;
    const created = await invoke(createTourism, {
      method: 'POST',
      resource: '/api/deskripsi-wisata',
      body: {
        kd_desa,
        penjelasan_umum: 'Desa di lereng gunung',
        fasilitas: 'Homestay',
        dokumentasi_desa: '-',
        atraksi: [{ nama_atraksi: `Air terjun ${randomUUID()}`, kategori_atraksi: 'Alam', gambar: [img] }],
        penginapan: [],
        paket_wisata: [],
        suvenir: [],
      },
      token: owner.token,
    });
    expect(created.statusCode).toBe(201);
    expect(created.body.data.gambar_varian[img]).toEqual({ card: variantUrl(img, 'card'), thumb: variantUrl(img, 'thumb') });
    // the list is random: ask until this village's attraction is among those picked
    for (let i = 0; i < 60; i++) {
      const list = await invoke(attractions, { method: 'GET', resource: '/api/atraksi-wisata' });
      const mine = list.body.data.find((a: { slug: string; gambar: string[] }) => a.gambar.includes(variantUrl(img, 'card')));
      if (mine) {
        expect(mine.atraksi[0].gambar).toBe(variantUrl(img, 'card'));
        expect(mine.gambar).not.toContain(img);
        return;
      }
    }
    throw new Error('the attraction was never picked');
  });
});

describe('a request’s images have a budget', () => {
  it('100 lossless WebPs of 38 bytes declaring 7000² in one PATCH form: 413 at once (under 2 s), nothing stored, a public read meanwhile stays fast', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const path = { pathParameters: { kd_desa } };
    const created = await invoke(createTourism, {
      method: 'POST',
      resource: '/api/deskripsi-wisata',
      ...multipart({ data: JSON.stringify({ kd_desa }) }),
      token: owner.token,
    });
    expect(created.statusCode).toBe(201);
    const bomb = await losslessWebp(7000, 7000);
    const items = (name: string, price?: string) =>
      Array.from({ length: 25 }, (_, i) => ({ [name]: `Bom ${i}`, ...(price ? { [price]: 10_000 } : {}) }));
    const data = {
      atraksi: items('nama_atraksi'),
      penginapan: items('nama_penginapan', 'harga_penginapan'),
      paket_wisata: items('nama_paket_wisata', 'harga_paket_wisata'),
      suvenir: items('nama_suvenir', 'harga_suvenir'),
    };
    const files = Object.keys(data).flatMap((c) =>
      Array.from({ length: 25 }, () => ({ field: `${c}[]`, data: bomb, contentType: 'image/webp' })),
    );
    const form = multipart({ data: JSON.stringify(data) }, files);
    const read = () => invoke(statistics, { method: 'GET', resource: '/api/statistik' });
    expect((await read()).statusCode).toBe(200); // warm

    const timed = async <T>(work: () => Promise<T>) => {
      const started = performance.now();
      const out = await work();
      return { out, ms: performance.now() - started };
    };
    const [hostile, publicRead] = await Promise.all([
      timed(() =>
        invoke(appendItems, { method: 'PATCH', resource: '/api/deskripsi-wisata/{kd_desa}', ...path, ...form, token: owner.token }),
      ),
      timed(read),
    ]);
    expect(hostile.out.statusCode).toBe(413);
    expect(hostile.out.body).toEqual({ status: 'fail', message: MSG.imageRequestBudget });
    expect(hostile.ms).toBeLessThan(2000);
    expect(publicRead.out.statusCode).toBe(200);
    expect(publicRead.ms).toBeLessThan(2000);
    expect((await allBucketKeys()).filter((k) => k.startsWith(villagePrefix(kd_desa)))).toEqual([]);
    const after = await invoke(getTourism, { method: 'GET', resource: '/api/deskripsi-wisata/{kd_desa}', ...path });
    expect(JSON.parse(after.body.data.atraksi)).toEqual([]);
  });
});

describe('npm run images:backfill', () => {
  /** Objects as the service stored them before this issue: the client's bytes as they came. */
  async function oldStyle(prefix: string) {
    const put = async (ext: string, body: Buffer, type: string) => {
      const key = `${prefix}${randomUUID()}.${ext}`;
      await (await s3()).client.send(new PutObjectCommand({ Bucket: config().bucketName, Key: key, Body: body, ContentType: type }));
      return key;
    };
    return {
      photo: await put('jpg', await phonePhoto({ width: 3000, height: 2000, orientation: 6 }), 'image/jpeg'),
      png: await put(
        'png',
        await sharp({ create: { width: 2600, height: 100, channels: 4, background: '#0a0a' } })
          .png()
          .toBuffer(),
        'image/png',
      ),
      broken: await put('png', pngDeclaring(2, 3), 'image/png'),
    };
  }

  const snapshot = async (prefix: string) =>
    Object.fromEntries(
      await Promise.all(
        (await allBucketKeys()).filter((k) => k.startsWith(prefix)).map(async (k) => [k, (await fetchImage(urlOf(k)))!.toString('base64')]),
      ),
    );

  it('turns a bucket of old-style objects into the new state under the same keys; a second run changes nothing', async () => {
    const prefix = `images/u/${900_000 + Math.floor(Math.random() * 99_999)}/`;
    const old = await oldStyle(prefix);
    const first = await backfillImages({ prefix });
    expect(first).toMatchObject({ scanned: 3, remade: 2, variantsAdded: 0, done: 0 });
    expect(first.refused).toEqual([{ key: old.broken, reason: MSG.imageTypeInvalid }]);
    expect(first.bytesAfter).toBeLessThan(first.bytesBefore);

    const photo = (await fetchImage(urlOf(old.photo)))!;
    expect(await noMetadata(photo)).toBe(true);
    expect(await sharp(photo).metadata()).toMatchObject({ format: 'jpeg', width: 1365, height: 2048 });
    const png = await sharp((await fetchImage(urlOf(old.png)))!).metadata();
    expect(png).toMatchObject({ format: 'png', width: 2048, hasAlpha: true });
    for (const key of [old.photo, old.png])
      for (const v of IMAGE_VARIANTS)
        expect((await sharp((await fetchImage(variantUrl(urlOf(key), v.name)))!).metadata()).format).toBe('webp');
    expect(keyOf(urlOf(old.photo))).toBe(old.photo); // the URL records hold is the same

    const before = await snapshot(prefix);
    const second = await backfillImages({ prefix });
    expect(second).toMatchObject({ scanned: 3, remade: 0, variantsAdded: 0, done: 2 });
    expect(await snapshot(prefix)).toEqual(before);
  });

  it('is resumable: a run that runs out of time says where it stopped; the next goes on from there', async () => {
    const prefix = `images/u/${800_000 + Math.floor(Math.random() * 99_999)}/`;
    await oldStyle(prefix);
    let asked = 0;
    const part = await backfillImages({ prefix, outOfTime: () => ++asked > 1 });
    expect(part.scanned).toBe(1);
    expect(part.next).toBeDefined();
    const rest = await backfillImages({ prefix, startAfter: part.next });
    expect(rest.scanned).toBe(2);
    expect((await backfillImages({ prefix })).done).toBe(2);
  });

  it('as a command: reports what it did', async () => {
    const prefix = `images/u/${700_000 + Math.floor(Math.random() * 99_999)}/`;
    await oldStyle(prefix);
    const out = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'images-backfill.ts'), '--prefix', prefix], {
      cwd: ROOT,
      env: process.env,
      encoding: 'utf8',
    });
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(
      /Scanned 3 image\(s\): 2 made web-sized \(.* KB → .* KB\), 0 given their variants, 0 already done, 1 refused/,
    );
  });
});
