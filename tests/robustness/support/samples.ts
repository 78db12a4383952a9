/**
 * One VALID request per route, against a fixture: the access matrix sends it with each
 * kind of token (so that only authorization can make it fail), and the fuzzer mutates it
 * into near-valid requests (so that deeper validation is reached). A route of
 * lib/routes.ts without a sample here makes the access matrix fail.
 *
 * A sample may create what it needs (a fresh village for a DELETE, a fresh reset code…),
 * so the same sample can be sent again after a success destroyed the previous one.
 */
import type { AccessRule } from '../../../lib/auth/access-rules';
import { apiEvent, uniqueEmail, uniqueName } from '../../support/api';
import type { FilePart } from '../../support/multipart';
import { multipart, png } from '../../support/multipart';
import type { DeclaredRoute } from '../../support/routes';
import { villageBody } from '../../support/villages';
import { newRound, roundBody, saveDraft, SIX } from '../../support/evaluations';
import {
  newRequest,
  newStatus,
  newTourism,
  newVillage,
  newVillageDescription,
  quickUser,
  resetCodeFor,
  SIX_SCORES,
  TEST_PASSWORD,
  tourismData,
  villageDescriptionData,
  villageSet,
  type Fixture,
  type TestUser,
  type VillageSet,
} from './fixture';

export interface SampleRequest {
  /** Only for `ANY` routes: the method to send. */
  method?: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body. */
  json?: Record<string, unknown>;
  /** A multipart/form-data body: the `data` field (sent as JSON text) and files. */
  form?: { data?: Record<string, unknown>; files: FilePart[] };
  /** The status a caller the access rule allows gets for this request. */
  ok: number;
}

export interface SampleContext {
  fx: Fixture;
  /** The pengelola who owns the village(s) the request names (fx.owner unless a cell needs another). */
  owner: TestUser;
}

export type Sample = (ctx: SampleContext) => Promise<SampleRequest>;

const extraSets = new Map<string, Promise<VillageSet>>();
/** The owner's complete village: the fixture's for fx.owner, else one created (once) for that owner. */
function ownSet(ctx: SampleContext): Promise<VillageSet> {
  if (ctx.owner.email === ctx.fx.owner.email) return Promise.resolve(ctx.fx.village);
  let set = extraSets.get(ctx.owner.email);
  if (!set) extraSets.set(ctx.owner.email, (set = villageSet(ctx.owner, ctx.fx.dinas)));
  return set;
}

const kdPath = (kd: string) => ({ kd_desa: kd });
const image = (field: string): FilePart => ({ field, data: png(), filename: 'foto.png', contentType: 'image/png' });

