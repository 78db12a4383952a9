import { describe, expect, it } from 'vitest';
import { handler as create } from '../../functions/tourism/create';
import { handler as attractions } from '../../functions/attractions/random';
import { withoutWebAppFields } from '../../lib/web-app/fields';
import { invoke } from '../support/api';
import { multipart, png, type FilePart } from '../support/multipart';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

type Owner = Awaited<ReturnType<typeof makeUser>>;

async function post(owner: Owner, data: unknown, files: FilePart[] = []) {
  const form = multipart({ data: JSON.stringify(data) }, files);
  return invoke(create, { method: 'POST', resource: '/api/deskripsi-wisata', ...form, token: owner.token });
}
async function setup() {
  const owner = await makeUser('pengelola');
  const village = await makeVillage(owner);
  return { owner, kd: village.kd_desa };
}

describe('GET /api/atraksi-wisata', () => {
  it('returns up to 8 attractions with images, with village name and slug', async () => {
    const created: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { owner, kd } = await setup();
      await post(owner, { kd_desa: kd, atraksi: [{ nama_atraksi: `Foto ${i}` }, { nama_atraksi: `Tanpa foto ${i}`, jumlah_gambar: 0 }] }, [
        { field: 'atraksi[]', data: png() },
      ]);
      created.push(kd);
    }
    const res = await invoke(attractions, { method: 'GET', resource: '/api/atraksi-wisata' });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(3);
    expect(res.body.data.length).toBeLessThanOrEqual(8);
    for (const a of res.body.data) {
      expect(Object.keys(withoutWebAppFields(a, 'attraction')).sort()).toEqual(['gambar', 'nama_atraksi', 'nama_desa', 'slug']);
      expect(a.gambar.length).toBeGreaterThan(0);
      expect(a.nama_atraksi).not.toMatch(/^Tanpa foto/);
    }
  });
});
