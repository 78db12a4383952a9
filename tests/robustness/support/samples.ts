/**
 * One VALID request per route, against a fixture: the access matrix sends it with each
 * kind of token (so that only authorization can make it fail), and the fuzzer mutates it
 * into near-valid requests (so that deeper validation is reached); the history and
 * round-trip tests send it too. A route's sample comes from its OpenAPI entry when that is
 * enough (`fromCatalogue`: the path parameters from the fixture, the query parameters'
 * examples, the JSON example or example file as its body, the documented success status);
 * only the routes whose request makes state of its own are written out below.
 *
 * A sample may create what it needs (a fresh village for a DELETE, a fresh reset code…),
 * so the same sample can be sent again after a success destroyed the previous one.
 */
import * as z from 'zod';
import type { AccessRule } from '../../../lib/auth/access-rules';
import { ROUTE_DOCS, type DocumentedRoute, type RouteDoc } from '../../../lib/openapi/catalogue';
import { ROUTE_KEYS } from '../../../lib/routes';
import { apiEvent, invoke, uniqueEmail, uniqueName } from '../../support/api';
import type { FilePart } from '../../support/multipart';
import { multipart, png } from '../../support/multipart';
import type { DeclaredRoute } from '../../support/routes';
import { villageBody } from '../../support/villages';
import { newRound, roundBody, rounds, saveDraft, SIX } from '../../support/evaluations';
import { handler as uploadEvidence } from '../../../functions/evaluations/evidence-upload';
import { monthsAgo, report } from '../../support/monitoring';
import { handler as startImport } from '../../../functions/import/start';
import { workImport } from '../../support/imports';
import { getVillage } from '../../../lib/db/villages';
import { IMPORT_COLUMNS } from '../../../lib/import/columns';
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
/** A fresh round over every village with the owner's complete draft of `kd` in it (as the catalogue's samples have). */
async function roundWithDraft(ctx: SampleContext, kd: string): Promise<string> {
  const id = await newRound(ctx.fx.dinas.token);
  await saveDraft(id, kd, ctx.owner.token);
  return id;
}
const image = (field: string): FilePart => ({ field, data: png(), filename: 'foto.png', contentType: 'image/png' });

/** A CSV of the fixture's village exactly as it is stored (its import changes nothing). */
async function unchangedVillageFile(fx: Fixture): Promise<FilePart> {
  const v = (await getVillage(fx.village.kd))!;
  // the template's columns of a village, but its description's coordinates
  const columns = IMPORT_COLUMNS.desa.map((c) => c.key).filter((k): k is keyof typeof v & string => k in v);
  const quoted = (x: string) => `"${x.replace(/"/g, '""')}"`;
  const data = Buffer.from(`${columns.join(',')}\n${columns.map((c) => quoted(String(v[c]))).join(',')}\n`);
  return { field: 'berkas', data, filename: 'desa.csv', contentType: 'text/csv' };
}
/** An import of fx.dinas, checked by the worker (`siap`): its id. */
async function newImport(fx: Fixture): Promise<string> {
  const form = multipart({}, [await unchangedVillageFile(fx)]);
  const res = await invoke(startImport, {
    method: 'POST',
    resource: '/api/impor',
    query: { jenis: 'desa' },
    ...form,
    token: fx.dinas.token,
  });
  if (res.statusCode !== 202) throw new Error(`import failed: ${res.statusCode} ${JSON.stringify(res.body)}`);
  const id = res.body.data.id_impor as string;
  await workImport(id);
  return id;
}