export const SAMPLES: Record<string, Sample> = {
  // accounts
  'POST /auth/register': async () => ({
    json: {
      username: uniqueName('reg'),
      fullName: 'Pendaftar Baru',
      email: uniqueEmail('reg'),
      password: 'rahasia-123',
      role: 'pengelola',
    },
    ok: 201,
  }),
  'POST /auth/login': async ({ fx }) => ({ json: { email: fx.owner.email, password: TEST_PASSWORD }, ok: 200 }),
  // a fresh user each time: one reset code per minute per e-mail
  'POST /auth/password': async () => ({ json: { email: (await quickUser('pengelola')).email }, ok: 200 }),
  'POST /auth/password/verify': async () => {
    const user = await quickUser('pengelola');
    return { json: { email: user.email, resetCode: await resetCodeFor(user.email) }, ok: 200 };
  },
  'PUT /auth/password': async () => {
    const user = await quickUser('pengelola');
    const code = await resetCodeFor(user.email);
    return { json: { email: user.email, resetCode: code, newPassword: 'rahasia-baru-1', confirmPassword: 'rahasia-baru-1' }, ok: 200 };
  },
  'PUT /auth/verify/{email}': async ({ fx }) => ({ pathParameters: { email: fx.unverified.email }, ok: 200 }),
  'GET /auth/me': async () => ({ ok: 200 }),
  'PUT /api/akun/notifikasi': async () => ({ json: { pengingat: false, perubahan: true }, ok: 200 }),

  // villages
  'GET /api/desa-wisata': async () => ({ ok: 200 }),
  'GET /api/desa-wisata/details': async () => ({ ok: 200 }),
  'GET /api/desa-wisata/{kd_desa}': async ({ fx }) => ({ pathParameters: kdPath(fx.village.kd), ok: 200 }),
  'GET /api/desa-wisata/email/{email}': async ({ fx }) => ({ pathParameters: { email: fx.owner.email }, ok: 200 }),
  'GET /api/desa-wisata/slug/{slug}': async ({ fx }) => ({ pathParameters: { slug: fx.village.slug }, ok: 200 }),
  'POST /api/desa-wisata': async ({ owner }) => ({ json: villageBody(owner.email), ok: 200 }),
  // a fresh village: the new name moves the slug, which other samples look the fixture up by
  'PUT /api/desa-wisata/{kd_desa}': async ({ owner }) => ({
    pathParameters: kdPath((await newVillage(owner)).kd_desa),
    json: villageBody(owner.email, { nama_popular: `Desa Wisata Diubah ${uniqueName('v')}` }),
    ok: 200,
  }),
  'DELETE /api/desa-wisata/{kd_desa}': async ({ fx, owner }) => {
    const { kd_desa } = await newVillage(owner);
    await Promise.all([newTourism(owner, kd_desa), newStatus(fx.dinas, kd_desa)]);
    return { pathParameters: kdPath(kd_desa), ok: 200 };
  },

  // tourism descriptions, uploads, attractions
  'POST /api/deskripsi-wisata': async ({ owner }) => {
    const { kd_desa } = await newVillage(owner);
    return { form: { data: tourismData(kd_desa), files: [image('atraksi[]')] }, ok: 201 };
  },
  'GET /api/deskripsi-wisata': async () => ({ query: { page: '1', limit: '10' }, ok: 200 }),
  'GET /api/deskripsi-wisata/{kd_desa}': async ({ fx }) => ({ pathParameters: kdPath(fx.village.kd), ok: 200 }),
  'PUT /api/deskripsi-wisata/{kd_desa}': async (ctx) => {
    const { kd } = await ownSet(ctx);
    const data = {
      penjelasan_umum: 'Penjelasan baru',
      fasilitas: 'Parkir luas',
      dokumentasi_desa: 'https://example.com/dok-baru',
      atraksi: [
        { id: 1, nama_atraksi: 'Tracking Merapi', kategori_atraksi: 'Alam' },
        { nama_atraksi: 'Jathilan', kategori_atraksi: 'Budaya' },
      ],
      penginapan: [{ nama_penginapan: 'Homestay Mawar', harga_penginapan: '200000', jumlah_gambar: 0 }],
    };
    return { pathParameters: kdPath(kd), form: { data, files: [image('atraksi[]')] }, ok: 200 };
  },
  'DELETE /api/deskripsi-wisata/{kd_desa}': async ({ owner }) => {
    const { kd_desa } = await newVillage(owner);
    await newTourism(owner, kd_desa);
    return { pathParameters: kdPath(kd_desa), ok: 200 };
  },
  'PATCH /api/deskripsi-wisata/{kd_desa}': async (ctx) => ({
    pathParameters: kdPath((await ownSet(ctx)).kd),
    form: {
      data: {
        atraksi: [{ nama_atraksi: 'Festival Panen', kategori_atraksi: 'Budaya' }],
        suvenir: [{ nama_suvenir: 'Kopi', harga_suvenir: 25000, jumlah_gambar: 0 }],
      },
      files: [image('atraksi[]')],
    },
    ok: 200,
  }),
  'PATCH /api/deskripsi-wisata/{kd_desa}/remove-item': async ({ owner }) => {
    const { kd_desa } = await newVillage(owner);
    await newTourism(owner, kd_desa);
    return { pathParameters: kdPath(kd_desa), json: { entity_type: 'atraksi', item_id: 1 }, ok: 200 };
  },
  'POST /api/upload/gambar': async () => ({ form: { files: [image('file')] }, ok: 200 }),
  'GET /api/atraksi-wisata': async () => ({ ok: 200 }),

  // requests
  'GET /api/permintaan': async () => ({ ok: 200 }),
  'GET /api/permintaan/{kd_permintaan}': async ({ fx }) => ({ pathParameters: { kd_permintaan: fx.village.kdPermintaan }, ok: 200 }),
  'POST /api/permintaan': async (ctx) => ({ json: { kd_desa: (await ownSet(ctx)).kd, status_permintaan: 'diproses' }, ok: 201 }),
  'PUT /api/permintaan/{kd_permintaan}': async ({ fx }) => ({
    pathParameters: { kd_permintaan: fx.village.kdPermintaan },
    json: { status_permintaan: 'diterima' },
    ok: 200,
  }),
  'DELETE /api/permintaan/{kd_permintaan}': async ({ fx }) => ({
    pathParameters: { kd_permintaan: await newRequest(fx.owner, fx.village.kd) },
    ok: 200,
  }),

  // village statuses
  'GET /api/status-desa': async () => ({ ok: 200 }),
  'GET /api/status-desa/{kd_status}': async ({ fx }) => ({ pathParameters: { kd_status: fx.village.kdStatus }, ok: 200 }),
  'POST /api/status-desa': async ({ fx }) => ({
    json: { kd_desa: fx.village.kd, status: 'ditinjau', keterangan: 'Sedang ditinjau dinas' },
    ok: 201,
  }),
  'PUT /api/status-desa/{kd_status}': async ({ fx }) => ({
    pathParameters: { kd_status: fx.village.kdStatus },
    json: { status: 'nonaktif', keterangan: 'Tutup sementara' },
    ok: 200,
  }),
  'DELETE /api/status-desa/{kd_status}': async ({ fx }) => ({
    pathParameters: { kd_status: await newStatus(fx.dinas, fx.village.kd) },
    ok: 200,
  }),

  // village descriptions
  'GET /api/deskripsi-desa/{kd_desa}': async ({ fx }) => ({ pathParameters: kdPath(fx.village.kd), ok: 200 }),
  'POST /api/deskripsi-desa': async ({ owner }) => {
    const { kd_desa } = await newVillage(owner);
    return { form: { data: villageDescriptionData(kd_desa), files: [image('galeri_gambar[]')] }, ok: 201 };
  },
  'PUT /api/deskripsi-desa/{kd_desa}': async (ctx) => ({
    pathParameters: kdPath((await ownSet(ctx)).kd),
    form: {
      data: { ...villageDescriptionData(), lokasi_desa: 'Umbulharjo, Cangkringan', jenis_desa: 'Budaya' },
      files: [image('galeri_gambar[]')],
    },
    ok: 200,
  }),
  'DELETE /api/deskripsi-desa/{kd_desa}': async ({ owner }) => {
    const { kd_desa } = await newVillage(owner);
    await newVillageDescription(owner, kd_desa);
    return { pathParameters: kdPath(kd_desa), ok: 200 };
  },

  // scores
  'GET /api/skor': async () => ({ ok: 200 }),
  'GET /api/skor/{kd_desa}': async ({ fx }) => ({ pathParameters: kdPath(fx.village.kd), ok: 200 }),
  'GET /api/skor/{kd_desa}/riwayat': async ({ fx }) => ({ pathParameters: kdPath(fx.village.kd), query: { limit: '5' }, ok: 200 }),
  'GET /api/desa-wisata/{kd_desa}/riwayat': async ({ fx, owner }) => ({
    pathParameters: kdPath(owner.email === fx.owner.email ? fx.village.kd : (await newVillage(owner)).kd_desa),
    ok: 200,
  }),
  'GET /api/riwayat': async () => ({ query: { limit: '10' }, ok: 200 }),
  'GET /api/statistik': async () => ({ query: { provinsi: 'Jawa Tengah' }, ok: 200 }),
  'GET /api/desa-wisata/export': async () => ({ query: { format: 'xlsx', provinsi: 'Jawa Tengah' }, ok: 200 }),
  'POST /api/skor': async ({ fx }) => ({ json: { kd_desa: (await newVillage(fx.owner)).kd_desa, ...SIX_SCORES }, ok: 201 }),
  'PUT /api/skor/{kd_desa}': async ({ fx }) => ({
    pathParameters: kdPath(fx.village.kd),
    json: { ...SIX_SCORES, keramahan_difabel: 95 },
    ok: 200,
  }),

  // evaluation rounds
  'POST /api/evaluasi': async () => ({ json: roundBody(), ok: 201 }),
  'GET /api/evaluasi': async () => ({ ok: 200 }),
  'GET /api/evaluasi/{id_evaluasi}': async ({ fx }) => ({ pathParameters: { id_evaluasi: await newRound(fx.dinas.token) }, ok: 200 }),
  'PUT /api/evaluasi/{id_evaluasi}': async ({ fx }) => ({
    pathParameters: { id_evaluasi: await newRound(fx.dinas.token) },
    json: roundBody({ nama: 'Evaluasi diubah' }),
    ok: 200,
  }),
  'DELETE /api/evaluasi/{id_evaluasi}': async ({ fx }) => ({ pathParameters: { id_evaluasi: await newRound(fx.dinas.token) }, ok: 200 }),
  'GET /api/evaluasi/{id_evaluasi}/desa': async ({ fx }) => ({
    pathParameters: { id_evaluasi: await newRound(fx.dinas.token, { provinsi: 'Jawa Tengah' }) },
    query: { limit: '10' },
    ok: 200,
  }),
  'GET /api/evaluasi/{id_evaluasi}/desa/{kd_desa}': async (ctx) => ({
    pathParameters: { id_evaluasi: await newRound(ctx.fx.dinas.token), kd_desa: (await ownSet(ctx)).kd },
    ok: 200,
  }),
  'PUT /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri': async (ctx) => ({
    pathParameters: { id_evaluasi: await newRound(ctx.fx.dinas.token), kd_desa: (await ownSet(ctx)).kd },
    json: { ...SIX, bukti: { partisipasi_masyarakat: { catatan: 'Rapat warga bulanan', tautan: ['https://example.org/notulen'] } } },
    ok: 200,
  }),
  'POST /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri/ajukan': async (ctx) => {
    const id = await newRound(ctx.fx.dinas.token);
    const { kd } = await ownSet(ctx);
    await saveDraft(id, kd, ctx.owner.token);
    return { pathParameters: { id_evaluasi: id, kd_desa: kd }, ok: 200 };
  },
  'PUT /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/penilaian': async ({ fx }) => ({
    pathParameters: { id_evaluasi: await newRound(fx.dinas.token), kd_desa: fx.village.kd },
    json: { ...SIX, catatan: { keramahan_difabel: 'Perlu jalur kursi roda' } },
    ok: 200,
  }),
  'GET /api/evaluasi/{id_evaluasi}/export': async ({ fx }) => ({
    pathParameters: { id_evaluasi: await newRound(fx.dinas.token, { provinsi: 'Jawa Tengah' }) },
    query: { format: 'xlsx' },
    ok: 200,
  }),
  'GET /api/evaluasi/{id_evaluasi}/rekap': async ({ fx }) => ({
    pathParameters: { id_evaluasi: await newRound(fx.dinas.token, { provinsi: 'Jawa Tengah' }) },
    ok: 200,
  }),
  // a fresh round each time: one reminder a day per round
  'POST /api/evaluasi/{id_evaluasi}/pengingat': async ({ fx }) => ({
    pathParameters: { id_evaluasi: await newRound(fx.dinas.token, { provinsi: 'Jawa Tengah' }) },
    ok: 202,
  }),

  // users
  'GET /api/users': async () => ({ query: { includeDesa: 'true' }, ok: 200 }),

  // API documentation
  'GET /openapi.json': async () => ({ ok: 200 }),
  'GET /docs': async () => ({ ok: 200 }),
  'GET /docs/{asset}': async () => ({ pathParameters: { asset: 'init.js' }, ok: 200 }),
  'GET /statistik': async () => ({ ok: 200 }),
  'GET /statistik/{asset}': async () => ({ pathParameters: { asset: 'statistik.js' }, ok: 200 }),
  'GET /evaluasi': async () => ({ ok: 200 }),
  'GET /evaluasi/{asset}': async () => ({ pathParameters: { asset: 'evaluasi.js' }, ok: 200 }),

  // the JSON 404 for unknown paths
  'ANY /{proxy+}': async () => ({ method: 'GET', pathParameters: { proxy: 'api/tidak-ada' }, ok: 404 }),
};

