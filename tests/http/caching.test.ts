/**
 * HTTP caching of reads (lib/http/caching.ts): public lists carry an ETag and must be
 * revalidated, an unchanged list answers 304 without its body, every write path that
 * changes a list makes the next read a full 200 with the change, and responses that depend
 * on the token are never cacheable.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../lib/platform/clock';
import { LIST_SETTLE_MS } from '../../lib/domain/list-versions';
import { handler as villageList } from '../../functions/villages/list';
import { handler as villageDetails } from '../../functions/villages/details';
import { handler as updateVillage } from '../../functions/villages/update';
import { handler as scoreList } from '../../functions/scores/list';
import { handler as createScore } from '../../functions/scores/create';
import { handler as updateScore } from '../../functions/scores/update';
import { handler as statusList } from '../../functions/statuses/list';
import { handler as createStatus } from '../../functions/statuses/create';
import { handler as updateStatus } from '../../functions/statuses/update';
import { handler as statusGet } from '../../functions/statuses/get';
import { handler as tourismList } from '../../functions/tourism/list';
import { handler as createTourism } from '../../functions/tourism/create';
import { handler as appendItems } from '../../functions/tourism/append-items';
import { handler as createVillageDescription } from '../../functions/village-descriptions/create';
import { handler as verifyAccount } from '../../functions/auth/verify-account';
import { handler as me } from '../../functions/auth/me';
import { handler as requestList } from '../../functions/requests/list';
import { handler as userList } from '../../functions/users/list';
import { db } from '../../lib/db/client';
import type { LambdaHandler } from '../../lib/http/handler';
import { PRIVATE_NO_STORE, PUBLIC_REVALIDATE } from '../../lib/http/caching';
import { invoke, type ApiResponse } from '../support/api';
import { multipart, png } from '../support/multipart';
import { makeUser } from '../support/users';
import { makeVillage, villageBody } from '../support/villages';

/**
 * Reads run in one of two states: right after the writes (the lists' versions changed
 * less than LIST_SETTLE_MS ago, so answers carry a content hash), or with the clock moved
 * past that margin (answers carry the versions' tag and a repeat read is one small read).
 */
let settled = false;
async function read(handler: LambdaHandler, resource: string, etag?: string, query?: Record<string, string>) {
  if (settled) setClock(() => Date.now() + LIST_SETTLE_MS + 1000);
  try {
    return await invoke(handler, { method: 'GET', resource, query, headers: etag ? { 'If-None-Match': etag } : {} });
  } finally {
    setClock();
  }
}

/** The list is cacheable and revalidated; asking again with its tag gives 304 and no body. */
async function unchangedIs304(handler: LambdaHandler, resource: string, query?: Record<string, string>): Promise<ApiResponse> {
  const first = await read(handler, resource, undefined, query);
  expect(first.statusCode).toBe(200);
  expect(first.headers['Cache-Control']).toBe(PUBLIC_REVALIDATE);
  expect(first.headers.ETag).toMatch(settled ? /^"v-[\w-]+"$/ : /^"[\w-]+"$/);
  const again = await read(handler, resource, first.headers.ETag as string, query);
  expect(again.statusCode).toBe(304);
  expect(again.rawBody).toBe('');
  expect(again.headers.ETag).toBe(first.headers.ETag);
  return first;
}

/** After `write`, the same conditional read is a full 200 whose body shows the change. */
async function writeIsVisible(
  handler: LambdaHandler,
  resource: string,
  write: () => Promise<unknown>,
  shows: (body: any) => boolean,
  query?: Record<string, string>,
) {
  const before = await unchangedIs304(handler, resource, query);
  expect(shows(before.body)).toBe(false);
  await write();
  const after = await read(handler, resource, before.headers.ETag as string, query);
  expect(after.statusCode).toBe(200);
  expect(after.headers.ETag).not.toBe(before.headers.ETag);
  expect(shows(after.body)).toBe(true);
}

