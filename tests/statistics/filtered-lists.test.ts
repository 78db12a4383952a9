/**
 * The public lists narrowed by region, category, operating status and kind: each filtered
 * answer is exactly the unfiltered list's rows that match (same order, same shape); a bad
 * filter is a 400; a village that moves region or is re-scored moves in the index.
 */
import { describe, expect, it } from 'vitest';
import { handler as villageList } from '../../functions/villages/list';
import { handler as villageDetails } from '../../functions/villages/details';
import { handler as scoreList } from '../../functions/scores/list';
import { handler as statusList } from '../../functions/statuses/list';
import { handler as createScore } from '../../functions/scores/create';
import { handler as updateScore } from '../../functions/scores/update';
import { handler as createStatus } from '../../functions/statuses/create';
import { handler as updateVillage } from '../../functions/villages/update';
import { handler as createVillage } from '../../functions/villages/create';
import { handler as exportVillages } from '../../functions/villages/export';
import { handler as createVillageDescription } from '../../functions/village-descriptions/create';
import { MSG, withFields } from '../../lib/contract/messages';
import type { LambdaHandler } from '../../lib/http/handler';
import { sameScores } from '../robustness/support/fixture';
import { invoke } from '../support/api';
import { multipart } from '../support/multipart';
import { makeUser } from '../support/users';
import { makeVillage, villageBody } from '../support/villages';

