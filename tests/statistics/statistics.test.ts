/**
 * GET /api/statistik: the figures from counters the writes keep in their own
 * transactions. A scenario with exact figures (narrowed by region, accounts only for the
 * office, 304 on a repeat read, a village moving region), and a property: after random
 * sequences of writes through the routes (concurrent ones included), every counter equals
 * a full recount. (Injected faults: the fault suite checks the same recount after every
 * fault, tests/support/invariants.ts.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handler as statistics } from '../../functions/statistics/get';
import { handler as createRequest } from '../../functions/requests/create';
import { handler as updateRequest } from '../../functions/requests/update';
import { handler as deleteRequest } from '../../functions/requests/delete';
import { handler as createScore } from '../../functions/scores/create';
import { handler as updateScore } from '../../functions/scores/update';
import { handler as createStatus } from '../../functions/statuses/create';
import { handler as updateStatus } from '../../functions/statuses/update';
import { handler as deleteStatus } from '../../functions/statuses/delete';
import { handler as updateVillage } from '../../functions/villages/update';
import { handler as createVillage } from '../../functions/villages/create';
import { handler as deleteVillage } from '../../functions/villages/delete';
import { handler as verifyAccount } from '../../functions/auth/verify-account';
import { MSG, withFields } from '../../lib/contract/messages';
import { sameScores } from '../robustness/support/fixture';
import { invoke, type ApiResponse } from '../support/api';
import { expectCountersMatchRecount } from '../support/statistics';
import { makeUser } from '../support/users';
import { makeVillage, villageBody } from '../support/villages';

const REGIONS = [
  { provinsi: 'Jawa Tengah', kabupaten: 'Magelang' },
  { provinsi: 'Jawa Tengah', kabupaten: 'Semarang' },
  { provinsi: 'Bali', kabupaten: 'Gianyar' },
];
const get = (query: Record<string, string> = {}, token?: string, headers?: Record<string, string>) =>
  invoke(statistics, { method: 'GET', resource: '/api/statistik', query, token, headers });
const kdPath = (kd_desa: string) => ({ pathParameters: { kd_desa } });

describe('GET /api/statistik', () => {
  it('counts villages per region, categories, statuses, requests; a region narrows them; the office sees accounts', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const admin = await makeUser('admin');
    // a province of its own, so the figures are this test's alone
    const prov = `Provinsi Uji ${Date.now()}`;
    const a = await makeVillage(owner, { provinsi: prov, kabupaten: 'Satu' });
    const b = await makeVillage(owner, { provinsi: prov, kabupaten: 'Satu' });
    await makeVillage(owner, { provinsi: prov, kabupaten: 'Dua' });
    expect(
      (
        await invoke(createScore, {
          method: 'POST',
          resource: '/api/skor',
          body: { kd_desa: a.kd_desa, ...sameScores(95) },
          token: dinas.token,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await invoke(createScore, {
          method: 'POST',
          resource: '/api/skor',
          body: { kd_desa: b.kd_desa, ...sameScores(60) },
          token: dinas.token,
        })
      ).statusCode,
    ).toBe(201);
    const st = await invoke(createStatus, {
      method: 'POST',
      resource: '/api/status-desa',
      body: { kd_desa: a.kd_desa, status: 'aktif', keterangan: '' },
      token: dinas.token,
    });
    expect(st.statusCode).toBe(201);

    const res = await get({ provinsi: prov.toUpperCase() });
    expect(res.statusCode).toBe(200);
    const data = res.body.data;
    expect(data.wilayah).toEqual({ provinsi: prov.toUpperCase(), kabupaten: null });
    expect(data.desa_wisata).toEqual({
      total: 3,
      per_provinsi: [{ provinsi: prov, jumlah: 3 }],
      per_kabupaten: [
        { provinsi: prov, kabupaten: 'Dua', jumlah: 1 },
        { provinsi: prov, kabupaten: 'Satu', jumlah: 2 },
      ],
    });
    expect(data.kategori).toEqual({ Mandiri: 1, Maju: 0, Berkembang: 1, Rintisan: 0, belum_dinilai: 1 });
    expect(data.status_operasional).toEqual({ aktif: 1, nonaktif: 0, ditinjau: 0, pending: 0, tanpa_status: 2 });
    expect(data.permintaan).toEqual({ diproses: 3, diterima: 0, ditolak: 0, selesai: 0 });
    const month = new Date().toISOString().slice(0, 7);
    expect(data.per_bulan).toEqual([{ bulan: month, desa_baru: 3, perubahan_kategori: 2 }]);
    expect(data).not.toHaveProperty('akun');

    const kab = await get({ provinsi: prov, kabupaten: 'satu' });
    expect(kab.body.data.desa_wisata.total).toBe(2);
    expect(kab.body.data.kategori.belum_dinilai).toBe(0);

    // the office also sees the accounts (service-wide)
    const office = await get({ provinsi: prov }, admin.token);
    expect(office.body.data.akun.terverifikasi).toBeGreaterThanOrEqual(3);
    expect(typeof office.body.data.akun.menunggu).toBe('number');
    // a manager's token adds nothing
    expect((await get({ provinsi: prov }, owner.token)).body.data).not.toHaveProperty('akun');

    // a village that moves region takes its figures along
    const moved = await invoke(updateVillage, {
      method: 'PUT',
      resource: '/api/desa-wisata/{kd_desa}',
      ...kdPath(a.kd_desa),
      body: villageBody(owner.email, { provinsi: prov, kabupaten: 'Dua' }),
      token: owner.token,
    });
    expect(moved.statusCode).toBe(200);
    const after = (await get({ provinsi: prov, kabupaten: 'Dua' })).body.data;
    expect(after.desa_wisata.total).toBe(2);
    expect(after.kategori.Mandiri).toBe(1);
    expect(after.status_operasional).toMatchObject({ aktif: 1, tanpa_status: 1 });
    await expectCountersMatchRecount();
  });

  it('answers 304 to a repeat read without a token, and 400 to a kabupaten without its province', async () => {
    const first = await get({ provinsi: 'Bali' });
    expect(first.statusCode).toBe(200);
    const tag = first.headers.ETag;
    expect(tag).toBeTruthy();
    expect((await get({ provinsi: 'Bali' }, undefined, { 'If-None-Match': String(tag) })).statusCode).toBe(304);
    const bad = await get({ kabupaten: 'Sleman' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toEqual({ status: 'fail', message: MSG.statisticsQueryInvalid });
  });

  it('# in a region: a province spelt with # is not counted with the one spelt with a space (refused on writes and in the query)', async () => {
    const owner = await makeUser('pengelola');
    const prov = `Jawa Tengah ${Date.now()}`;
    const hashed = prov.replace(' ', '#');
    await makeVillage(owner, { provinsi: prov, kabupaten: 'Magelang' });
    const refused = await invoke(createVillage, {
      method: 'POST',
      resource: '/api/desa-wisata',
      body: villageBody(owner.email, { provinsi: hashed, kabupaten: 'Magelang' }),
      token: owner.token,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toEqual({ status: 'fail', message: withFields(MSG.villageInvalid, ['provinsi']) });

    const counted = (await get({ provinsi: prov })).body.data;
    expect(counted.desa_wisata).toMatchObject({ total: 1, per_provinsi: [{ provinsi: prov, jumlah: 1 }] });
    for (const query of [{ provinsi: hashed }, { provinsi: prov, kabupaten: 'Mag#elang' }] as Record<string, string>[]) {
      const bad = await get(query);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toEqual({ status: 'fail', message: MSG.statisticsQueryInvalid });
    }
    await expectCountersMatchRecount();
  });

  it('after random sequences of writes (some concurrent), every counter equals a full recount', { timeout: 240_000 }, async () => {
    const dinas = await makeUser('dinas');
    const admin = await makeUser('admin');
    const owner = await makeUser('pengelola');
    const next = await makeUser('pengelola');
    type Op =
      | { k: 'village'; r: number }
      | { k: 'move'; v: number; r: number }
      | { k: 'handover'; v: number }
      | { k: 'delete'; v: number }
      | { k: 'score'; v: number; n: number }
      | { k: 'status'; v: number; s: number }
      | { k: 'restatus'; i: number; s: number }
      | { k: 'unstatus'; i: number }
      | { k: 'request'; v: number }
      | { k: 'rerequest'; i: number; s: number }
      | { k: 'unrequest'; i: number }
      | { k: 'account' };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ k: fc.constant('village' as const), r: fc.nat(2) }),
      fc.record({ k: fc.constant('move' as const), v: fc.nat(9), r: fc.nat(2) }),
      fc.record({ k: fc.constant('handover' as const), v: fc.nat(9) }),
      fc.record({ k: fc.constant('delete' as const), v: fc.nat(9) }),
      fc.record({ k: fc.constant('score' as const), v: fc.nat(9), n: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ k: fc.constant('status' as const), v: fc.nat(9), s: fc.nat(3) }),
      fc.record({ k: fc.constant('restatus' as const), i: fc.nat(19), s: fc.nat(3) }),
      fc.record({ k: fc.constant('unstatus' as const), i: fc.nat(19) }),
      fc.record({ k: fc.constant('request' as const), v: fc.nat(9) }),
      fc.record({ k: fc.constant('rerequest' as const), i: fc.nat(19), s: fc.nat(3) }),
      fc.record({ k: fc.constant('unrequest' as const), i: fc.nat(19) }),
      fc.record({ k: fc.constant('account' as const) }),
    );
    const STATUSES = ['aktif', 'nonaktif', 'ditinjau', 'pending'];
    const REQUESTS = ['diproses', 'diterima', 'ditolak', 'selesai'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { minLength: 5, maxLength: 12 }), async (batches) => {
        const villages: { kd: string; owner: typeof owner }[] = [];
        const statusCodes: string[] = [];
        const requestCodes: string[] = [];
        const pick = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);
        const run = async (o: Op): Promise<ApiResponse | undefined> => {
          const v = 'v' in o ? pick(villages, o.v) : undefined;
          switch (o.k) {
            case 'village': {
              const made = await makeVillage(owner, REGIONS[o.r]!);
              villages.push({ kd: made.kd_desa, owner });
              return undefined;
            }
            case 'move':
            case 'handover':
              if (!v) return undefined;
              return invoke(updateVillage, {
                method: 'PUT',
                resource: '/api/desa-wisata/{kd_desa}',
                ...kdPath(v.kd),
                body: villageBody(
                  o.k === 'handover' ? (v.owner === owner ? next.email : owner.email) : v.owner.email,
                  o.k === 'move' ? REGIONS[o.r]! : {},
                ),
                token: v.owner.token,
              }).then((r) => {
                if (r.statusCode === 200 && o.k === 'handover') v.owner = v.owner === owner ? next : owner;
                return r;
              });
            case 'delete':
              if (!v) return undefined;
              return invoke(deleteVillage, {
                method: 'DELETE',
                resource: '/api/desa-wisata/{kd_desa}',
                ...kdPath(v.kd),
                token: v.owner.token,
              });
            case 'score': {
              if (!v) return undefined;
              const created = await invoke(createScore, {
                method: 'POST',
                resource: '/api/skor',
                body: { kd_desa: v.kd, ...sameScores(o.n) },
                token: dinas.token,
              });
              if (created.statusCode !== 409) return created;
              return invoke(updateScore, {
                method: 'PUT',
                resource: '/api/skor/{kd_desa}',
                ...kdPath(v.kd),
                body: sameScores(o.n),
                token: dinas.token,
              });
            }
            case 'status': {
              if (!v) return undefined;
              const r = await invoke(createStatus, {
                method: 'POST',
                resource: '/api/status-desa',
                body: { kd_desa: v.kd, status: STATUSES[o.s], keterangan: '' },
                token: dinas.token,
              });
              if (r.statusCode === 201) statusCodes.push(r.body.data.kd_status);
              return r;
            }
            case 'restatus': {
              const code = pick(statusCodes, o.i);
              if (!code) return undefined;
              return invoke(updateStatus, {
                method: 'PUT',
                resource: '/api/status-desa/{kd_status}',
                pathParameters: { kd_status: code },
                body: { status: STATUSES[o.s], keterangan: 'x' },
                token: dinas.token,
              });
            }
            case 'unstatus': {
              const code = pick(statusCodes, o.i);
              if (!code) return undefined;
              return invoke(deleteStatus, {
                method: 'DELETE',
                resource: '/api/status-desa/{kd_status}',
                pathParameters: { kd_status: code },
                token: dinas.token,
              });
            }
            case 'request': {
              if (!v) return undefined;
              const r = await invoke(createRequest, {
                method: 'POST',
                resource: '/api/permintaan',
                body: { kd_desa: v.kd, status_permintaan: 'diproses' },
                token: v.owner.token,
              });
              if (r.statusCode === 201) requestCodes.push(r.body.data.kd_permintaan);
              return r;
            }
            case 'rerequest': {
              const code = pick(requestCodes, o.i);
              if (!code) return undefined;
              return invoke(updateRequest, {
                method: 'PUT',
                resource: '/api/permintaan/{kd_permintaan}',
                pathParameters: { kd_permintaan: code },
                body: { status_permintaan: REQUESTS[o.s] },
              });
            }
            case 'unrequest': {
              const code = pick(requestCodes, o.i);
              if (!code) return undefined;
              return invoke(deleteRequest, {
                method: 'DELETE',
                resource: '/api/permintaan/{kd_permintaan}',
                pathParameters: { kd_permintaan: code },
              });
            }
            case 'account': {
              const u = await makeUser('pengelola', { verified: false });
              return invoke(verifyAccount, {
                method: 'PUT',
                resource: '/auth/verify/{email}',
                pathParameters: { email: u.email },
                token: admin.token,
              });
            }
          }
        };
        for (const batch of batches) {
          // the operations of a batch run concurrently
          const results = await Promise.all(batch.map(run));
          for (const r of results) if (r) expect(r.statusCode, JSON.stringify(r.body)).toBeLessThan(500);
        }
        await expectCountersMatchRecount();
      }),
      { numRuns: 6, seed: 2211 },
    );
  });
});