for (const state of ['just after a write: content-hash tags', 'settled: version tags, repeat reads of one small read']) {
  describe(`HTTP caching of public lists (${state})`, () => {
    beforeAll(() => {
      settled = state.startsWith('settled');
    });
    it('village list, details and score list: a new village is seen by the next conditional read', async () => {
      const owner = await makeUser('pengelola');
      let kd = '';
      const create = async () => (kd = (await makeVillage(owner)).kd_desa);
      const has = (b: any) => b.data.some((v: any) => v.kd_desa === kd);
      for (const [handler, resource] of [
        [villageList, '/api/desa-wisata'],
        [villageDetails, '/api/desa-wisata/details'],
        [scoreList, '/api/skor'],
      ] as const) {
        kd = ''; // the village of this round is not there yet
        await writeIsVisible(handler, resource, create, has);
      }
    });

    it('PUT village, account verification, POST/PUT score, village description: each changes the lists that show it', async () => {
      const owner = await makeUser('pengelola', { verified: false });
      const { kd_desa } = await makeVillage(owner);
      const mine = (b: any) => b.data.find((v: any) => v.kd_desa === kd_desa);
      await writeIsVisible(
        villageDetails,
        '/api/desa-wisata/details',
        () =>
          invoke(updateVillage, {
            method: 'PUT',
            resource: '/api/desa-wisata/{kd_desa}',
            pathParameters: { kd_desa },
            body: villageBody(owner.email, { nama_popular: 'Nama Baru Sekali' }),
            token: owner.token,
          }),
        (b) => mine(b)?.nama_popular === 'Nama Baru Sekali',
      );
      const admin = await makeUser('admin');
      await writeIsVisible(
        villageList,
        '/api/desa-wisata',
        () =>
          invoke(verifyAccount, {
            method: 'PUT',
            resource: '/auth/verify/{email}',
            pathParameters: { email: owner.email },
            token: admin.token,
          }),
        (b) => mine(b)?.is_verified === true,
      );
      const dinas = await makeUser('dinas');
      const six = (n: number) => ({
        partisipasi_masyarakat: n,
        keragaman_paket_wisata: n,
        akses_tempat_wisata: n,
        keramahan_difabel: n,
        fasilitas_tempat_wisata: n,
        produk_tempat_wisata: n,
      });
      await writeIsVisible(
        scoreList,
        '/api/skor',
        () => invoke(createScore, { method: 'POST', resource: '/api/skor', body: { kd_desa, ...six(80) }, token: dinas.token }),
        (b) => mine(b)?.rata_rata === 80,
      );
      await writeIsVisible(
        scoreList,
        '/api/skor',
        () =>
          invoke(updateScore, {
            method: 'PUT',
            resource: '/api/skor/{kd_desa}',
            pathParameters: { kd_desa },
            body: six(95),
            token: dinas.token,
          }),
        (b) => mine(b)?.kategori_desa === 'Mandiri',
      );
      await writeIsVisible(
        villageDetails,
        '/api/desa-wisata/details',
        () =>
          invoke(createVillageDescription, {
            method: 'POST',
            resource: '/api/deskripsi-desa',
            ...multipart(
              {
                data: JSON.stringify({
                  kd_desa,
                  lokasi_desa: 'Lokasi',
                  deskripsi_desa: 'Deskripsi',
                  jenis_desa: 'Alam',
                  latitude: -7.6,
                  longitude: 110.4,
                }),
              },
              [{ field: 'galeri_gambar[]', data: png() }],
            ),
            token: owner.token,
          }),
        (b) => typeof mine(b)?.gambar_cover === 'string',
      );
    });

    it('status list: POST and PUT of a status are seen by the next conditional read', async () => {
      const owner = await makeUser('pengelola');
      const { kd_desa } = await makeVillage(owner);
      const dinas = await makeUser('dinas');
      let code = '';
      await writeIsVisible(
        statusList,
        '/api/status-desa',
        async () =>
          (code = (
            await invoke(createStatus, {
              method: 'POST',
              resource: '/api/status-desa',
              body: { kd_desa, status: 'aktif' },
              token: dinas.token,
            })
          ).body.data.kd_status),
        (b) => b.data.some((s: any) => s.kd_status === code),
      );
      await writeIsVisible(
        statusList,
        '/api/status-desa',
        () =>
          invoke(updateStatus, {
            method: 'PUT',
            resource: '/api/status-desa/{kd_status}',
            pathParameters: { kd_status: code },
            body: { status: 'pending', keterangan: 'x' },
            token: dinas.token,
          }),
        (b) => b.data.find((s: any) => s.kd_status === code)?.status === 'pending',
      );
    });

    it('tourism description pages: POST and PATCH are seen by the next conditional read', async () => {
      const owner = await makeUser('pengelola');
      const { kd_desa } = await makeVillage(owner);
      const q = { page: '1', limit: '100' };
      const mine = (b: any) => b.data.find((d: any) => d.kd_desa === kd_desa);
      await writeIsVisible(
        tourismList,
        '/api/deskripsi-wisata',
        () =>
          invoke(createTourism, {
            method: 'POST',
            resource: '/api/deskripsi-wisata',
            body: { data: JSON.stringify({ kd_desa }) },
            token: owner.token,
          }),
        (b) => mine(b) !== undefined,
        q,
      );
      await writeIsVisible(
        tourismList,
        '/api/deskripsi-wisata',
        () =>
          invoke(appendItems, {
            method: 'PATCH',
            resource: '/api/deskripsi-wisata/{kd_desa}',
            pathParameters: { kd_desa },
            body: { data: JSON.stringify({ suvenir: [{ nama_suvenir: 'Batik', harga_suvenir: 5 }] }) },
            token: owner.token,
          }),
        (b) => JSON.parse(mine(b)?.suvenir ?? '[]').length === 1,
        q,
      );
    });
  });
}

