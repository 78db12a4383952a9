import { describe, expect, it } from 'vitest';
import { handler as createVillage } from '../../functions/villages/create';
import { handler as getVillage } from '../../functions/villages/get';
import { handler as bySlug } from '../../functions/villages/by-slug';
import { handler as updateVillage } from '../../functions/villages/update';
import { handler as deleteVillage } from '../../functions/villages/delete';
import { handler as createScore } from '../../functions/scores/create';
import { handler as getScore } from '../../functions/scores/get';
import { handler as createRequest } from '../../functions/requests/create';
import { handler as deleteRequest } from '../../functions/requests/delete';
import { handler as createStatus } from '../../functions/statuses/create';
import { MSG } from '../../lib/contract/messages';
import { slugify } from '../../lib/contract/slug';
import { invoke } from '../support/api';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage, villageBody } from '../support/villages';

const postVillage = (body: unknown, token?: string) => invoke(createVillage, { method: 'POST', resource: '/api/desa-wisata', body, token });
const putVillage = (kd: string, body: unknown, token?: string) =>
  invoke(updateVillage, { method: 'PUT', resource: '/api/desa-wisata/{kd_desa}', pathParameters: { kd_desa: kd }, body, token });
const getOne = (kd: string) =>
  invoke(getVillage, { method: 'GET', resource: '/api/desa-wisata/{kd_desa}', pathParameters: { kd_desa: kd } });
const slugLookup = (slug: string) => invoke(bySlug, { method: 'GET', resource: '/api/desa-wisata/slug/{slug}', pathParameters: { slug } });

const FIELDS = ['provinsi', 'kabupaten', 'nama_desa', 'nama_popular', 'alamat', 'pengelola', 'nomor_telepon', 'email'] as const;
const pick = (o: Record<string, unknown>) => Object.fromEntries(FIELDS.map((f) => [f, o[f]]));
const tag = () => Math.random().toString(36).slice(2, 8);

describe('concurrent village creation', () => {
  it('20 parallel creations with the same nama_popular get 20 distinct slugs: base, base-2 … base-20', async () => {
    const owner = await makeUser('pengelola');
    const name = `Desa Wisata Serempak ${tag()}`;
    const base = slugify(name);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => postVillage(villageBody(owner.email, { nama_popular: name }), owner.token)),
    );
    for (const r of results) expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    const slugs = results.map((r) => r.body.data.slug as string);
    expect(new Set(slugs).size).toBe(20);
    expect([...slugs].sort()).toEqual([base, ...Array.from({ length: 19 }, (_, i) => `${base}-${i + 2}`)].sort());
    const codes = results.map((r) => r.body.data.kd_desa as string);
    expect(new Set(codes).size).toBe(20);

    // every slug resolves to the village that got it, through exactly one marker
    const items = await allItems();
    for (const r of results) {
      const markers = items.filter((i) => i.SK === 'SLUG' && i.kd_desa === r.body.data.kd_desa);
      expect(markers.map((m) => m.PK)).toEqual([`SLUG#${r.body.data.slug}`]);
      const found = await slugLookup(r.body.data.slug);
      expect(found.statusCode).toBe(200);
      expect(found.body.data.kd_desa).toBe(r.body.data.kd_desa);
    }
    // and each village got its own creation request
    for (const kd of codes) expect(items.filter((i) => i.type === 'REQ' && i.kd_desa === kd)).toHaveLength(1);
  });
});

describe('concurrent score creation', () => {
  it('10 parallel POST /api/skor for one village: exactly one 201 and nine 409', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const v = await makeVillage(owner);
    const bodies = Array.from({ length: 10 }, (_, i) => ({
      kd_desa: v.kd_desa,
      partisipasi_masyarakat: 50 + i,
      keragaman_paket_wisata: 60,
      akses_tempat_wisata: 60,
      keramahan_difabel: 60,
      fasilitas_tempat_wisata: 60,
      produk_tempat_wisata: 60,
    }));
    const results = await Promise.all(
      bodies.map((body) => invoke(createScore, { method: 'POST', resource: '/api/skor', body, token: dinas.token })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(statuses),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      JSON.stringify(statuses),
    ).toHaveLength(9);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.body).toEqual({ status: 'fail', message: MSG.scoreExists });
    // the stored score is the winner's
    const winner = results.find((r) => r.statusCode === 201)!;
    const stored = await invoke(getScore, { method: 'GET', resource: '/api/skor/{kd_desa}', pathParameters: { kd_desa: v.kd_desa } });
    expect(stored.body.data.partisipasi_masyarakat).toBe(winner.body.data.partisipasi_masyarakat);
    expect((await allItems()).filter((i) => i.PK === `DESA#${v.kd_desa}` && i.SK === 'SKOR')).toHaveLength(1);
  });
});

