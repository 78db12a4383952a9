/**
 * Fixtures for the robustness tests: users (created straight in the table with one
 * precomputed password hash, so a fixture costs no scrypt time), and a village with
 * everything that can hang off it, created through the real handlers.
 */
import { isDeepStrictEqual } from 'node:util';
import { bucketReady, OWN_BUCKET } from './own-bucket';
import { handler as createRequest } from '../../../functions/requests/create';
import { handler as createScore } from '../../../functions/scores/create';
import { handler as createStatus } from '../../../functions/statuses/create';
import { handler as createTourism } from '../../../functions/tourism/create';
import { handler as uploadImage } from '../../../functions/uploads/upload-image';
import { handler as createVillageDescription } from '../../../functions/village-descriptions/create';
import { handler as requestReset } from '../../../functions/auth/request-reset';
import { signToken } from '../../../lib/auth/jwt';
import { hashPassword } from '../../../lib/auth/password';
import type { Role } from '../../../lib/contract/roles';
import { config } from '../../../lib/platform/config';
import { BatchWriteCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { db, tableName } from '../../../lib/db/client';
import { toPublicUser, type PublicUser } from '../../../lib/db/users';
import { createAccount } from '../../../lib/auth/accounts';
import { SYSTEM } from '../../../lib/db/history';
import { deleteAllUnder, deleteImages, urlOf } from '../../../lib/storage/images';
import { s3 } from '../../../lib/storage/s3';
import { allItems } from '../../support/table';
import { invoke, mailsTo, uniqueEmail, uniqueName, type ApiResponse } from '../../support/api';
import { multipart, png } from '../../support/multipart';
import { TEST_PASSWORD } from '../../support/users';
import { makeVillage } from '../../support/villages';

export { TEST_PASSWORD };
export type TestUser = PublicUser & { token: string };

let hashed: Promise<string> | undefined;

/** A user with password TEST_PASSWORD and a valid token (no scrypt per user). */
export async function quickUser(role: Role, verified = true): Promise<TestUser> {
  hashed ??= hashPassword(TEST_PASSWORD);
  const user = await createAccount(
    {
      username: uniqueName(role),
      full_name: `Robust ${role}`,
      email: uniqueEmail(role),
      role,
      password_hash: await hashed,
      is_verified: verified,
    },
    SYSTEM,
  );
  return { ...toPublicUser(user), token: await signToken(user) };
}

function expectStatus(res: ApiResponse, status: number, what: string): Record<string, any> {
  if (res.statusCode !== status) throw new Error(`fixture: ${what} answered ${res.statusCode} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The six score values all set to `n` (a POST/PUT /api/skor body without kd_desa). */
export const sameScores = (n: number) => ({
  partisipasi_masyarakat: n,
  keragaman_paket_wisata: n,
  akses_tempat_wisata: n,
  keramahan_difabel: n,
  fasilitas_tempat_wisata: n,
  produk_tempat_wisata: n,
});

export const SIX_SCORES = {
  partisipasi_masyarakat: 80,
  keragaman_paket_wisata: 75,
  akses_tempat_wisata: 90,
  keramahan_difabel: 60,
  fasilitas_tempat_wisata: 85,
  produk_tempat_wisata: 70,
};

export const tourismData = (kd: string) => ({
  kd_desa: kd,
  penjelasan_umum: 'Desa di lereng Merapi',
  fasilitas: 'Parkir, toilet, musala',
  dokumentasi_desa: 'https://example.com/dok',
  atraksi: [
    { nama_atraksi: 'Tracking', kategori_atraksi: 'Alam' },
    { nama_atraksi: 'Gamelan', kategori_atraksi: 'Budaya', jumlah_gambar: 0 },
  ],
  penginapan: [{ nama_penginapan: 'Homestay Melati', harga_penginapan: 150000, jumlah_gambar: 0 }],
  paket_wisata: [{ nama_paket_wisata: 'Paket Live In', harga_paket_wisata: '350000', jumlah_gambar: 0 }],
  suvenir: [{ nama_suvenir: 'Batik', harga_suvenir: 50000, jumlah_gambar: 0 }],
});

export const villageDescriptionData = (kd?: string) => ({
  ...(kd === undefined ? {} : { kd_desa: kd }),
  lokasi_desa: 'Cangkringan, Sleman',
  deskripsi_desa: 'Desa wisata di lereng Merapi',
  fasilitas_desa: ['Parkir', 'Homestay'],
  url_video: ['https://www.youtube.com/watch?v=abc'],
  jenis_desa: 'Alam',
  latitude: -7.6,
  longitude: 110.4,
});

export const newVillage = (owner: TestUser) => makeVillage(owner);

/** A tourism description with one attraction image (and three more categories). */
export async function newTourism(owner: TestUser, kd: string): Promise<void> {
  const form = multipart({ data: JSON.stringify(tourismData(kd)) }, [{ field: 'atraksi[]', data: png() }]);
  expectStatus(
    await invoke(createTourism, { method: 'POST', resource: '/api/deskripsi-wisata', ...form, token: owner.token }),
    201,
    'tourism description',
  );
}

/** A village description with one gallery image. */
export async function newVillageDescription(owner: TestUser, kd: string): Promise<void> {
  const form = multipart({ data: JSON.stringify(villageDescriptionData(kd)) }, [{ field: 'galeri_gambar[]', data: png() }]);
  expectStatus(
    await invoke(createVillageDescription, { method: 'POST', resource: '/api/deskripsi-desa', ...form, token: owner.token }),
    201,
    'village description',
  );
}

export async function newScore(dinas: TestUser, kd: string): Promise<void> {
  expectStatus(
    await invoke(createScore, { method: 'POST', resource: '/api/skor', body: { kd_desa: kd, ...SIX_SCORES }, token: dinas.token }),
    201,
    'score',
  );
}

export async function newStatus(dinas: TestUser, kd: string): Promise<string> {
  const body = expectStatus(
    await invoke(createStatus, {
      method: 'POST',
      resource: '/api/status-desa',
      body: { kd_desa: kd, status: 'aktif', keterangan: 'Beroperasi' },
      token: dinas.token,
    }),
    201,
    'status',
  );
  return body.data.kd_status;
}

export async function newRequest(owner: TestUser, kd: string): Promise<string> {
  const body = expectStatus(
    await invoke(createRequest, {
      method: 'POST',
      resource: '/api/permintaan',
      body: { kd_desa: kd, status_permintaan: 'diproses' },
      token: owner.token,
    }),
    201,
    'request',
  );
  return body.data.kd_permintaan;
}

export async function newUpload(user: TestUser): Promise<string> {
  const form = multipart({}, [{ field: 'file', data: png() }]);
  return expectStatus(
    await invoke(uploadImage, { method: 'POST', resource: '/api/upload/gambar', ...form, token: user.token }),
    200,
    'upload',
  ).url;
}

/** Requests a reset code for `email` through the real route and reads it from the mail. */
export async function resetCodeFor(email: string): Promise<string> {
  expectStatus(await invoke(requestReset, { method: 'POST', resource: '/auth/password', body: { email } }), 200, 'reset code');
  const mails = await mailsTo(email);
  const code = /(\d{6})/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`fixture: no reset code mailed to ${email}`);
  return code;
}

/** A village of `owner` with both descriptions (each with an image), a score, a status and a request. */
export interface VillageSet {
  kd: string;
  slug: string;
  kdStatus: string;
  kdPermintaan: string;
}

export async function villageSet(owner: TestUser, dinas: TestUser): Promise<VillageSet> {
  const { kd_desa: kd, slug } = await newVillage(owner);
  const [, , , kdStatus, kdPermintaan] = await Promise.all([
    newTourism(owner, kd),
    newVillageDescription(owner, kd),
    newScore(dinas, kd),
    newStatus(dinas, kd),
    newRequest(owner, kd),
  ]);
  return { kd, slug, kdStatus, kdPermintaan };
}

export interface Fixture {
  /** The pengelola who owns `village`. */
  owner: TestUser;
  /** Another pengelola (with no village). */
  other: TestUser;
  dinas: TestUser;
  admin: TestUser;
  /** An unverified pengelola without a village (the token-less sign-up flow). */
  unverified: TestUser;
  village: VillageSet;
  /** An image the owner uploaded through POST /api/upload/gambar. */
  upload: string;
}

/** A fresh, complete fixture. With `resetCode`, the owner also has a live reset code. */
export async function makeFixture(opts: { resetCode?: boolean } = {}): Promise<Fixture> {
  await bucketReady;
  if (config().bucketName !== OWN_BUCKET) throw new Error('fixture: import tests/robustness/support/own-bucket first in the test file');
  const [owner, other, dinas, admin, unverified] = await Promise.all([
    quickUser('pengelola'),
    quickUser('pengelola'),
    quickUser('dinas'),
    quickUser('admin'),
    quickUser('pengelola', false),
  ]);
  const [village, upload] = await Promise.all([villageSet(owner, dinas), newUpload(owner)]);
  if (opts.resetCode) await resetCodeFor(owner.email);
  return { owner, other, dinas, admin, unverified, village, upload };
}

/** Writes `requests` (puts or deletes) to this file's table, 25 at a time, until none is left unprocessed. */
async function batchWrite(requests: Record<string, any>[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let request: Record<string, any> | undefined = { [tableName()]: requests.slice(i, i + 25) };
    while (request && Object.keys(request).length) {
      const out: BatchWriteCommandOutput = await db().send(new BatchWriteCommand({ RequestItems: request }));
      request = out.UnprocessedItems && Object.keys(out.UnprocessedItems).length ? out.UnprocessedItems : undefined;
    }
  }
}

/** Empties this file's table and bucket (test inspection tooling, like allItems()). */
export async function clearStores(): Promise<void> {
  await bucketReady;
  const items = await allItems({ withListVersions: true });
  await batchWrite(items.map((it) => ({ DeleteRequest: { Key: { PK: it.PK, SK: it.SK } } })));
  await deleteAllUnder('images/');
}

interface StoredObject {
  key: string;
  body: Uint8Array;
  contentType?: string;
  cacheControl?: string;
  metadata?: Record<string, string>;
}
/** An object as a listing shows it: a rewrite, even of the same bytes, changes its time. */
interface ListedObject {
  etag: string;
  modified: number;
}
/** A fixture and everything building it left in the table and the bucket. */
interface SavedFixture {
  fx: Fixture;
  items: Map<string, Record<string, any>>;
  objects: StoredObject[];
  /** The objects as listed right after the build (and after each write-back). */
  listed: Map<string, ListedObject>;
}
let saved: SavedFixture | undefined;

const itemKey = (item: Record<string, any>) => `${item.PK}\u0000${item.SK}`;

/** Every object of this file's bucket under images/, with its ETag and time. */
async function listedObjects(): Promise<Map<string, ListedObject>> {
  const out = new Map<string, ListedObject>();
  let token: string | undefined;
  const { client } = await s3();
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: config().bucketName, Prefix: 'images/', ContinuationToken: token }));
    for (const o of page.Contents ?? []) out.set(o.Key!, { etag: o.ETag ?? '', modified: o.LastModified?.getTime() ?? 0 });
    token = page.NextContinuationToken;
  } while (token);
  return out;
}

/**
 * The table and the bucket put back as the fixture's build left them, writing only what
 * differs: items the last route's cases changed, added or removed; objects rewritten, added
 * or removed. A route that changed little costs a scan, a listing and a few writes.
 */
async function restore(s: SavedFixture): Promise<void> {
  const [items, listed] = await Promise.all([allItems({ withListVersions: true }), listedObjects()]);
  const requests: Record<string, any>[] = [];
  const present = new Set<string>();
  for (const item of items) {
    const k = itemKey(item);
    const want = s.items.get(k);
    if (!want) requests.push({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } });
    else {
      present.add(k);
      if (!isDeepStrictEqual(item, want)) requests.push({ PutRequest: { Item: want } });
    }
  }
  for (const [k, want] of s.items) if (!present.has(k)) requests.push({ PutRequest: { Item: want } });
  const stale = [...listed.keys()].filter((key) => !s.listed.has(key)).map(urlOf);
  const rewrite = s.objects.filter((o) => !isDeepStrictEqual(listed.get(o.key), s.listed.get(o.key)));
  const bucket = config().bucketName;
  const { client } = await s3();
  await Promise.all([
    batchWrite(requests),
    deleteImages(stale),
    ...rewrite.map((o) =>
      client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: o.key,
          Body: o.body,
          ContentType: o.contentType,
          CacheControl: o.cacheControl,
          Metadata: o.metadata,
        }),
      ),
    ),
  ]);
  // what was written back has a time of its own: the next restore compares with that
  if (rewrite.length) for (const [key, o] of await listedObjects()) if (s.listed.has(key)) s.listed.set(key, o);
}

/**
 * The fixture of one fuzzed route, in otherwise empty stores: built through the real handlers
 * the first time in a test file; after that, what that build left in the table and the bucket
 * is put back as it was (the same users, tokens, village and images): only what the last
 * route changed is written, instead of the handlers' work and three images' processing.
 */
export async function freshFixture(opts: { resetCode?: boolean } = {}): Promise<Fixture> {
  if (!saved) {
    await clearStores();
    const fx = await makeFixture();
    const items = await allItems({ withListVersions: true });
    const listed = await listedObjects();
    const bucket = config().bucketName;
    const { client } = await s3();
    const objects = await Promise.all(
      [...listed.keys()].map(async (key): Promise<StoredObject> => {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = await out.Body!.transformToByteArray();
        return { key, body, contentType: out.ContentType, cacheControl: out.CacheControl, metadata: out.Metadata };
      }),
    );
    saved = { fx, items: new Map(items.map((i) => [itemKey(i), i])), objects, listed };
  } else {
    await restore(saved);
  }
  if (opts.resetCode) await resetCodeFor(saved.fx.owner.email);
  return structuredClone(saved.fx);
}