const list = async (handler: LambdaHandler, resource: string, query: Record<string, string> = {}) => {
  const res = await invoke(handler, { method: 'GET', resource, query });
  expect(res.statusCode, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res.body.data as Record<string, any>[];
};

describe('filtered public lists', () => {
  it('each filter gives exactly the matching rows of the unfiltered list, in its order', { timeout: 60_000 }, async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const prov = `Provinsi Saring ${Date.now()}`;
    const a = await makeVillage(owner, { provinsi: prov, kabupaten: 'Hulu' });
    const b = await makeVillage(owner, { provinsi: prov, kabupaten: 'Hilir' });
    const c = await makeVillage(owner, { provinsi: prov, kabupaten: 'Hulu' });
    await makeVillage(owner, { provinsi: `${prov} Seberang`, kabupaten: 'Hulu' });
    for (const [v, n] of [
      [a, 95],
      [b, 60],
    ] as const)
      expect(
        (
          await invoke(createScore, {
            method: 'POST',
            resource: '/api/skor',
            body: { kd_desa: v.kd_desa, ...sameScores(n) },
            token: dinas.token,
          })
        ).statusCode,
      ).toBe(201);
    for (const [v, status] of [
      [a, 'aktif'],
      [c, 'ditinjau'],
      [c, 'aktif'],
    ] as const)
      expect(
        (
          await invoke(createStatus, {
            method: 'POST',
            resource: '/api/status-desa',
            body: { kd_desa: v.kd_desa, status, keterangan: '' },
            token: dinas.token,
          })
        ).statusCode,
      ).toBe(201);
    const vd = { kd_desa: b.kd_desa, lokasi_desa: 'L', deskripsi_desa: 'D', jenis_desa: 'Budaya', latitude: -7, longitude: 110 };
    expect(
      (
        await invoke(createVillageDescription, {
          method: 'POST',
          resource: '/api/deskripsi-desa',
          ...multipart({ data: JSON.stringify(vd) }),
          token: owner.token,
        })
      ).statusCode,
    ).toBe(201);

    const ours = new Set([a.kd_desa, b.kd_desa, c.kd_desa]);
    const all = await list(villageList, '/api/desa-wisata');
    const inProv = all.filter((v) => v.provinsi === prov);
    expect(inProv.map((v) => v.kd_desa)).toEqual([...ours]);
    // region (case-insensitive), and kabupaten within it
    expect(await list(villageList, '/api/desa-wisata', { provinsi: prov.toLowerCase() })).toEqual(inProv);
    expect(await list(villageList, '/api/desa-wisata', { provinsi: prov, kabupaten: 'HULU' })).toEqual(
      inProv.filter((v) => v.kabupaten === 'Hulu'),
    );
    // category, with the region
    const kd = (rows: Record<string, any>[]) => rows.map((r) => r.kd_desa);
    expect(kd(await list(villageList, '/api/desa-wisata', { provinsi: prov, kategori: 'Mandiri' }))).toEqual([a.kd_desa]);
    expect(kd(await list(villageList, '/api/desa-wisata', { provinsi: prov, kategori: 'belum_dinilai' }))).toEqual([c.kd_desa]);
    // an operating status the village has; a kind its description names
    expect(kd(await list(villageList, '/api/desa-wisata', { provinsi: prov, status: 'aktif' }))).toEqual([a.kd_desa, c.kd_desa]);
    expect(kd(await list(villageList, '/api/desa-wisata', { provinsi: prov, jenis: 'Budaya' }))).toEqual([b.kd_desa]);

    // the other lists, the same way
    const details = (await list(villageDetails, '/api/desa-wisata/details')).filter((v) => ours.has(v.kd_desa));
    expect(await list(villageDetails, '/api/desa-wisata/details', { provinsi: prov })).toEqual(details);
    const scores = (await list(scoreList, '/api/skor')).filter((s) => ours.has(s.kd_desa));
    expect(await list(scoreList, '/api/skor', { provinsi: prov })).toEqual(scores);
    expect(await list(scoreList, '/api/skor', { provinsi: prov, kategori: 'Berkembang' })).toEqual(
      scores.filter((s) => s.kd_desa === b.kd_desa),
    );
    const statuses = (await list(statusList, '/api/status-desa')).filter((s) => ours.has(s.kd_desa));
    expect(await list(statusList, '/api/status-desa', { provinsi: prov })).toEqual(statuses);
    expect(await list(statusList, '/api/status-desa', { provinsi: prov, status: 'aktif' })).toEqual(
      statuses.filter((s) => s.status === 'aktif'),
    );

    // a village that moves region, or changes category, moves in the index
    const moved = await invoke(updateVillage, {
      method: 'PUT',
      resource: '/api/desa-wisata/{kd_desa}',
      pathParameters: { kd_desa: c.kd_desa },
      body: villageBody(owner.email, { provinsi: prov, kabupaten: 'Hilir' }),
      token: owner.token,
    });
    expect(moved.statusCode).toBe(200);
    expect(kd(await list(villageList, '/api/desa-wisata', { provinsi: prov, kabupaten: 'Hilir' }))).toEqual([b.kd_desa, c.kd_desa]);
    const rescored = await invoke(updateScore, {
      method: 'PUT',
      resource: '/api/skor/{kd_desa}',
      pathParameters: { kd_desa: b.kd_desa },
      body: sameScores(95),
      token: dinas.token,
    });
    expect(rescored.statusCode).toBe(200);
    expect(kd(await list(villageList, '/api/desa-wisata', { provinsi: prov, kategori: 'Mandiri' }))).toEqual([a.kd_desa, b.kd_desa]);
  });

  it('# in a region: ?provinsi=Jawa%23Tengah is a 400, not Jawa Tengah; a village named with # is refused (lists, export, writes)', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const prov = `Jawa Tengah ${Date.now()}`;
    const hashed = prov.replace(' ', '#');
    const kd = (rows: Record<string, any>[]) => rows.map((r) => r.kd_desa);
    const a = await makeVillage(owner, { provinsi: prov, kabupaten: 'Kota Magelang' });
    expect(kd(await list(villageList, '/api/desa-wisata', { provinsi: prov }))).toEqual([a.kd_desa]);
    for (const query of [{ provinsi: hashed }, { provinsi: prov, kabupaten: 'Kota#Magelang' }] as Record<string, string>[])
      for (const [handler, resource] of [
        [villageList, '/api/desa-wisata'],
        [villageDetails, '/api/desa-wisata/details'],
        [scoreList, '/api/skor'],
        [statusList, '/api/status-desa'],
      ] as const) {
        const res = await invoke(handler, { method: 'GET', resource, query });
        expect(res.statusCode, `${resource} ${JSON.stringify(query)}`).toBe(400);
        expect(res.body).toEqual({ status: 'fail', message: MSG.listFilterInvalid });
      }
    const exported = await invoke(exportVillages, {
      method: 'GET',
      resource: '/api/desa-wisata/export',
      query: { provinsi: hashed },
      token: dinas.token,
    });
    expect(exported.statusCode).toBe(400);
    expect(exported.body).toEqual({ status: 'fail', message: MSG.exportQueryInvalid });

    for (const field of ['provinsi', 'kabupaten'] as const) {
      const body = villageBody(owner.email, {
        provinsi: prov,
        kabupaten: 'Kota Magelang',
        [field]: field === 'provinsi' ? hashed : 'Kota#Magelang',
      });
      const created = await invoke(createVillage, { method: 'POST', resource: '/api/desa-wisata', body, token: owner.token });
      const updated = await invoke(updateVillage, {
        method: 'PUT',
        resource: '/api/desa-wisata/{kd_desa}',
        pathParameters: { kd_desa: a.kd_desa },
        body,
        token: owner.token,
      });
      for (const res of [created, updated]) {
        expect(res.statusCode).toBe(400);
        expect(res.body).toEqual({ status: 'fail', message: withFields(MSG.villageInvalid, [field]) });
      }
    }
    expect(kd(await list(villageList, '/api/desa-wisata', { provinsi: prov }))).toEqual([a.kd_desa]);
  });

  it('a bad filter is a 400 naming the filters; no filter is the contract’s list', async () => {
    for (const query of [{ kategori: 'Hebat' }, { status: 'tutup' }, { jenis: 'Laut' }, { kabupaten: 'Sleman' }] as Record<
      string,
      string
    >[]) {
      const res = await invoke(villageList, { method: 'GET', resource: '/api/desa-wisata', query });
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.listFilterInvalid });
    }
  });
});