// ---------------------------------------------------------------------------------------
// What each route's sample must show, beside the sample: a new route is declared here once.

/** The action each write route records (several: one entry each). A write route missing here fails tests/history/every-write.test.ts. */
export const HISTORY_ACTION: Record<string, string | string[]> = {
  'POST /auth/register': 'account.registered',
  'PUT /auth/password': 'account.password_reset',
  'PUT /auth/verify/{email}': 'account.verified',
  'POST /api/desa-wisata': 'village.created',
  'PUT /api/desa-wisata/{kd_desa}': 'village.updated',
  'DELETE /api/desa-wisata/{kd_desa}': 'village.deleted',
  'POST /api/deskripsi-wisata': 'tourism_description.created',
  'PUT /api/deskripsi-wisata/{kd_desa}': 'tourism_description.updated',
  'DELETE /api/deskripsi-wisata/{kd_desa}': 'tourism_description.deleted',
  'PATCH /api/deskripsi-wisata/{kd_desa}': 'tourism_description.items_added',
  'PATCH /api/deskripsi-wisata/{kd_desa}/remove-item': 'tourism_description.item_removed',
  'POST /api/permintaan': 'request.created',
  'PUT /api/permintaan/{kd_permintaan}': 'request.updated',
  'DELETE /api/permintaan/{kd_permintaan}': 'request.deleted',
  'POST /api/status-desa': 'status.created',
  'PUT /api/status-desa/{kd_status}': 'status.updated',
  'DELETE /api/status-desa/{kd_status}': 'status.deleted',
  'POST /api/deskripsi-desa': 'village_description.created',
  'PUT /api/deskripsi-desa/{kd_desa}': 'village_description.updated',
  'DELETE /api/deskripsi-desa/{kd_desa}': 'village_description.deleted',
  'POST /api/skor': 'score.created',
  'PUT /api/skor/{kd_desa}': 'score.updated',
  'POST /api/evaluasi': 'evaluation.created',
  'PUT /api/evaluasi/{id_evaluasi}': 'evaluation.updated',
  'DELETE /api/evaluasi/{id_evaluasi}': 'evaluation.deleted',
  'PUT /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri': 'assessment.created',
  'POST /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri/ajukan': 'assessment.submitted',
  // the review and the score it sets (which the score's trajectory shows)
  'PUT /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/penilaian': ['assessment.reviewed', 'score.updated'],
  // the round's reminder day (its notice rides in the same transaction)
  'POST /api/evaluasi/{id_evaluasi}/pengingat': 'evaluation.reminded',
  'PUT /api/akun/notifikasi': 'account.notifications_changed',
};

