import { describe, expect, it } from 'vitest';
import { handler as create } from '../../functions/tourism/create';
import { sweepOrphanImages } from '../../lib/domain/image-sweep';
import { putImage, uploadPrefix, villagePrefix, keyOf } from '../../lib/storage/images';
import { prepareImage } from '../../lib/domain/image-processing';
import { invoke } from '../support/api';
import { bucketKeys } from '../support/bucket';
import { multipart, png } from '../support/multipart';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

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
});