describe('concurrent village updates', () => {
  it('10 parallel PUTs with complete, different bodies all succeed; the result is exactly one body, with one slug marker', async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const bodies = Array.from({ length: 10 }, (_, i) => {
      const t = `${i}-${tag()}`;
      return {
        provinsi: `Provinsi ${t}`,
        kabupaten: `Kabupaten ${t}`,
        nama_desa: `Desa ${t}`,
        nama_popular: `Populer Serentak ${t}`,
        alamat: `Jalan ${t}`,
        pengelola: `Pengelola ${t}`,
        nomor_telepon: `+62 812-0000-${1000 + i}`,
        email: owner.email,
      };
    });
    const results = await Promise.all(bodies.map((b) => putVillage(v.kd_desa, b, owner.token)));
    for (const [i, r] of results.entries()) {
      expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toEqual({
        status: 'success',
        message: MSG.villageUpdated,
        data: { kd_desa: v.kd_desa, slug: slugify(bodies[i]!.nama_popular) },
      });
    }

    const stored = (await getOne(v.kd_desa)).body.data;
    const winners = bodies.filter((b) => JSON.stringify(pick(b)) === JSON.stringify(pick(stored)));
    expect(winners, JSON.stringify(stored)).toHaveLength(1);
    const winner = winners[0]!;
    expect(stored.slug).toBe(slugify(winner.nama_popular));

    const found = await slugLookup(stored.slug);
    expect(found.statusCode).toBe(200);
    expect(found.body.data).toEqual(stored);

    const items = await allItems();
    const markers = items.filter((i) => i.SK === 'SLUG' && i.kd_desa === v.kd_desa);
    expect(markers.map((m) => m.PK)).toEqual([`SLUG#${stored.slug}`]);
    // no other body's slug (nor the original one) is still held by anybody
    for (const b of bodies.filter((x) => x !== winner)) expect((await slugLookup(slugify(b.nama_popular))).statusCode).toBe(404);
    expect((await slugLookup(v.slug)).statusCode).toBe(404);
    // every PUT committed exactly once
    const village = items.find((i) => i.PK === `DESA#${v.kd_desa}` && i.SK === 'DESA')!;
    expect(village.version).toBe(11);
  });

  it('parallel PUTs that keep the slug and ones that change it still leave one consistent marker', async () => {
    const owner = await makeUser('pengelola');
    const name = `Tetap Nama ${tag()}`;
    const v = await makeVillage(owner, { nama_popular: name });
    const bodies = Array.from({ length: 8 }, (_, i) =>
      villageBody(owner.email, { nama_popular: i % 2 ? name : `${name} Baru ${i}`, alamat: `Alamat ${i}` }),
    );
    const results = await Promise.all(bodies.map((b) => putVillage(v.kd_desa, b, owner.token)));
    for (const r of results) expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
    const stored = (await getOne(v.kd_desa)).body.data;
    const winner = bodies.find((b) => b.alamat === stored.alamat)!;
    expect(pick(stored)).toEqual(pick(winner));
    expect(stored.slug).toBe(slugify(winner.nama_popular));
    const markers = (await allItems()).filter((i) => i.SK === 'SLUG' && i.kd_desa === v.kd_desa);
    expect(markers.map((m) => m.PK)).toEqual([`SLUG#${stored.slug}`]);
    expect((await slugLookup(stored.slug)).body.data.kd_desa).toBe(v.kd_desa);
  });

  it('two villages renamed to the same nama_popular at once get base and base-2', async () => {
    const owner = await makeUser('pengelola');
    const a = await makeVillage(owner);
    const b = await makeVillage(owner);
    const name = `Nama Rebutan ${tag()}`;
    const [ra, rb] = await Promise.all([
      putVillage(a.kd_desa, villageBody(owner.email, { nama_popular: name }), owner.token),
      putVillage(b.kd_desa, villageBody(owner.email, { nama_popular: name }), owner.token),
    ]);
    expect(ra!.statusCode).toBe(200);
    expect(rb!.statusCode).toBe(200);
    const base = slugify(name);
    expect([ra!.body.data.slug, rb!.body.data.slug].sort()).toEqual([base, `${base}-2`]);
    expect((await slugLookup(ra!.body.data.slug)).body.data.kd_desa).toBe(a.kd_desa);
    expect((await slugLookup(rb!.body.data.slug)).body.data.kd_desa).toBe(b.kd_desa);
    expect((await slugLookup(a.slug)).statusCode).toBe(404);
    expect((await slugLookup(b.slug)).statusCode).toBe(404);
  });
});