/**
 * The fewest sequential round trips each route's valid request can take, and why.
 * "token" = the caller's user item (GetItem), needed before anything that depends on who
 * calls; "versions" = the lists' version read, which must come before the list itself.
 */
export const MINIMUM_TRIPS: Record<string, { trips: number; why: string }> = {
  'POST /auth/register': { trips: 2, why: 'user id counter, then user + username marker in one transaction' },
  'POST /auth/login': { trips: 1, why: 'user ∥ login throttles (a failed login adds its writes)' },
  'POST /auth/password': { trips: 2, why: 'user, then the conditional code write (once a minute)' },
  'POST /auth/password/verify': { trips: 3, why: 'code, take one try atomically, give it back (a try is taken before the comparison)' },
  'PUT /auth/password': { trips: 4, why: 'code, take one try, the account’s login locks, then password + code + locks in one transaction' },
  'PUT /auth/verify/{email}': { trips: 3, why: 'token, the account (already verified: no write), then the change + list version' },
  'GET /auth/me': { trips: 1, why: 'token' },
  'PUT /api/akun/notifikasi': { trips: 3, why: 'token, the account (its switches as read), then its change + history entry' },
  'GET /api/desa-wisata/{kd_desa}/riwayat': { trips: 2, why: 'token + village together, then one Query of its timeline' },
  'GET /api/skor/{kd_desa}/riwayat': { trips: 1, why: 'one Query of the village timeline (score entries)' },
  'GET /api/riwayat': { trips: 2, why: 'token, then one Query of the feed' },
  'GET /api/desa-wisata/export': { trips: 2, why: 'token, then villages ∥ requests ∥ statuses ∥ scores ∥ users (list Queries)' },
  'GET /api/statistik': {
    trips: 2,
    why: 'with a token: the token, then one Query of the region counters (without one: list versions ∥ that Query, one round trip; the bench measures it)',
  },
  'GET /api/desa-wisata': { trips: 2, why: 'list versions (read first, for the tag), then villages ∥ requests ∥ users' },
  'GET /api/desa-wisata/details': { trips: 2, why: 'list versions, then villages' },
  'GET /api/desa-wisata/{kd_desa}': { trips: 1, why: 'the village' },
  'GET /api/desa-wisata/email/{email}': { trips: 1, why: 'the owner index' },
  'GET /api/desa-wisata/slug/{slug}': { trips: 1, why: 'the slug marker, which carries the public view' },
  'POST /api/desa-wisata': { trips: 3, why: 'token, the caller’s villages (first village rule), then village + slug + request' },
  'PUT /api/desa-wisata/{kd_desa}': { trips: 2, why: 'token + village read together, then the versioned write' },
  'DELETE /api/desa-wisata/{kd_desa}': {
    trips: 5,
    why: 'token + village, the partition (consistent Query), list positions, one transaction, then the marks of its images (one guarded transaction per 98)',
  },
  'POST /api/deskripsi-wisata': {
    trips: 5,
    why: 'token, village (its code is in the body), existing description, list counter, then the transaction',
  },
  'GET /api/deskripsi-wisata': { trips: 3, why: 'list versions, then counter ∥ position index, then the page’s descriptions' },
  'GET /api/deskripsi-wisata/{kd_desa}': { trips: 1, why: 'the description' },
  'PUT /api/deskripsi-wisata/{kd_desa}': { trips: 2, why: 'token + village + description together, then the versioned write' },
  'DELETE /api/deskripsi-wisata/{kd_desa}': { trips: 3, why: 'token + village + description, list positions, then the transaction' },
  'PATCH /api/deskripsi-wisata/{kd_desa}': { trips: 2, why: 'token + village + description together, then the versioned write' },
  'PATCH /api/deskripsi-wisata/{kd_desa}/remove-item': {
    trips: 2,
    why: 'token + village + description together, then the versioned write',
  },
  'POST /api/upload/gambar': { trips: 1, why: 'token (then S3)' },
  'GET /api/atraksi-wisata': { trips: 3, why: 'attraction index from a random point (and the wrap-around), then their villages' },
  'GET /api/permintaan': { trips: 2, why: 'token, then requests ∥ users ∥ villages' },
  'GET /api/permintaan/{kd_permintaan}': { trips: 3, why: 'token, the request, then its user ∥ village names' },
  'POST /api/permintaan': { trips: 3, why: 'token, the village (ownership), then request + village codes' },
  'PUT /api/permintaan/{kd_permintaan}': {
    trips: 3,
    why: 'the request (its entry names what it replaces), its village (the statistics it moves), then one conditional transaction',
  },
  'DELETE /api/permintaan/{kd_permintaan}': {
    trips: 3,
    why: 'the request, its village (codes, statistics), then request + village in one transaction',
  },
  'GET /api/status-desa': { trips: 2, why: 'list versions, then statuses ∥ villages' },
  'GET /api/status-desa/{kd_status}': { trips: 2, why: 'token, then the status' },
  'POST /api/status-desa': { trips: 3, why: 'token, the village, then status + village codes' },
  'PUT /api/status-desa/{kd_status}': {
    trips: 3,
    why: 'token + the status together, its village (the statistics it moves), then one conditional transaction',
  },
  'DELETE /api/status-desa/{kd_status}': {
    trips: 3,
    why: 'token + the status together, its village (codes, statistics), then status + village in one transaction',
  },
  'GET /api/deskripsi-desa/{kd_desa}': { trips: 1, why: 'the description' },
  'POST /api/deskripsi-desa': { trips: 4, why: 'token, village (its code is in the body), existing description, then the transaction' },
  'PUT /api/deskripsi-desa/{kd_desa}': { trips: 2, why: 'token + village + description together, then the versioned write' },
  'DELETE /api/deskripsi-desa/{kd_desa}': { trips: 2, why: 'token + village + description together, then the versioned write' },
  'GET /api/skor': { trips: 2, why: 'list versions, then villages ∥ scores' },
  'GET /api/skor/{kd_desa}': { trips: 1, why: 'the score' },
  'POST /api/skor': {
    trips: 3,
    why: 'token, the village (the category it counts), then score + village + region counters in one transaction',
  },
  'PUT /api/skor/{kd_desa}': {
    trips: 2,
    why: 'token + village + score together, then the score (if unchanged) + village check in one transaction',
  },
  'POST /api/evaluasi': { trips: 2, why: 'token, then the round + its history entry' },
  'GET /api/evaluasi': { trips: 2, why: 'token, then one Query of the rounds' },
  'GET /api/evaluasi/{id_evaluasi}': { trips: 2, why: 'token, then the round' },
  'PUT /api/evaluasi/{id_evaluasi}': { trips: 3, why: 'token, the round, then its change + history entry' },
  'DELETE /api/evaluasi/{id_evaluasi}': {
    trips: 5,
    why: 'token, the round, its deletion, then its partition’s drafts and counters (Query, batch delete)',
  },
  'GET /api/evaluasi/{id_evaluasi}/desa': { trips: 3, why: 'token, the round (its region), then the villages in scope ∥ the assessments' },
  'GET /api/evaluasi/{id_evaluasi}/desa/{kd_desa}': { trips: 2, why: 'token, then round ∥ village ∥ assessment' },
  'PUT /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri': {
    trips: 3,
    why: 'token, round ∥ village ∥ assessment, then assessment + round check + counters + history in one transaction',
  },
  'POST /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri/ajukan': {
    trips: 3,
    why: 'token, round ∥ village ∥ assessment, then assessment + counters + history in one transaction',
  },
  'PUT /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/penilaian': {
    trips: 3,
    why: 'token, round ∥ village ∥ assessment ∥ score, then assessment + score + village + counters + histories in one transaction',
  },
  'GET /api/evaluasi/{id_evaluasi}/export': { trips: 3, why: 'token, the round, then the villages in scope ∥ the assessments' },
  'GET /api/evaluasi/{id_evaluasi}/rekap': { trips: 3, why: 'token, the round, then its counters ∥ the region counters' },
  'POST /api/evaluasi/{id_evaluasi}/pengingat': {
    trips: 3,
    why: 'token, the round, then its reminder day + history entry + one outbox item in one transaction',
  },
  'GET /api/users': { trips: 2, why: 'list versions, then users ∥ villages' },
  'GET /openapi.json': { trips: 0, why: 'built from code' },
  'GET /docs': { trips: 0, why: 'static' },
  'GET /docs/{asset}': { trips: 0, why: 'static' },
  'GET /statistik': { trips: 0, why: 'static (its script reads GET /api/statistik)' },
  'GET /statistik/{asset}': { trips: 0, why: 'static' },
  'GET /evaluasi': { trips: 0, why: 'static (its script calls the evaluation routes)' },
  'GET /evaluasi/{asset}': { trips: 0, why: 'static' },
  'ANY /{proxy+}': { trips: 0, why: 'a 404 without a lookup' },
};

/** A caller the route's access rule lets in (none for a public route). */
export function callerFor(fx: Fixture, rule: AccessRule): TestUser | undefined {
  if (rule.kind === 'public') return undefined;
  const role = rule.roles?.[0] ?? 'pengelola';
  return role === 'admin' ? fx.admin : role === 'dinas' ? fx.dinas : fx.owner;
}

/** The API Gateway event of a route's sample, with the caller's token. */
export function sampleEvent(route: DeclaredRoute, s: SampleRequest, token: string | undefined) {
  const method = route.method === 'ANY' ? (s.method ?? 'GET') : route.method;
  const form = s.form ? multipart(s.form.data === undefined ? {} : { data: JSON.stringify(s.form.data) }, s.form.files) : undefined;
  return apiEvent({ method, resource: route.path, pathParameters: s.pathParameters, query: s.query, token, ...(form ?? { body: s.json }) });
}