/** The samples the catalogue cannot give: a body of a form, a query, a record made for the request. */
const EXPLICIT: Record<string, Sample> = {
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

  // villages
  'GET /api/desa-wisata/{kd_desa}': async ({ fx }) => ({ pathParameters: kdPath(fx.village.kd), ok: 200 }),
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

  // requests
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
  'PUT /api/evaluasi/{id_evaluasi}': async ({ fx }) => ({
    pathParameters: { id_evaluasi: await newRound(fx.dinas.token) },
    json: roundBody({ nama: 'Evaluasi diubah' }),
    ok: 200,
  }),
  'GET /api/evaluasi/{id_evaluasi}/desa': async ({ fx }) => ({
    pathParameters: { id_evaluasi: await newRound(fx.dinas.token, { provinsi: 'Jawa Tengah' }) },
    query: { limit: '10' },
    ok: 200,
  }),
  'PUT /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri': async (ctx) => ({
    pathParameters: { id_evaluasi: await newRound(ctx.fx.dinas.token), kd_desa: (await ownSet(ctx)).kd },
    json: { ...SIX, bukti: { partisipasi_masyarakat: { catatan: 'Rapat warga bulanan', tautan: ['https://example.org/notulen'] } } },
    ok: 200,
  }),
  'PUT /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/penilaian': async ({ fx }) => ({
    pathParameters: { id_evaluasi: await newRound(fx.dinas.token), kd_desa: fx.village.kd },
    json: { ...SIX, catatan: { keramahan_difabel: 'Perlu jalur kursi roda' } },
    ok: 200,
  }),
  'POST /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri/bukti': async (ctx) => {
    const kd = (await ownSet(ctx)).kd;
    return {
      pathParameters: { id_evaluasi: await roundWithDraft(ctx, kd), kd_desa: kd },
      form: { data: { kriteria: 'partisipasi_masyarakat' }, files: [image('berkas')] },
      ok: 200,
    };
  },
  // a file uploaded first, removed by its key
  'DELETE /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri/bukti': async (ctx) => {
    const kd = (await ownSet(ctx)).kd;
    const pathParameters = { id_evaluasi: await roundWithDraft(ctx, kd), kd_desa: kd };
    const uploaded = await invoke(uploadEvidence, {
      method: 'POST',
      resource: '/api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri/bukti',
      pathParameters,
      ...multipart({ data: JSON.stringify({ kriteria: 'akses_tempat_wisata' }) }, [image('berkas')]),
      token: ctx.owner.token,
    });
    if (uploaded.statusCode !== 200) throw new Error(`evidence upload failed: ${uploaded.statusCode} ${JSON.stringify(uploaded.body)}`);
    return { pathParameters, query: { berkas: uploaded.body.data.mandiri.bukti.akses_tempat_wisata.berkas[0].key }, ok: 200 };
  },
  // a submitted self-assessment to return
  'POST /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/kembalikan': async (ctx) => {
    const kd = (await ownSet(ctx)).kd;
    const id = await roundWithDraft(ctx, kd);
    const sent = await rounds.send(id, kd, ctx.owner.token);
    if (sent.statusCode !== 200) throw new Error(`submission failed: ${sent.statusCode} ${JSON.stringify(sent.body)}`);
    return { pathParameters: { id_evaluasi: id, kd_desa: kd }, json: { catatan: 'Lengkapi bukti keramahan difabel.' }, ok: 200 };
  },
  'GET /api/evaluasi/{id_evaluasi}/export': async ({ fx }) => ({
    pathParameters: { id_evaluasi: await newRound(fx.dinas.token, { provinsi: 'Jawa Tengah' }) },
    query: { format: 'xlsx' },
    ok: 200,
  }),

  // API documentation
  'GET /docs/{asset}': async () => ({ pathParameters: { asset: 'init.js' }, ok: 200 }),

  // the JSON 404 for unknown paths
  'ANY /{proxy+}': async () => ({ method: 'GET', pathParameters: { proxy: 'api/tidak-ada' }, ok: 404 }),
};

/**
 * The path parameters a sample takes from the fixture, by name, in this order (each sees
 * the ones before it, `got`, and the route's entry and parameter names).
 */
const PATH_FIXTURE: Record<
  string,
  (ctx: SampleContext, got: Record<string, string>, route: { doc: RouteDoc; params: string[] }) => Promise<string>
> = {
  // a village's month is reported once: with a month in the path, a fresh village of the owner each time
  kd_desa: async (ctx, _got, { params }) => (params.includes('bulan') ? (await newVillage(ctx.owner)).kd_desa : (await ownSet(ctx)).kd),
  // last month (WIB): new for a route whose body is the month's report (PUT), else reported by the owner (unverified)
  bulan: async (ctx, got, { doc }) => {
    const bulan = monthsAgo(1);
    if (!doc.request) await report(got.kd_desa!, bulan, ctx.owner.token);
    return bulan;
  },
  // a fresh round each time (a reminder goes out once a day per round), open for self-assessment: over the
  // fixture's province, or, with a village in the path, over every village, its owner's draft saved in it
  id_evaluasi: async (ctx, got) => {
    if (!got.kd_desa) return newRound(ctx.fx.dinas.token, { provinsi: 'Jawa Tengah' });
    const id = await newRound(ctx.fx.dinas.token);
    await saveDraft(id, got.kd_desa, ctx.owner.token);
    return id;
  },
  // an import of fx.dinas (dinas sees its own) checked by the worker (siap), of the fixture's village as it is (applying it writes nothing)
  id_impor: async ({ fx }) => newImport(fx),
  kd_permintaan: async ({ fx }) => fx.village.kdPermintaan,
  kd_status: async ({ fx }) => fx.village.kdStatus,
  slug: async ({ fx }) => fx.village.slug,
  email: async ({ fx }) => fx.owner.email,
};