describe('concurrent children of one village', () => {
  it('10 parallel request creations for one village all succeed and are all recorded on the village', async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        invoke(createRequest, {
          method: 'POST',
          resource: '/api/permintaan',
          body: { kd_desa: v.kd_desa, status_permintaan: 'diproses' },
          token: owner.token,
        }),
      ),
    );
    for (const r of results) expect(r.statusCode, JSON.stringify(r.body)).toBe(201);
    const village = (await allItems()).find((i) => i.PK === `DESA#${v.kd_desa}` && i.SK === 'DESA')!;
    const codes = [...(village.request_codes as Set<string>)];
    expect(codes).toHaveLength(11);
    for (const r of results) expect(codes).toContain(r.body.data.kd_permintaan);
  });

  it('5 parallel DELETEs of one request: exactly one 200 and four 404; the village no longer lists it', async () => {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const kd = (
      await invoke(createRequest, {
        method: 'POST',
        resource: '/api/permintaan',
        body: { kd_desa: v.kd_desa, status_permintaan: 'diproses' },
        token: owner.token,
      })
    ).body.data.kd_permintaan;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        invoke(deleteRequest, { method: 'DELETE', resource: '/api/permintaan/{kd_permintaan}', pathParameters: { kd_permintaan: kd } }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c === 200),
      JSON.stringify(codes),
    ).toHaveLength(1);
    expect(
      codes.filter((c) => c === 404),
      JSON.stringify(codes),
    ).toHaveLength(4);
    for (const r of results.filter((x) => x.statusCode === 404)) expect(r.body).toEqual({ status: 'fail', message: MSG.requestNotFound });
    const items = await allItems();
    expect(items.filter((i) => i.PK === `REQ#${kd}`)).toEqual([]);
    const village = items.find((i) => i.PK === `DESA#${v.kd_desa}` && i.SK === 'DESA')!;
    expect([...(village.request_codes as Set<string>)]).not.toContain(kd);
    expect([...(village.request_codes as Set<string>)]).toHaveLength(1);
  });

  it('a village deleted while requests, statuses and a score are being added leaves no orphan behind', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const v = await makeVillage(owner);
    const adds = Array.from({ length: 6 }, (_, i) =>
      i % 2
        ? invoke(createRequest, {
            method: 'POST',
            resource: '/api/permintaan',
            body: { kd_desa: v.kd_desa, status_permintaan: 'diproses' },
            token: owner.token,
          })
        : invoke(createStatus, {
            method: 'POST',
            resource: '/api/status-desa',
            body: { kd_desa: v.kd_desa, status: 'aktif', keterangan: `s${i}` },
            token: dinas.token,
          }),
    );
    adds.push(
      invoke(createScore, {
        method: 'POST',
        resource: '/api/skor',
        body: {
          kd_desa: v.kd_desa,
          partisipasi_masyarakat: 70,
          keragaman_paket_wisata: 70,
          akses_tempat_wisata: 70,
          keramahan_difabel: 70,
          fasilitas_tempat_wisata: 70,
          produk_tempat_wisata: 70,
        },
        token: dinas.token,
      }),
    );
    const deletion = invoke(deleteVillage, {
      method: 'DELETE',
      resource: '/api/desa-wisata/{kd_desa}',
      pathParameters: { kd_desa: v.kd_desa },
      token: owner.token,
    });
    const [del, ...rest] = await Promise.all([deletion, ...adds]);
    expect(del!.statusCode, JSON.stringify(del!.body)).toBe(200);
    for (const r of rest) {
      expect([201, 404], JSON.stringify(r.body)).toContain(r.statusCode);
      if (r.statusCode === 404) expect([MSG.villageNotFound, MSG.scoreVillageNotFound]).toContain(r.body.message);
    }
    const all = await allItems();
    // the village's history outlives it (lib/db/history.ts); nothing else of it may
    const left = all.filter((i) => !i.PK.startsWith('HIST#') && (i.kd_desa === v.kd_desa || i.PK.startsWith(`DESA#${v.kd_desa}`)));
    expect(left).toEqual([]);
    // one entry per change that landed: its creation, each add answered 201, its deletion (last)
    const entries = all.filter((i) => i.PK === `HIST#${v.kd_desa}`).sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
    expect(entries).toHaveLength(2 + rest.filter((r) => r.statusCode === 201).length);
    expect(entries.at(-1)!.action).toBe('village.deleted');
  });
});
