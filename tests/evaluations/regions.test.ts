/**
 * GET /api/wilayah: the provinces and kabupaten that have villages, with their counts, for the
 * pages' drop-downs ("N desa dalam cakupan"); read from the region counters, never the villages.
 */
import { describe, expect, it } from 'vitest';
import { handler as regions } from '../../functions/evaluations/regions';
import { handler as deleteVillage } from '../../functions/villages/delete';
import { MSG } from '../../lib/contract/messages';
import { invoke, uniqueName } from '../support/api';
import { countCommands } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

interface Province {
  provinsi: string;
  n_desa: number;
  kabupaten: { kabupaten: string; n_desa: number }[];
}
const read = (token?: string) => invoke(regions, { method: 'GET', resource: '/api/wilayah', token });
const provinceOf = async (name: string, token: string) =>
  ((await read(token)).body.data.provinsi as Province[]).find((p) => p.provinsi.toLowerCase() === name.toLowerCase());

describe('GET /api/wilayah', () => {
  it('lists each province and kabupaten with villages and their counts, names as written, sorted; any signed-in user', async () => {
    const provinsi = uniqueName('Provinsi Wilayah');
    const [owner, dinas] = await Promise.all([makeUser('pengelola'), makeUser('dinas')]);
    await makeVillage(owner, { provinsi, kabupaten: 'Sleman' });
    await makeVillage(owner, { provinsi, kabupaten: 'Bantul' });
    // the same province and kabupaten spelled in another case: one region, as rounds compare them
    const third = await makeVillage(owner, { provinsi: provinsi.toUpperCase(), kabupaten: 'SLEMAN' });

    const res = await read(owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe('success');
    const all = res.body.data.provinsi as Province[];
    const names = all.map((p) => p.provinsi);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'id', { sensitivity: 'base' })));
    expect(all.every((p) => p.n_desa > 0 && p.n_desa === p.kabupaten.reduce((n, k) => n + k.n_desa, 0))).toBe(true);
    expect(await provinceOf(provinsi, dinas.token)).toEqual({
      provinsi,
      n_desa: 3,
      kabupaten: [
        { kabupaten: 'Bantul', n_desa: 1 },
        { kabupaten: 'Sleman', n_desa: 2 },
      ],
    });

    // a village gone: its kabupaten's count drops; a kabupaten without villages is not listed
    const gone = await invoke(deleteVillage, {
      method: 'DELETE',
      resource: '/api/desa-wisata/{kd_desa}',
      pathParameters: { kd_desa: third.kd_desa },
      token: owner.token,
    });
    expect(gone.statusCode).toBe(200);
    expect((await provinceOf(provinsi, owner.token))!.kabupaten).toEqual([
      { kabupaten: 'Bantul', n_desa: 1 },
      { kabupaten: 'Sleman', n_desa: 1 },
    ]);
    expect((await read()).body).toEqual({ status: 'fail', message: MSG.tokenMissing });
  });

  it('costs one Query of the region counters after the token (no Scan, no village read)', async () => {
    const user = await makeUser('pengelola');
    const { result, counts } = await countCommands(() => read(user.token));
    expect(result.statusCode).toBe(200);
    expect(counts.QueryCommand).toBe(1);
    expect(counts.ScanCommand).toBeUndefined();
    expect(Object.values(counts).reduce((n, c) => n + c, 0)).toBe(2); // the token's user, then the counters
  });
});
