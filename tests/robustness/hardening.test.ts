/**
 * Regression tests for what an independent attacker and a stalled dependency broke
 * (issue: hardening). Each goes through the real handlers and the real local services;
 * the stall is a real TCP proxy in front of DynamoDB Local that stops forwarding.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../../scripts/local-stack';
import { handler as createTourism } from '../../functions/tourism/create';
import { handler as appendItems } from '../../functions/tourism/append-items';
import { handler as removeItem } from '../../functions/tourism/remove-item';
import { handler as upload } from '../../functions/uploads/upload-image';
import { handler as me } from '../../functions/auth/me';
import { handler as createVillage } from '../../functions/villages/create';
import { handler as updateVillage } from '../../functions/villages/update';
import { handler as register } from '../../functions/auth/register';
import { setClock } from '../../lib/platform/clock';
import { config } from '../../lib/platform/config';
import { MAX_ITEM_BYTES } from '../../lib/db/item-size';
import { MSG } from '../../lib/contract/messages';
import { invoke, uniqueEmail } from '../support/api';
import { bucketKeys } from '../support/bucket';
import { multipart, png } from '../support/multipart';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage, villageBody } from '../support/villages';

afterEach(() => setClock());

// Figures for `npm run reliability`: the findings whose regression test passed, and the stall's answer.
const passed: string[] = [];
const stall: { status?: number; objectsLeft?: number } = {};
/** A regression test of one finding; its name is recorded when it passes. */
let declared = 0;
function finding(name: string, fn: () => Promise<void>) {
  declared++;
  it(name, async () => {
    await fn();
    passed.push(name);
  });
}
afterAll(() => {
  const dir = join(ROOT, '.local', 'reliability');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'hardening.json'),
    `${JSON.stringify({ generatedAt: new Date().toISOString(), declared, passed, stall }, null, 2)}\n`,
  );
});

const tourismPost = (token: string, data: unknown, files: { field: string; data: Buffer }[] = []) =>
  invoke(createTourism, { method: 'POST', resource: '/api/deskripsi-wisata', ...multipart({ data: JSON.stringify(data) }, files), token });

// Every field at its own schema limit, in 3-byte characters: about 411 KB as DynamoDB counts it.
const maxedTexts = { penjelasan_umum: '中'.repeat(20_000), fasilitas: '设'.repeat(10_000), dokumentasi_desa: '文'.repeat(10_000) };
const fullPricedCategories = {
  penginapan: Array.from({ length: 100 }, () => ({ nama_penginapan: '宿'.repeat(200), harga_penginapan: 1 })),
  paket_wisata: Array.from({ length: 100 }, () => ({ nama_paket_wisata: '包'.repeat(200), harga_paket_wisata: 1 })),
  suvenir: Array.from({ length: 100 }, () => ({ nama_suvenir: '礼'.repeat(200), harga_suvenir: 1 })),
};
const attractions = (n: number) =>
  Array.from({ length: n }, () => ({ nama_atraksi: '景'.repeat(200), kategori_atraksi: '类'.repeat(100) }));

describe('a description within every field limit but over DynamoDB’s 400 KB', () => {
  finding('POST: 413 naming the limit, nothing stored, the images rolled back', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const big = { kd_desa, ...maxedTexts, ...fullPricedCategories, atraksi: attractions(100) };
    const before = await bucketKeys();
    const res = await tourismPost(owner.token, big, [{ field: 'penginapan[]', data: png() }]);
    expect(res.statusCode).toBe(413);
    expect(res.body).toEqual({ status: 'fail', message: MSG.itemTooLarge });
    expect(MSG.itemTooLarge).toContain('400 KB');
    expect((await allItems()).some((i) => i.PK === `DESA#${kd_desa}` && i.SK === 'DESKWIS')).toBe(false);
    expect(await bucketKeys()).toEqual(before);
  });

  finding('PATCH appends that push an existing description past the limit: 413, the description unchanged', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    expect((await tourismPost(owner.token, { kd_desa, ...maxedTexts, ...fullPricedCategories })).statusCode).toBe(201);
    const stored = async () => JSON.stringify((await allItems()).find((i) => i.PK === `DESA#${kd_desa}` && i.SK === 'DESKWIS'));
    const statuses: number[] = [];
    let before = '';
    for (let round = 0; round < 4 && statuses.at(-1) !== 413; round++) {
      before = await stored();
      const res = await invoke(appendItems, {
        method: 'PATCH',
        resource: '/api/deskripsi-wisata/{kd_desa}',
        pathParameters: { kd_desa },
        body: { data: JSON.stringify({ atraksi: attractions(25) }) },
        token: owner.token,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 413) expect(res.body).toEqual({ status: 'fail', message: MSG.itemTooLarge });
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(413);
    expect(await stored()).toBe(before); // the refused append changed nothing
    expect(MAX_ITEM_BYTES).toBe(400 * 1024);
  });
});

