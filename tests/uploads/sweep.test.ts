import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { handler as create } from '../../functions/tourism/create';
import { backfillImages } from '../../lib/domain/image-backfill';
import { sweepOrphanImages } from '../../lib/domain/image-sweep';
import { deleteImages, putImage, uploadPrefix, urlOf, variantKey, villagePrefix, keyOf } from '../../lib/storage/images';
import { prepareImage } from '../../lib/domain/image-processing';
import { config } from '../../lib/platform/config';
import { s3 } from '../../lib/storage/s3';
import { invoke } from '../support/api';
import { allBucketKeys, bucketKeys } from '../support/bucket';
import { phonePhoto } from '../support/images';
import { multipart, png } from '../support/multipart';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

const A_DAY_LATER = () => Date.now() + 25 * 3600 * 1000;
const keysUnder = async (prefix: string) => (await allBucketKeys()).filter((k) => k.startsWith(prefix)).sort();
const withVariants = (key: string) => [key, variantKey(key, 'card'), variantKey(key, 'thumb')].sort();
/** A prefix of its own (a user id no test makes), so that a sweep a day ahead touches only this test's objects. */
const ownPrefix = () => uploadPrefix(600_000 + Math.floor(Math.random() * 99_999));
const removeObject = async (Key: string) => (await s3()).client.send(new DeleteObjectCommand({ Bucket: config().bucketName, Key }));

describe('orphan image sweep', () => {
  it('deletes unreferenced objects of a village and stale uploads, keeps referenced ones', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const res = await invoke(create, {
      method: 'POST',
      resource: '/api/deskripsi-wisata',
      ...multipart({ data: JSON.stringify({ kd_desa, atraksi: [{ nama_atraksi: 'A' }] }) }, [{ field: 'atraksi[]', data: png() }]),
      token: owner.token,
    });
    const kept = keyOf(JSON.parse(res.body.data.atraksi)[0].gambar[0])!;
    const data = png();
    const orphan = keyOf(await putImage(await prepareImage(data), villagePrefix(kd_desa)))!;
    const upload = keyOf(await putImage(await prepareImage(data), uploadPrefix(owner.id)))!;

    // young objects are left alone (a write may be in flight)
    expect((await sweepOrphanImages()).deleted).not.toContain(orphan);
    const result = await sweepOrphanImages({ now: Date.now() + 25 * 3600 * 1000 });
    expect(result.deleted).toContain(orphan);
    expect(result.deleted).toContain(upload);
    const keys = await bucketKeys();
    expect(keys).toContain(kept);
    expect(keys).not.toContain(orphan);
    expect(keys).not.toContain(upload);
  });

  it('deletes the variants whose image is gone, a day old; keeps those of live images and young ones', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const res = await invoke(create, {
      method: 'POST',
      resource: '/api/deskripsi-wisata',
      ...multipart({ data: JSON.stringify({ kd_desa, atraksi: [{ nama_atraksi: 'A' }] }) }, [{ field: 'atraksi[]', data: png() }]),
      token: owner.token,
    });
    const live = keyOf(JSON.parse(res.body.data.atraksi)[0].gambar[0])!;
    // an image whose object went while its variants stayed (what a backfill racing a delete left)
    const gone = keyOf(await putImage(await prepareImage(png()), villagePrefix(kd_desa)))!;
    await removeObject(gone);
    const prefix = villagePrefix(kd_desa);
    expect(await keysUnder(prefix)).toEqual([...withVariants(live), variantKey(gone, 'card'), variantKey(gone, 'thumb')].sort());

    const young = await sweepOrphanImages({ prefix });
    expect(young.strayVariants).toEqual([]); // as young as a write in flight
    const result = await sweepOrphanImages({ prefix, now: A_DAY_LATER() });
    expect(result.strayVariants.sort()).toEqual([variantKey(gone, 'card'), variantKey(gone, 'thumb')].sort());
    expect(result.deleted).toEqual([]);
    expect(await keysUnder(prefix)).toEqual(withVariants(live));
  });
});

describe('the backfill never writes back an image deleted while it runs', () => {
  /** An object as the service stored images before the backfill: the client's bytes, no variants. */
  async function oldStyle(prefix: string) {
    const key = `${prefix}${randomUUID()}.jpg`;
    const Body = await phonePhoto({ width: 600, height: 400 });
    await (await s3()).client.send(new PutObjectCommand({ Bucket: config().bucketName, Key: key, Body, ContentType: 'image/jpeg' }));
    return key;
  }

  it('the sweep deletes an old image between the backfill’s check and its writes: neither the image nor its variants come back', async () => {
    const prefix = ownPrefix();
    const key = await oldStyle(prefix);
    const report = await backfillImages({
      prefix,
      beforeWrite: async (k) => {
        expect(k).toBe(key);
        expect((await sweepOrphanImages({ prefix, now: A_DAY_LATER() })).deleted).toEqual([key]);
        expect(await keysUnder(prefix)).toEqual([]);
      },
    });
    expect(report).toMatchObject({ scanned: 1, gone: 1, remade: 0, variantsAdded: 0 });
    expect(await keysUnder(prefix)).toEqual([]);
  });

  it('an image made by the service is deleted (unmarked, as a failed write’s rollback does) while its variants are written: they go too', async () => {
    const prefix = ownPrefix();
    const key = keyOf(await putImage(await prepareImage(png()), prefix))!;
    await Promise.all([removeObject(variantKey(key, 'card')), removeObject(variantKey(key, 'thumb'))]);
    const report = await backfillImages({ prefix, beforeWrite: () => deleteImages([urlOf(key)]) });
    expect(report).toMatchObject({ scanned: 1, gone: 1, variantsAdded: 0 });
    expect(await keysUnder(prefix)).toEqual([]);
  });

  it('without a delete, the backfill writes as before', async () => {
    const prefix = ownPrefix();
    const key = await oldStyle(prefix);
    expect(await backfillImages({ prefix })).toMatchObject({ scanned: 1, remade: 1, gone: 0 });
    expect(await keysUnder(prefix)).toEqual(withVariants(key));
  });
});