/**
 * The query of a route's sample: each query parameter that has an example (`.meta({ examples })`
 * on the handler's query schema, shown in the API reference), the first. The examples are fixed
 * values that stay valid (a year or month is a past one, e.g. `tahun=2026`). Undefined when a
 * required parameter has none; an example the schema refuses throws.
 */
function exampleQuery(key: string, query: z.ZodObject | undefined): Record<string, string> | undefined {
  if (!query) return {};
  const json = z.toJSONSchema(query, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { examples?: unknown[] }>;
    required?: string[];
  };
  const props = Object.entries(json.properties ?? {});
  const out = Object.fromEntries(props.flatMap(([name, p]) => (p.examples?.length ? [[name, String(p.examples[0])]] : [])));
  if ((json.required ?? []).some((name) => !(name in out))) return undefined;
  const parsed = query.safeParse(out);
  if (!parsed.success) throw new Error(`${key}: the query examples ${JSON.stringify(out)} are refused: ${parsed.error.message}`);
  return out;
}

/** The body of a route's sample: its JSON example, or its example file; undefined when the entry has neither. */
function exampleBody(doc: RouteDoc): Pick<SampleRequest, 'json' | 'form'> | undefined {
  const request = doc.request;
  if (!request) return {};
  if (request.kind === 'json') return request.example === undefined ? {} : { json: request.example as Record<string, unknown> };
  if (request.kind === 'file' && request.example) {
    const { filename, contentType, text } = request.example;
    return { form: { files: [{ field: request.limits.fileFields[0]!, data: Buffer.from(text), filename, contentType }] } };
  }
  return undefined;
}

/**
 * A route's sample from its catalogue entry: each path parameter from the fixture, the query
 * its parameters' examples, the body its example, `ok` its success status. None for a route
 * whose entry is not enough: a form body, a required query parameter without an example, a
 * path parameter the fixture does not give.
 */
function fromCatalogue(key: DocumentedRoute): Sample | undefined {
  const doc = ROUTE_DOCS[key];
  const params = Object.keys(doc.params?.shape ?? {});
  if (!params.every((p) => p in PATH_FIXTURE)) return undefined;
  const body = exampleBody(doc);
  const query = exampleQuery(key, doc.query);
  if (!body || !query) return undefined;
  const ordered = Object.keys(PATH_FIXTURE).filter((p) => params.includes(p));
  return async (ctx) => {
    const got: Record<string, string> = {};
    for (const p of ordered) got[p] = await PATH_FIXTURE[p]!(ctx, got, { doc, params });
    // a write done once a period per value: a value of its own each time
    const once = doc.facts.oncePer?.fields ?? [];
    const fresh = body.json && once.length ? { json: { ...body.json, ...Object.fromEntries(once.map((f) => [f, uniqueName(f)])) } } : {};
    return { pathParameters: got, ...(Object.keys(query).length ? { query } : {}), ...body, ...fresh, ok: doc.success.status };
  };
}

/** Every route's sample: written out above, else from the catalogue (a route with neither has none: the access matrix fails). */
export const SAMPLES: Record<string, Sample> = Object.fromEntries(
  ROUTE_KEYS.flatMap((key) => {
    const sample = EXPLICIT[key] ?? (key === 'ANY /{proxy+}' ? undefined : fromCatalogue(key));
    return sample ? [[key, sample] as const] : [];
  }),
);

/** The actions a write route's sample writes to the history, as its catalogue entry states them. */
export const historyActions = (key: string): string[] | undefined => ROUTE_DOCS[key as DocumentedRoute]?.facts.records;

/** The fewest sequential round trips a route's sample can take, and why, as its catalogue entry states them. */
export const minimumTrips = (key: string): { trips: number; why: string } =>
  key === 'ANY /{proxy+}' ? { trips: 0, why: 'a 404 without a lookup' } : ROUTE_DOCS[key as DocumentedRoute].facts;

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