describe('loose parsing', () => {
  finding('remove-item: item_id "abc", true, {}, [], 1.5, 0 → 400, never 404', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    expect((await tourismPost(owner.token, { kd_desa, atraksi: [{ nama_atraksi: 'A' }] })).statusCode).toBe(201);
    for (const item_id of ['abc', true, {}, [], 1.5, 0, -1]) {
      const res = await invoke(removeItem, {
        method: 'PATCH',
        resource: '/api/deskripsi-wisata/{kd_desa}/remove-item',
        pathParameters: { kd_desa },
        body: { entity_type: 'atraksi', item_id },
        token: owner.token,
      });
      expect(res.statusCode, JSON.stringify(item_id)).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.itemIdInvalid });
    }
  });

  finding('only "Bearer <token>" is a token: the raw token or another scheme is an invalid token (401)', async () => {
    const user = await makeUser('pengelola');
    for (const Authorization of [user.token, `Token ${user.token}`, `Bearer ${user.token} extra`]) {
      const res = await invoke(me, { method: 'GET', resource: '/auth/me', headers: { Authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.body).toEqual({ status: 'fail', message: MSG.tokenInvalid });
    }
    expect((await invoke(me, { method: 'GET', resource: '/auth/me', headers: { Authorization: `bearer ${user.token}` } })).statusCode).toBe(
      200,
    );
  });

  finding('a file that starts like a JPEG but is HTML is refused; nothing is stored', async () => {
    const user = await makeUser('pengelola');
    const before = await bucketKeys();
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>'.repeat(20))]);
    const res = await invoke(upload, {
      method: 'POST',
      resource: '/api/upload/gambar',
      ...multipart({}, [{ field: 'file', data: fake }]),
      token: user.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 'fail', message: MSG.imageTypeInvalid });
    expect(await bucketKeys()).toEqual(before);
  });

  finding('a 7 MB JSON body to a JSON route is 413 before it is parsed', async () => {
    const res = await invoke(register, {
      method: 'POST',
      resource: '/auth/register',
      body: JSON.stringify({ pad: 'x'.repeat(7 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.body).toEqual({ status: 'fail', message: MSG.payloadTooLarge });
  });
});

describe('village ownership', () => {
  finding('PUT may hand a village only to a registered pengelola: a dinas or admin e-mail is 400 and changes nothing', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const put = (email: string) =>
      invoke(updateVillage, {
        method: 'PUT',
        resource: '/api/desa-wisata/{kd_desa}',
        pathParameters: { kd_desa },
        body: villageBody(email),
        token: owner.token,
      });
    for (const role of ['dinas', 'admin'] as const) {
      const other = await makeUser(role);
      const res = await put(other.email);
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.villageOwnerNotPengelola });
    }
    expect((await allItems()).find((i) => i.PK === `DESA#${kd_desa}` && i.SK === 'DESA')!.email).toBe(owner.email);
    const next = await makeUser('pengelola');
    expect((await put(next.email)).statusCode).toBe(200); // a transfer to another manager is allowed
  });

  finding('token-less sign-up creation works right after registration, but not after the sign-up window', async () => {
    const fresh = async () => {
      const email = uniqueEmail('signup');
      await invoke(register, { method: 'POST', resource: '/auth/register', body: { fullName: 'Baru', email, password: 'rahasia123' } });
      return email;
    };
    const early = await fresh();
    expect((await invoke(createVillage, { method: 'POST', resource: '/api/desa-wisata', body: villageBody(early) })).statusCode).toBe(200);

    const late = await fresh();
    const now = Date.now();
    setClock(() => now + config().signupWindowMs + 1000);
    const res = await invoke(createVillage, { method: 'POST', resource: '/api/desa-wisata', body: villageBody(late) });
    expect(res.statusCode).toBe(401);
    expect(res.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
  });
});

/** A TCP proxy to DynamoDB Local that stops answering once a request names `stallOn`. */
function stallingProxy(target: URL, stallOn: string): Promise<{ url: string; server: Server; stalled: () => boolean }> {
  let stalled = false;
  const server = createServer((client: Socket) => {
    const upstream = createConnection(Number(target.port), target.hostname);
    client.on('data', (chunk) => {
      if (!stalled && chunk.includes(stallOn)) stalled = true;
      if (!stalled) upstream.write(chunk); // once stalled, requests are swallowed: the socket stays open, silent
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => (client.destroy(), upstream.destroy());
    client.on('error', end).on('close', end);
    upstream.on('error', end);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({ url: `http://127.0.0.1:${port}`, server, stalled: () => stalled });
    }),
  );
}

describe('a stalled DynamoDB', () => {
  let proxy: Awaited<ReturnType<typeof stallingProxy>> | undefined;
  afterAll(() => proxy?.server.close());

  finding('answers a 503 envelope (not an empty 504) and removes the images it stored before the stall', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    proxy = await stallingProxy(new URL(process.env.DYNAMODB_ENDPOINT!), 'TransactWriteItems');
    const env = { DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT, AWS_TIMEOUT_MS: process.env.AWS_TIMEOUT_MS };
    process.env.DYNAMODB_ENDPOINT = proxy.url;
    process.env.AWS_TIMEOUT_MS = '300';
    vi.resetModules(); // a fresh "container": its clients are built from this configuration
    try {
      const { handler } = await import('../../functions/tourism/create');
      const before = await bucketKeys();
      const res = await invoke(handler, {
        method: 'POST',
        resource: '/api/deskripsi-wisata',
        ...multipart({ data: JSON.stringify({ kd_desa, atraksi: [{ nama_atraksi: 'A' }] }) }, [{ field: 'atraksi[]', data: png() }]),
        token: owner.token,
      });
      expect(proxy.stalled()).toBe(true);
      expect(res.statusCode).toBe(503);
      expect(res.body).toEqual({ status: 'error', message: MSG.serviceUnavailable });
      expect(res.headers['Retry-After']).toBe('5');
      const after = await bucketKeys();
      Object.assign(stall, { status: res.statusCode, objectsLeft: after.filter((k) => !before.includes(k)).length });
      expect(after).toEqual(before);
    } finally {
      Object.assign(process.env, env);
      if (env.AWS_TIMEOUT_MS === undefined) delete process.env.AWS_TIMEOUT_MS;
      vi.resetModules();
    }
  });
});