describe('a repeat read of an unchanged public list', () => {
  it('is one BatchGetItem of its version items and no list read, then 304; compressed and plain tags differ', async () => {
    const owner = await makeUser('pengelola');
    for (let i = 0; i < 3; i++) await makeVillage(owner);
    const sent: string[] = [];
    const client = db();
    client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(context.commandName ?? '?');
        return next(args);
      },
      { step: 'initialize', name: 'countCommands' },
    );
    settled = true;
    try {
      for (const [handler, resource, query] of [
        [villageList, '/api/desa-wisata', undefined],
        [villageDetails, '/api/desa-wisata/details', undefined],
        [villageDetails, '/api/desa-wisata/details', { byJenis: 'true' }],
        [scoreList, '/api/skor', undefined],
        [statusList, '/api/status-desa', undefined],
        [tourismList, '/api/deskripsi-wisata', { page: '1', limit: '10' }],
        [userList, '/api/users', { includeDesa: 'true' }],
      ] as const) {
        const first = await read(handler, resource, undefined, query);
        expect(first.headers.ETag, resource).toMatch(/^"v-/);
        sent.length = 0;
        const again = await read(handler, resource, first.headers.ETag as string, query);
        expect(again.statusCode, resource).toBe(304);
        expect(again.headers['Cache-Control']).toBe(PUBLIC_REVALIDATE);
        expect(sent, resource).toEqual(['BatchGetItemCommand']);
      }
      // The gzip representation has its own tag.
      const gz = await invoke(villageList, {
        method: 'GET',
        resource: '/api/desa-wisata',
        headers: { Accept: 'application/json', 'Accept-Encoding': 'gzip' },
      });
      const plain = await read(villageList, '/api/desa-wisata');
      expect(gz.headers.ETag).not.toBe(plain.headers.ETag);
    } finally {
      settled = false;
      client.middlewareStack.remove('countCommands');
    }
  });
});

describe('optional paging of the whole-table lists', () => {
  it('without page/limit the full list as before; with them one page and its pagination; bad values are 400', async () => {
    const owner = await makeUser('pengelola');
    for (let i = 0; i < 3; i++) await makeVillage(owner);
    for (const [handler, resource] of [
      [villageList, '/api/desa-wisata'],
      [villageDetails, '/api/desa-wisata/details'],
      [scoreList, '/api/skor'],
      [statusList, '/api/status-desa'],
    ] as const) {
      const full = await read(handler, resource);
      expect(full.body.pagination, resource).toBeUndefined();
      const total = full.body.data.length;
      const page = await read(handler, resource, undefined, { page: '2', limit: '1' });
      expect(page.body.pagination, resource).toEqual({ page: 2, limit: 1, total, pages: total });
      expect(page.body.data, resource).toEqual(full.body.data.slice(1, 2));
      for (const bad of [{ limit: '0' }, { limit: '1001' }, { page: 'x' }] as Record<string, string>[]) {
        const res = await read(handler, resource, undefined, bad);
        expect(res.statusCode, `${resource} ${JSON.stringify(bad)}`).toBe(400);
      }
    }
  });
});

describe('responses that depend on the token', () => {
  it('are private, no-store, without an ETag, and never answered 304', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const { kd_desa } = await makeVillage(owner);
    const code = (
      await invoke(createStatus, { method: 'POST', resource: '/api/status-desa', body: { kd_desa, status: 'aktif' }, token: dinas.token })
    ).body.data.kd_status;
    const reads: [LambdaHandler, string, Record<string, string>?][] = [
      [me, '/auth/me'],
      [requestList, '/api/permintaan'],
      [statusGet, '/api/status-desa/{kd_status}', { kd_status: code }],
    ];
    for (const [handler, resource, pathParameters] of reads) {
      const res = await invoke(handler, { method: 'GET', resource, pathParameters, token: owner.token, headers: { 'If-None-Match': '*' } });
      expect(res.statusCode, resource).toBe(200);
      expect(res.headers['Cache-Control'], resource).toBe(PRIVATE_NO_STORE);
      expect(res.headers.ETag, resource).toBeUndefined();
    }
    const refused = await invoke(me, { method: 'GET', resource: '/auth/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['Cache-Control']).toBe(PRIVATE_NO_STORE);
  });
});
