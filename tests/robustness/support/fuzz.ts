/**
 * Property-based fuzzing of every declared route (fast-check).
 *
 * Each route gets a fresh fixture and a template: the route's valid sample request
 * (support/samples.ts). Every generated case is a mix of a token (none, garbage, a
 * tampered token, or the token of the owner pengelola / another pengelola / dinas /
 * admin), path parameters (the template's real value or odd ones), a query (huge and odd
 * values) and a body: none, random text, malformed JSON, any JSON value, a near-valid body
 * (the template with fields dropped, replaced by values of the wrong type, extra fields),
 * sent as JSON or multipart (base64 with isBase64Encoded, as API Gateway sends binary
 * media types), possibly with odd or missing content types, odd files, and truncated or
 * malformed multipart.
 *
 * For every case: statusCode < 500, a JSON body, a 4xx body is exactly {status:'fail',
 * message:<non-empty string>} (the service's own evaluation and monitoring routes may add
 * `fields`, each refused field's text), a 2xx body has status 'success' (the documentation routes
 * outside /api and /auth answer 2xx with their document instead). For a refused (4xx)
 * POST/PUT/PATCH/DELETE, the table and the file's own bucket are exactly as before
 * (FUZZ_STATE below); a refused GET sends no write command at all.
 *
 * FUZZ_RUNS (default 20 in `npm test`; `npm run test:fuzz` runs 1,000) cases per route, FUZZ_SEED (default fixed) for the sequence;
 * each route derives its own seed from FUZZ_SEED and its route key, so a run is
 * reproducible and a new route does not change the others' cases. All violations are
 * collected and reported at the end of a route (with the case number); FUZZ_SHRINK=1
 * instead stops at the first one and lets fast-check shrink it to a minimal case.
 */
import { ROUTE_DOCS } from '../../../lib/openapi/catalogue';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCESS_RULES, type AccessRule } from '../../../lib/auth/access-rules';
import type { LambdaHandler } from '../../../lib/http/handler';
import { ROOT } from '../../../scripts/local-stack';
import { apiEvent } from '../../support/api';
import { bucketKeys } from '../../support/bucket';
import { IMAGE_HEADERS } from '../../support/multipart';
import { declaredRoutes, type DeclaredRoute } from '../../support/routes';
import { allItems } from '../../support/table';
import { db } from '../../../lib/db/client';
import { s3 } from '../../../lib/storage/s3';
import { clearStores, freshFixture, makeFixture, type Fixture } from './fixture';
import { SAMPLES, type SampleRequest } from './samples';

// ---------------------------------------------------------------------------------------
// configuration

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}
// (20: at 50 the fuzz files were about a tenth of the suite's CPU; the deep run is `npm run test:fuzz`)
export const FUZZ_RUNS = intEnv('FUZZ_RUNS', 20);
export const FUZZ_SEED = intEnv('FUZZ_SEED', 20_240_605);
const SHRINK = process.env.FUZZ_SHRINK === '1';
/**
 * How a refused write is shown to have changed nothing:
 * - `full`: a snapshot of the whole table and bucket after every write case, compared
 *   with the one before (the previous case's "after").
 * - `observed` (default): the DynamoDB and S3 clients of lib/ report every command they
 *   send; a case that sent no mutating command cannot have changed either store, so the
 *   snapshot taken before it is still the state after it. A full comparison is made for
 *   every refused write that sent a mutating command (even a failed one), for every
 *   FULL_EVERY-th refused write regardless (which would expose a write that bypassed the
 *   observed clients: "state changed although no write command was seen"), and a new
 *   snapshot after every case that wrote.
 */
export const FUZZ_STATE = process.env.FUZZ_STATE === 'full' ? 'full' : 'observed';
const FULL_EVERY = 10;

/** The function directories (functions/<dir>) of each fuzz file; `descriptions` takes every other one. */
export const AREAS = {
  auth: ['auth', 'common'],
  villages: ['villages', 'users', 'village-descriptions'],
  core: ['requests', 'statuses', 'scores'],
} as const;
export type Area = keyof typeof AREAS | 'descriptions';

const dirOf = (r: DeclaredRoute) => r.handler.split('/')[1] ?? '';
export function routesOf(area: Area): DeclaredRoute[] {
  const claimed = new Set<string>(Object.values(AREAS).flat());
  return declaredRoutes().filter((r) =>
    area === 'descriptions' ? !claimed.has(dirOf(r)) : (AREAS[area] as readonly string[]).includes(dirOf(r)),
  );
}

function seedOf(key: string): number {
  let h = 0x811c9dc5;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return (FUZZ_SEED ^ h) | 0;
}

// ---------------------------------------------------------------------------------------
// arbitraries: values

const ODD_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '[]',
  '{}',
  '{"a":',
  '"',
  "'",
  '\\',
  '%',
  '%00',
  '%zz',
  '%E0%A4%A',
  '%F0%9F%98',
  '../../etc/passwd',
  '..%2F..%2F',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '${jndi:ldap://x/a}',
  '__proto__',
  'constructor',
  '\u202eevil',
  '\ufeffbom',
  'e\u0301',
  '\u0130',
  'ß',
  '😀👍🏽',
  '\ud800',
  '\udc00\ud800',
  '\uffff',
  '\u2028',
  'DESA-',
  'DESA#x',
  'USER#',
  'a@b',
  ' @ ',
  'x@example.com',
  'Alam',
  'aktif',
  'diproses',
  'atraksi',
  'https://example.com/a.png',
  'javascript:alert(1)',
  'images/u/1/x.png',
  '0x10',
  '１２３',
];
const longString = fc
  .tuple(fc.constantFrom('a', 'é', '😀', '\u0000', ' ', '9', '%'), fc.integer({ min: 256, max: 120_000 }))
  .map(([c, n]) => c.repeat(n));
const loneSurrogates = fc.string({ unit: fc.constantFrom('\ud800', '\udfff', 'a', '\u0000', '😀'), minLength: 1, maxLength: 8 });
/**
 * Any code point but a surrogate, as fast-check's `unit: 'binary'`, which builds a map of all 1.1 million of
 * them in each worker (~1-3 s of CPU and tens of MB, for its dangerous-string slices; `fc.string()` keeps those).
 */
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff - 0x800 }).map((n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800));

export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: anyCodePoint }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 1, arbitrary: longString },
  { weight: 1, arbitrary: loneSurrogates },
);
/** Strings an HTTP path or header can carry (well-formed Unicode: no lone surrogate; ES2024, in Node 20). */
const isWellFormed = (s: string): boolean => (s as string & { isWellFormed(): boolean }).isWellFormed();
const wellFormed = oddString.filter(isWellFormed);

const oddNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 1, 6, 25, 26, 100, 100.5, 101, -1, 0.5, 1e21, -1e21, 2 ** 53 + 2, 5e-324, 1.7976931348623157e308),
);
const numericString = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(' 7 ', '1e5', '0x10', 'Infinity', '-0', '08', '1_000', '١٢٣', '１２３', '50.', '.5', '+5', '99.9999999999999999'),
);
const deepNesting = fc
  .tuple(fc.integer({ min: 8, max: 3000 }), fc.boolean())
  .map(([d, arr]) => JSON.parse(arr ? '['.repeat(d) + ']'.repeat(d) : '{"a":'.repeat(d) + '1' + '}'.repeat(d)) as unknown);

export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: oddString },
  { weight: 2, arbitrary: oddNumber },
  { weight: 2, arbitrary: numericString },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], [[]], { a: null }, [''], [1, 2, 3]) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(oddString, { maxLength: 5 }) },
  { weight: 1, arbitrary: deepNesting },
);

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'then'];
const INTERNAL_KEYS = [
  'PK',
  'SK',
  'version',
  'password_hash',
  'is_verified',
  'role',
  'id',
  'kd_desa',
  'slug',
  'email',
  'created_at',
  'data',
  'next_ids',
];

// ---------------------------------------------------------------------------------------
// the shape of a case

type Path = (string | number)[];
type Who = 'owner' | 'other' | 'dinas' | 'admin';

type TokenChoice =
  { kind: 'none' } | { kind: 'user'; who: Who } | { kind: 'tampered'; who: Who; at: number; ch: string } | { kind: 'raw'; value: string };

type ParamChoice =
  { kind: 'real' } | { kind: 'realVariant'; how: 'upper' | 'space' | 'encoded' | 'suffix' | 'nul' } | { kind: 'raw'; value: string };

type QueryChoice = { kind: 'template' } | { kind: 'none' } | { kind: 'raw'; values: Record<string, string> };

type Encoding = 'json' | 'multipart' | 'json-data-text' | 'json-data-object' | 'fields' | 'urlencoded';

interface FilePlan {
  field: string;
  kind: 'png' | 'jpeg' | 'webp' | 'gif' | 'svg' | 'garbage' | 'empty' | 'big-ascii';
  tail: Uint8Array;
  bigSize: number;
  filename: string | null;
  ctype: string;
}

type Corruption =
  | { kind: 'truncate'; at: number }
  | { kind: 'boundary'; mode: 'wrong' | 'missing' | 'empty' | 'quoted' | 'long' }
  | { kind: 'no-closing' }
  | { kind: 'flip'; positions: number[]; byte: number }
  | { kind: 'raw' }
  | { kind: 'not-base64' }
  | { kind: 'part-headers'; text: string };

interface NearPlan {
  drops: Path[];
  sets: [Path, unknown][];
  extras: [string, unknown][];
  /** Replaces the whole body (e.g. an array where the object belongs). */
  whole: { value: unknown } | null;
}

type BodyChoice =
  | { kind: 'none' }
  | { kind: 'text'; text: string; ct: string | null; b64: boolean }
  | { kind: 'json'; value: unknown; ct: string | null; b64: boolean }
  | {
      kind: 'near';
      plan: NearPlan;
      encoding: Encoding;
      files: 'template' | FilePlan[];
      fields: [string, string][];
      ct: string | null | 'auto';
      corrupt: Corruption | null;
    }
  | { kind: 'huge'; size: number; b64: boolean };

export interface FuzzCase {
  method: string;
  token: TokenChoice;
  authHeader: string;
  params: Record<string, ParamChoice> | null;
  query: QueryChoice;
  body: BodyChoice;
  headers: [string, string][];
}

// ---------------------------------------------------------------------------------------
// arbitraries: cases

const ctArb: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(null) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'text/plain',
      'application/json; charset=utf-16',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=nope',
      'MULTIPART/FORM-DATA; BOUNDARY=x',
      'multipart/mixed; boundary=x',
      'application/xml',
      '*/*',
      ';;;',
      'application/json, text/plain',
      '',
    ),
  },
  { weight: 1, arbitrary: wellFormed.map((s) => s.slice(0, 300)) },
);

const jwtish = fc
  .array(
    fc.base64String({ maxLength: 60 }).map((s) => s.replace(/=/g, '').replace(/\+/g, '-').replace(/\//g, '_')),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.join('.'));

const garbageAuth = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'Bearer',
    'Bearer ',
    'bearer x',
    'Basic dXNlcjpwYXNz',
    'Bearer null',
    'Bearer undefined',
    'Bearer a.b.c',
    'Bearer eyJhbGciOiJub25lIn0.e30.',
    'Token abc',
    'Bearer Bearer x',
  ),
  wellFormed.map((s) => s.slice(0, 2000)),
  wellFormed.map((s) => `Bearer ${s.slice(0, 2000)}`),
  jwtish.map((s) => `Bearer ${s}`),
  fc.integer({ min: 5_000, max: 100_000 }).map((n) => `Bearer ${'a'.repeat(n)}`),
);

const anyWho = fc.constantFrom<Who>('owner', 'other', 'dinas', 'admin');

/** Tokens, weighted towards the caller the route's access rule lets in, so that most cases reach the handler. */
function tokenArb(principal: Who): fc.Arbitrary<TokenChoice> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 12, arbitrary: fc.constant({ kind: 'user' as const, who: principal }) },
    { weight: 4, arbitrary: anyWho.map((who) => ({ kind: 'user' as const, who })) },
    { weight: 3, arbitrary: garbageAuth.map((value) => ({ kind: 'raw' as const, value })) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('tampered' as const),
        who: anyWho,
        at: fc.nat(),
        ch: fc.constantFrom('A', 'x', '0', '.', '_', '-'),
      }),
    },
  );
}

/** The fixture user the route's rule admits: its first role, else the owner pengelola. */
function principalOf(route: DeclaredRoute): Who {
  const rule = (ACCESS_RULES as Record<string, AccessRule>)[route.key];
  const role = rule?.kind === 'token' ? rule.roles?.[0] : undefined;
  return role === 'dinas' ? 'dinas' : role === 'admin' ? 'admin' : 'owner';
}

const paramArb: fc.Arbitrary<ParamChoice> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ kind: 'real' as const }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('upper', 'space', 'encoded', 'suffix', 'nul')
      .map((how) => ({ kind: 'realVariant' as const, how: how as 'upper' })),
  },
  // API Gateway takes URLs up to about 8 KB, so a path parameter is at most that long
  { weight: 3, arbitrary: wellFormed.map((value) => ({ kind: 'raw' as const, value: value.slice(0, 8_000) })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('', ' ', '%', '%2F', '..', '%00', 'a/b', '%25', '%ED%A0%80', '%C0%AF')
      .map((value) => ({ kind: 'raw' as const, value })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('D', 'é', '😀'), fc.integer({ min: 500, max: 4_000 }))
      .map(([c, n]) => ({ kind: 'raw' as const, value: c.repeat(n) })),
  },
);

function queryArb(names: string[]): fc.Arbitrary<QueryChoice> {
  const value = fc.oneof(
    wellFormed,
    numericString,
    fc.integer({ min: 10_000, max: 200_000 }).map((n) => '9'.repeat(n)),
    fc.constantFrom('true', 'false', '1', '0', 'TRUE', ' true ', 'yes', '-1', '101', '1.5'),
  );
  const key = fc.oneof(
    fc.constantFrom(...names),
    wellFormed.map((s) => s.slice(0, 100)),
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'template' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 3, arbitrary: fc.dictionary(key, value, { maxKeys: 4 }).map((values) => ({ kind: 'raw' as const, values })) },
  );
}

const malformedJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).chain((v) => {
    const s = JSON.stringify(v);
    return fc.nat(Math.max(0, s.length - 1)).map((n) => s.slice(0, n));
  }),
  fc.constantFrom(
    '{"a":1,}',
    "{'a':1}",
    '{"a":1}{"b":2}',
    '\ufeff{}',
    '{"a":1',
    'nul',
    '[1,2',
    '{"__proto__":{"x":1}}',
    '{"a":"\\ud800"}',
    '"\\u0000"',
    '1'.repeat(400),
  ),
);

const filePlanArb = (fields: string[]): fc.Arbitrary<FilePlan> =>
  fc.record({
    field: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...fields) },
      { weight: 1, arbitrary: fc.constantFrom('file', 'atraksi[]', 'penginapan', 'suvenir[]', 'galeri_gambar[]', 'data', 'foto[]', '') },
      { weight: 1, arbitrary: wellFormed.map((s) => s.slice(0, 100)) },
    ),
    kind: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('png' as const, 'jpeg' as const, 'webp' as const) },
      { weight: 6, arbitrary: fc.constantFrom('gif' as const, 'svg' as const, 'garbage' as const, 'empty' as const) },
      { weight: 1, arbitrary: fc.constant('big-ascii' as const) },
    ),
    tail: fc.uint8Array({ maxLength: 64 }),
    bigSize: fc.integer({ min: 5 * 1024 * 1024 - 16, max: 5 * 1024 * 1024 + 64 }),
    filename: fc.option(
      wellFormed.map((s) => s.slice(0, 300)),
      { freq: 4 },
    ),
    ctype: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream', '', 'image/svg+xml'),
  });

const corruptionArb: fc.Arbitrary<Corruption | null> = fc.oneof(
  { weight: 12, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map((at) => ({ kind: 'truncate' as const, at })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('wrong', 'missing', 'empty', 'quoted', 'long')
      .map((mode) => ({ kind: 'boundary' as const, mode: mode as 'wrong' })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'no-closing' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('flip' as const),
      positions: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
      byte: fc.integer({ min: 0, max: 255 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'raw' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'not-base64' as const }) },
  { weight: 1, arbitrary: wellFormed.map((text) => ({ kind: 'part-headers' as const, text: text.slice(0, 500) })) },
);

/** Every path into a JSON value (objects and arrays), for near-valid mutations. */
function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (out.length >= 80) return out;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  for (const [k, v] of entries) {
    out.push([...prefix, k]);
    pathsOf(v, [...prefix, k], out);
  }
  return out;
}

interface Shape {
  paramNames: string[];
  bodyPaths: Path[];
  fieldNames: string[];
  fileFields: string[];
  queryNames: string[];
  isForm: boolean;
  isUpload: boolean;
  anyMethod: boolean;
}

function shapeOf(route: DeclaredRoute, tpl: SampleRequest | undefined): Shape {
  const body = tpl?.form?.data ?? tpl?.json;
  const fileFields = [...new Set((tpl?.form?.files ?? []).map((f) => f.field))];
  return {
    paramNames: [...route.path.matchAll(/\{([^}+]+)\+?\}/g)].map((m) => m[1]!),
    bodyPaths: body ? pathsOf(body) : [],
    fieldNames: body ? Object.keys(body) : [],
    fileFields: fileFields.length ? fileFields : ['file', 'atraksi[]', 'galeri_gambar[]'],
    queryNames: [...new Set([...Object.keys(tpl?.query ?? {}), 'page', 'limit', 'includeDesa'])],
    isForm: Boolean(tpl?.form?.data),
    isUpload: Boolean(tpl?.form && !tpl.form.data),
    anyMethod: route.method === 'ANY',
  };
}

function caseArb(route: DeclaredRoute, shape: Shape): fc.Arbitrary<FuzzCase> {
  const pathArb = shape.bodyPaths.length ? fc.constantFrom(...shape.bodyPaths) : fc.constant<Path>(['x']);
  const keyArb = fc.oneof(
    fc.constantFrom(...PROTO_KEYS, ...INTERNAL_KEYS, ...shape.fieldNames),
    wellFormed.map((s) => s.slice(0, 200)),
  );
  const has = shape.bodyPaths.length > 0;
  const none: NearPlan = { drops: [], sets: [], extras: [], whole: null };
  // mostly one mutation at a time, so that the other fields stay valid and each check is reached
  const plan: fc.Arbitrary<NearPlan> = fc.oneof(
    { weight: 2, arbitrary: fc.constant(none) },
    { weight: has ? 3 : 0, arbitrary: pathArb.map((p) => ({ ...none, drops: [p] })) },
    { weight: has ? 5 : 0, arbitrary: fc.tuple(pathArb, weirdValue).map((set) => ({ ...none, sets: [set] })) },
    { weight: 2, arbitrary: fc.tuple(keyArb, weirdValue).map((extra) => ({ ...none, extras: [extra] })) },
    {
      weight: 3,
      arbitrary: fc.record({
        drops: fc.array(pathArb, { maxLength: has ? 3 : 0 }),
        sets: fc.array(fc.tuple(pathArb, weirdValue), { maxLength: has ? 3 : 0 }),
        extras: fc.array(fc.tuple(keyArb, weirdValue), { maxLength: 3 }),
        whole: fc.constant(null),
      }),
    },
    { weight: 1, arbitrary: weirdValue.map((value) => ({ ...none, whole: { value } })) },
  );
  const encodings: Encoding[] = shape.isForm
    ? ['multipart', 'multipart', 'multipart', 'json-data-text', 'json-data-object', 'json', 'fields']
    : shape.isUpload
      ? ['multipart', 'multipart', 'multipart', 'multipart', 'json', 'urlencoded']
      : ['json', 'json', 'json', 'json', 'multipart', 'urlencoded', 'json-data-object'];
  const textField = fc.tuple(
    fc.oneof(
      fc.constantFrom('data', ...shape.fieldNames, 'keep_gallery_images', 'x'),
      wellFormed.map((s) => s.slice(0, 50)),
    ),
    fc.oneof(
      oddString.filter((s) => s.length < 600_000),
      malformedJson,
    ),
  );
  const near = fc.record({
    kind: fc.constant('near' as const),
    plan,
    encoding: fc.constantFrom(...encodings),
    files: fc.oneof(
      { weight: 3, arbitrary: fc.constant('template' as const) },
      { weight: 2, arbitrary: fc.array(filePlanArb(shape.fileFields), { maxLength: 4 }) },
      {
        weight: 1,
        arbitrary: fc.integer({ min: 24, max: 30 }).chain((n) => fc.array(filePlanArb(shape.fileFields), { minLength: n, maxLength: n })),
      },
    ),
    fields: fc.oneof(
      { weight: 4, arbitrary: fc.constant<[string, string][]>([]) },
      { weight: 1, arbitrary: fc.array(textField, { maxLength: 12 }) },
    ),
    ct: fc.oneof({ weight: 6, arbitrary: fc.constant('auto' as const) }, { weight: 1, arbitrary: ctArb }),
    corrupt: corruptionArb,
  });
  const body: fc.Arbitrary<BodyChoice> = fc.oneof(
    { weight: 4, arbitrary: fc.constant({ kind: 'none' as const }) },
    {
      weight: 4,
      arbitrary: fc.record({ kind: fc.constant('text' as const), text: fc.oneof(oddString, malformedJson), ct: ctArb, b64: fc.boolean() }),
    },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('json' as const), value: weirdValue, ct: ctArb, b64: fc.boolean() }) },
    { weight: 20, arbitrary: near },
    {
      weight: 1,
      // just under and over the 6 MB payload ceiling (a few fixed sizes, so the bodies can be reused)
      arbitrary: fc.record({
        kind: fc.constant('huge' as const),
        size: fc.constantFrom(6 * 1024 * 1024 - 70 * 1024, 6 * 1024 * 1024 - 63 * 1024, 6 * 1024 * 1024 + 1, 7 * 1024 * 1024),
        b64: fc.boolean(),
      }),
    },
  );
  const params = fc.record(Object.fromEntries(shape.paramNames.map((n) => [n, paramArb])) as Record<string, fc.Arbitrary<ParamChoice>>);
  const headerName = fc.constantFrom('Origin', 'X-Forwarded-For', 'Accept', 'Content-Length', 'Host', 'Cookie', 'X-Amz-Date');
  return fc.record({
    method: shape.anyMethod ? fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD') : fc.constant(route.method),
    token: tokenArb(principalOf(route)),
    authHeader: fc.constantFrom('Authorization', 'authorization', 'AUTHORIZATION'),
    params: shape.paramNames.length
      ? fc.oneof({ weight: 12, arbitrary: params }, { weight: 1, arbitrary: fc.constant(null) })
      : fc.constant(null),
    query: queryArb(shape.queryNames),
    body,
    headers: fc.array(
      fc.tuple(
        headerName,
        wellFormed.map((s) => s.slice(0, 500)),
      ),
      { maxLength: 2 },
    ),
  });
}

// ---------------------------------------------------------------------------------------
// building the event of a case

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

function setOwn(target: Record<string | number, unknown> | unknown[], key: string | number, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function parentOf(root: unknown, path: Path): Record<string | number, unknown> | undefined {
  let node = root;
  for (const k of path.slice(0, -1)) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[k];
  }
  return node && typeof node === 'object' ? (node as Record<string | number, unknown>) : undefined;
}

function applyPlan(template: Record<string, unknown> | undefined, plan: NearPlan): unknown {
  if (plan.whole) return plan.whole.value;
  const data = clone(template ?? {}) as Record<string, unknown>;
  for (const p of plan.drops) {
    const parent = parentOf(data, p);
    if (parent) {
      if (Array.isArray(parent) && typeof p.at(-1) === 'number') parent.splice(p.at(-1) as number, 1);
      else delete parent[p.at(-1)!];
    }
  }
  for (const [p, v] of plan.sets) {
    const parent = parentOf(data, p);
    if (parent) setOwn(parent, p.at(-1)!, v);
  }
  for (const [k, v] of plan.extras) setOwn(data, k, v);
  return data;
}

const MAGIC: Record<FilePlan['kind'], Buffer> = {
  png: IMAGE_HEADERS.png,
  jpeg: IMAGE_HEADERS.jpeg,
  webp: IMAGE_HEADERS.webp,
  gif: Buffer.from('GIF89a'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  garbage: Buffer.alloc(0),
  empty: Buffer.alloc(0),
  'big-ascii': Buffer.alloc(0),
};

function fileBytes(f: FilePlan): Buffer {
  if (f.kind === 'empty') return Buffer.alloc(0);
  if (f.kind === 'big-ascii') return Buffer.alloc(f.bigSize, 0x41);
  return Buffer.concat([MAGIC[f.kind], Buffer.from(f.tail)]);
}

interface Part {
  name: string;
  value: Buffer;
  filename?: string | null;
  ctype?: string;
}

function multipartBytes(parts: Part[], boundary: string, opts: { closing: boolean; headerText?: string }): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\n`;
    if (opts.headerText !== undefined) head += `${opts.headerText}\r\n\r\n`;
    else if (p.filename !== undefined) {
      head += `Content-Disposition: form-data; name="${p.name}"${p.filename === null ? '' : `; filename="${p.filename}"`}\r\nContent-Type: ${p.ctype ?? 'application/octet-stream'}\r\n\r\n`;
    } else head += `Content-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), p.value, Buffer.from('\r\n'));
  }
  if (opts.closing) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Percent-encodes the UTF-8 bytes of a string (lone surrogates become U+FFFD, as on the wire). */
const formEncode = (s: string): string =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const stringify = (v: unknown): string => {
  const s = JSON.stringify(v);
  return s === undefined ? '' : s;
};

const hugeBodies = new Map<string, string>();
/** A JSON body of `size` characters (base64-encoded when `b64`), built once per size. */
function hugeBody(size: number, b64: boolean): string {
  const key = `${size}/${b64}`;
  let body = hugeBodies.get(key);
  if (body === undefined) {
    const text = `{"x":"${'a'.repeat(Math.max(0, size - 8))}"}`;
    hugeBodies.set(key, (body = b64 ? Buffer.from(text).toString('base64') : text));
  }
  return body;
}

interface BuiltBody {
  body: string | null;
  isBase64Encoded: boolean;
  contentType: string | null;
}

function buildBody(c: BodyChoice, tpl: SampleRequest | undefined, caseNo: number): BuiltBody {
  switch (c.kind) {
    case 'none':
      return { body: null, isBase64Encoded: false, contentType: null };
    case 'text':
      return c.b64
        ? { body: Buffer.from(c.text, 'utf8').toString('base64'), isBase64Encoded: true, contentType: c.ct }
        : { body: c.text, isBase64Encoded: false, contentType: c.ct };
    case 'json': {
      const text = stringify(c.value);
      return c.b64
        ? { body: Buffer.from(text).toString('base64'), isBase64Encoded: true, contentType: c.ct }
        : { body: text, isBase64Encoded: false, contentType: c.ct };
    }
    case 'huge':
      return { body: hugeBody(c.size, c.b64), isBase64Encoded: c.b64, contentType: 'application/json' };
    case 'near': {
      const templateBody = tpl?.form?.data ?? tpl?.json;
      const data = applyPlan(templateBody, c.plan);
      let built: BuiltBody;
      switch (c.encoding) {
        case 'json':
          built = { body: stringify(data), isBase64Encoded: false, contentType: 'application/json' };
          break;
        case 'json-data-text':
          built = { body: stringify({ data: stringify(data) }), isBase64Encoded: false, contentType: 'application/json' };
          break;
        case 'json-data-object':
          built = { body: stringify({ data }), isBase64Encoded: false, contentType: 'application/json' };
          break;
        case 'urlencoded': {
          const entries: [string, unknown][] =
            data && typeof data === 'object' && !Array.isArray(data) ? Object.entries(data) : [['data', data]];
          built = {
            body: entries.map(([k, v]) => `${formEncode(k)}=${formEncode(typeof v === 'string' ? v : stringify(v))}`).join('&'),
            isBase64Encoded: false,
            contentType: 'application/x-www-form-urlencoded',
          };
          break;
        }
        case 'multipart':
        case 'fields': {
          const parts: Part[] = [];
          const asFields = c.encoding === 'fields' || !tpl?.form;
          if (asFields) {
            if (data && typeof data === 'object' && !Array.isArray(data)) {
              for (const [k, v] of Object.entries(data))
                parts.push({ name: k, value: Buffer.from(typeof v === 'string' ? v : stringify(v)) });
            } else parts.push({ name: 'data', value: Buffer.from(stringify(data)) });
          } else if (tpl!.form!.data !== undefined || c.plan.extras.length || c.plan.whole) {
            parts.push({ name: 'data', value: Buffer.from(stringify(data)) });
          }
          for (const [name, value] of c.fields) parts.push({ name, value: Buffer.from(value) });
          const files =
            c.files === 'template'
              ? (tpl?.form?.files ?? []).map((f) => ({
                  name: f.field,
                  value: f.data,
                  filename: f.filename ?? 'photo.png',
                  ctype: f.contentType ?? 'image/png',
                }))
              : c.files.map((f) => ({ name: f.field, value: fileBytes(f), filename: f.filename, ctype: f.ctype }));
          parts.push(...files);
          const boundary = `----fuzz${caseNo.toString(16).padStart(8, '0')}`;
          let headerBoundary = boundary;
          let bytes = multipartBytes(parts, boundary, {
            closing: c.corrupt?.kind !== 'no-closing',
            headerText: c.corrupt?.kind === 'part-headers' ? c.corrupt.text : undefined,
          });
          if (c.corrupt?.kind === 'truncate') bytes = bytes.subarray(0, Math.floor(bytes.length * c.corrupt.at));
          if (c.corrupt?.kind === 'flip') {
            bytes = Buffer.from(bytes);
            for (const p of c.corrupt.positions) if (bytes.length) bytes[p % bytes.length] = c.corrupt.byte;
          }
          if (c.corrupt?.kind === 'boundary') {
            headerBoundary = { wrong: 'not-the-boundary', missing: '', empty: '', quoted: `"${boundary}"`, long: 'b'.repeat(200) }[
              c.corrupt.mode
            ];
          }
          const ct =
            c.corrupt?.kind === 'boundary' && c.corrupt.mode === 'missing'
              ? 'multipart/form-data'
              : `multipart/form-data; boundary=${headerBoundary}`;
          if (c.corrupt?.kind === 'raw') built = { body: bytes.toString('latin1'), isBase64Encoded: false, contentType: ct };
          else if (c.corrupt?.kind === 'not-base64')
            built = { body: `%%%${bytes.toString('latin1')}`, isBase64Encoded: true, contentType: ct };
          // a big ASCII file cannot pass the base64 ceiling; sent raw it reaches the 5 MB file limit
          else if (c.files !== 'template' && c.files.some((f) => f.kind === 'big-ascii') && !c.corrupt)
            built = { body: bytes.toString('latin1'), isBase64Encoded: false, contentType: ct };
          else built = { body: bytes.toString('base64'), isBase64Encoded: true, contentType: ct };
          break;
        }
      }
      if (c.ct !== 'auto') built.contentType = c.ct;
      return built;
    }
  }
}

function tamper(token: string, at: number, ch: string): string {
  const i = at % token.length;
  const swapped = token[i] === ch ? (ch === 'A' ? 'B' : 'A') : ch;
  return token.slice(0, i) + swapped + token.slice(i + 1);
}

function paramValue(real: string | undefined, choice: ParamChoice): string {
  const r = real ?? 'DESA-tidakada00';
  if (choice.kind === 'real') return r;
  if (choice.kind === 'raw') return choice.value;
  switch (choice.how) {
    case 'upper':
      return r.toUpperCase();
    case 'space':
      return ` ${r} `;
    case 'encoded':
      return encodeURIComponent(encodeURIComponent(r));
    case 'suffix':
      return `${r}/x`;
    case 'nul':
      return `${r}\u0000`;
  }
}

const safeEncode = (v: string) => (isWellFormed(v) ? encodeURIComponent(v) : v);

export interface Live {
  fx: Fixture;
  tpl: SampleRequest | undefined;
}

export function buildEvent(route: DeclaredRoute, c: FuzzCase, live: Live, caseNo: number) {
  const { fx, tpl } = live;
  const headers: Record<string, string> = {};
  for (const [k, v] of c.headers) headers[k] = v;
  const users = { owner: fx.owner, other: fx.other, dinas: fx.dinas, admin: fx.admin };
  if (c.token.kind === 'user') headers[c.authHeader] = `Bearer ${users[c.token.who].token}`;
  else if (c.token.kind === 'tampered') headers[c.authHeader] = `Bearer ${tamper(users[c.token.who].token, c.token.at, c.token.ch)}`;
  else if (c.token.kind === 'raw') headers[c.authHeader] = c.token.value;
  const b = buildBody(c.body, tpl, caseNo);
  if (b.contentType !== null) headers['Content-Type'] = b.contentType;

  let pathParameters: Record<string, string> | null = null;
  if (c.params) {
    pathParameters = {};
    for (const [name, choice] of Object.entries(c.params)) pathParameters[name] = paramValue(tpl?.pathParameters?.[name], choice);
  }
  const query = c.query.kind === 'template' ? tpl?.query : c.query.kind === 'raw' ? c.query.values : undefined;
  const event = apiEvent({
    method: c.method,
    resource: route.path,
    headers,
    query: query && Object.keys(query).length ? query : undefined,
  });
  event.pathParameters = pathParameters;
  let path = route.path;
  for (const [k, v] of Object.entries(pathParameters ?? {})) path = path.replace(new RegExp(`\\{${k}\\+?\\}`), safeEncode(v));
  event.path = path;
  event.requestContext.path = path;
  event.body = b.body;
  event.isBase64Encoded = b.isBase64Encoded;
  return event;
}

// ---------------------------------------------------------------------------------------
// checks

const short = (v: unknown, max = 300): string => {
  let s: string;
  try {
    s =
      typeof v === 'string'
        ? v
        : (JSON.stringify(v, (_k, x) => (typeof x === 'string' && x.length > 80 ? `${x.slice(0, 80)}…(${x.length} chars)` : x)) ??
          String(v));
  } catch {
    s = String(v);
  }
  return s.length > max ? `${s.slice(0, max)}…(${s.length} chars)` : s;
};

/**
 * The contract's JSON API is /auth/… and /api/…; other paths serve documents (the OpenAPI
 * document, the Swagger UI page and its assets). Their successful responses are those
 * documents, not the envelope; everything else about them is checked like any route.
 */
/** Routes of the service's own features (evaluation, monitoring): a refused body may carry `fields` (field → its text). */
const OWN_FEATURE = /^\S+ \/api\/(evaluasi|pemantauan)(\/|$)/;
export const isApiRoute = (route: DeclaredRoute) => /^\/(api|auth)(\/|$)/.test(route.path) || route.path.startsWith('/{proxy');

const headerOf = (result: APIGatewayProxyResult, name: string): string =>
  String(Object.entries(result.headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1] ?? '');

/** What is wrong with a response (empty when nothing). */
export function responseProblems(result: APIGatewayProxyResult | undefined, route: DeclaredRoute): string[] {
  if (!result || typeof result.statusCode !== 'number') return ['no status code'];
  const problems: string[] = [];
  const code = result.statusCode;
  if (code >= 500) problems.push(`status ${code} (>= 500)`);
  else if (code < 200 || (code >= 300 && code < 400)) problems.push(`unexpected status ${code}`);
  // (an API route may answer a file: the export's spreadsheet or CSV, as its OpenAPI entry says)
  const file = (ROUTE_DOCS as Record<string, { success: { contentType?: string } }>)[route.key]?.success.contentType;
  const document = code >= 200 && code < 300 && (!isApiRoute(route) || (file !== undefined && !/json/i.test(file)));
  if (document && !/json/i.test(headerOf(result, 'content-type'))) return problems;
  let body: unknown;
  try {
    body = JSON.parse(result.body);
  } catch {
    problems.push(`body is not JSON: ${short(result.body, 120)}`);
    return problems;
  }
  if (document) return problems;
  const b = body as Record<string, unknown> | null;
  if (code >= 400 && code < 500) {
    const keys = b && typeof b === 'object' && !Array.isArray(b) ? Object.keys(b).sort() : [];
    // the service's own features (not the contract's routes) may name each refused field's text beside the message
    const named =
      OWN_FEATURE.test(route.key) &&
      keys.join(',') === 'fields,message,status' &&
      typeof b!.fields === 'object' &&
      b!.fields !== null &&
      Object.values(b!.fields).every((t) => typeof t === 'string' && t.trim() !== '');
    if (
      (keys.join(',') !== 'message,status' && !named) ||
      b!.status !== 'fail' ||
      typeof b!.message !== 'string' ||
      b!.message.trim() === ''
    ) {
      problems.push(`4xx body is not exactly {status:'fail', message${OWN_FEATURE.test(route.key) ? ', fields?' : ''}}: ${short(body)}`);
    }
  }
  if (code >= 200 && code < 300 && (!b || typeof b !== 'object' || b.status !== 'success'))
    problems.push(`2xx body without status 'success': ${short(body)}`);
  return problems;
}

// ---------------------------------------------------------------------------------------
// state snapshots

interface Snapshot {
  items: Map<string, string>;
  objects: string[];
}

function stable(value: unknown): string {
  return JSON.stringify(value, (_k, v) => {
    if (v instanceof Set) return { $set: [...v].map(String).sort() };
    if (v instanceof Uint8Array) return { $bytes: Buffer.from(v).toString('base64') };
    if (v && typeof v === 'object' && !Array.isArray(v))
      return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return v;
  });
}

/**
 * The table and the file's bucket. Left out, by design of the service: the login
 * throttle items (LOGIN#…: a refused login IS a failed login, and counting it is what
 * issue item 4 asks for) and the `attempts` counter of reset codes (a wrong code is a
 * guess, and each guess must use up a try). Everything else of those items is compared.
 */
export async function snapshot(): Promise<Snapshot> {
  const [items, objects] = await Promise.all([allItems(), bucketKeys()]);
  const map = new Map<string, string>();
  for (const it of items) {
    const pk = String(it.PK);
    if (pk.startsWith('LOGIN#')) continue;
    const copy: Record<string, unknown> = { ...it };
    if (pk.startsWith('RESET#')) delete copy.attempts;
    map.set(`${pk} | ${String(it.SK)}`, stable(copy));
  }
  return { items: map, objects: objects.sort() };
}

function snapshotDiff(a: Snapshot, b: Snapshot): string[] {
  const out: string[] = [];
  for (const [k, v] of b.items) {
    if (!a.items.has(k)) out.push(`item added: ${k}`);
    else if (a.items.get(k) !== v) out.push(`item changed: ${k}: ${short(a.items.get(k), 400)} → ${short(v, 400)}`);
  }
  for (const k of a.items.keys()) if (!b.items.has(k)) out.push(`item removed: ${k}`);
  const before = new Set(a.objects);
  const after = new Set(b.objects);
  for (const k of after) if (!before.has(k)) out.push(`object added: ${k}`);
  for (const k of before) if (!after.has(k)) out.push(`object removed: ${k}`);
  return out;
}

// ---------------------------------------------------------------------------------------
// running a route

export interface RouteFigures {
  route: string;
  fn: string;
  seed: number;
  cases: number;
  statuses: Record<string, number>;
  /** Refusals by status and message: how deep the cases got. */
  refusals: Record<string, number>;
  responses5xx: number;
  nonJsonBodies: number;
  badEnvelopes: number;
  refusedWritesChecked: number;
  refusedWritesSnapshotCompared: number;
  refusedWritesWithoutWriteCommand: number;
  refusedWritesChangedState: number;
  refusedReadsThatWrote: number;
  successes: number;
  nearValidCases: number;
  templateRefreshes: number;
  violations: number;
  ms: number;
  msFixture: number;
  msHandler: number;
  msSnapshots: number;
  msBuild: number;
  msRefresh: number;
}

export interface Violation {
  caseNo: number;
  problems: string[];
  request: string;
  response: string;
}

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every mutating command lib/'s DynamoDB and S3 clients send (reads are not recorded). */
const observed: string[] = [];
const READ_COMMAND = /^(Get|BatchGet|TransactGet|Query|Scan|Describe|Head|List)/;
let observing = false;
async function observeWrites(): Promise<void> {
  const { client: s3Client } = await s3();
  if (observing) return;
  observing = true;
  const record = (name: string) => {
    if (!READ_COMMAND.test(name)) observed.push(name);
  };
  db().middlewareStack.add(
    (next, context) => (args) => {
      record(context.commandName ?? 'unknown DynamoDB command');
      return next(args);
    },
    { step: 'initialize', name: 'robustness-observe-writes' },
  );
  s3Client.middlewareStack.add(
    (next, context) => (args) => {
      record(context.commandName ?? 'unknown S3 command');
      return next(args);
    },
    { step: 'initialize', name: 'robustness-observe-writes' },
  );
}

async function loadHandler(route: DeclaredRoute): Promise<LambdaHandler> {
  const mod = (await import(join(ROOT, `${route.handler.replace(/\.handler$/, '')}.ts`))) as { handler?: LambdaHandler };
  if (typeof mod.handler !== 'function') throw new Error(`${route.handler} exports no handler`);
  return mod.handler;
}

function describeRequest(route: DeclaredRoute, c: FuzzCase, ev: ReturnType<typeof buildEvent>): string {
  const headers = Object.fromEntries(Object.entries(ev.headers ?? {}).map(([k, v]) => [k, short(v, 120)]));
  return short(
    {
      route: route.key,
      method: ev.httpMethod,
      pathParameters: ev.pathParameters,
      query: ev.queryStringParameters,
      headers,
      isBase64Encoded: ev.isBase64Encoded,
      body:
        ev.body === null
          ? null
          : ev.isBase64Encoded
            ? short(Buffer.from(ev.body, 'base64').toString('latin1'), 1500)
            : short(ev.body, 1500),
      case: {
        token: c.token.kind === 'raw' ? 'raw' : c.token,
        body: c.body.kind,
        ...(c.body.kind === 'near' ? { encoding: c.body.encoding, corrupt: c.body.corrupt } : {}),
      },
    },
    4000,
  );
}

export interface FuzzOptions {
  /** Instead of the route's own handler (the harness self-test sends a faulty one). */
  handler?: LambdaHandler;
  runs?: number;
}

export async function fuzzRoute(route: DeclaredRoute, opts: FuzzOptions = {}): Promise<{ figures: RouteFigures; violations: Violation[] }> {
  const started = Date.now();
  const handler = opts.handler ?? (await loadHandler(route));
  // every route starts from its fixture alone (and small, fast snapshots)
  const fx = await freshFixture({ resetCode: route.path.startsWith('/auth/password') });
  await observeWrites();
  const sample = SAMPLES[route.key];
  const live: Live = { fx, tpl: undefined };
  const refresh = async () => {
    live.tpl = sample ? await sample({ fx: live.fx, owner: live.fx.owner }) : undefined;
  };
  await refresh();
  const msFixture = Date.now() - started;
  const shape = shapeOf(route, live.tpl);
  const seed = seedOf(route.key);
  const figures: RouteFigures = {
    route: route.key,
    fn: route.fn,
    seed,
    cases: 0,
    statuses: {},
    refusals: {},
    responses5xx: 0,
    nonJsonBodies: 0,
    badEnvelopes: 0,
    refusedWritesChecked: 0,
    refusedWritesSnapshotCompared: 0,
    refusedWritesWithoutWriteCommand: 0,
    refusedWritesChangedState: 0,
    refusedReadsThatWrote: 0,
    successes: 0,
    nearValidCases: 0,
    templateRefreshes: 0,
    violations: 0,
    ms: 0,
    msFixture,
    msHandler: 0,
    msSnapshots: 0,
    msBuild: 0,
    msRefresh: 0,
  };
  const timed = async <T>(field: 'msHandler' | 'msSnapshots' | 'msBuild' | 'msRefresh', fn: () => Promise<T> | T): Promise<T> => {
    const t = performance.now();
    try {
      return await fn();
    } finally {
      figures[field] += Math.round(performance.now() - t);
    }
  };
  const snap = () => timed('msSnapshots', snapshot);
  const violations: Violation[] = [];
  let before: Snapshot | undefined;

  const property = fc.asyncProperty(caseArb(route, shape), async (c) => {
    const caseNo = figures.cases++;
    const event = await timed('msBuild', () => buildEvent(route, c, live, caseNo));
    const write = WRITE.has(event.httpMethod);
    if (write && !before) before = await snap();
    let result: APIGatewayProxyResult | undefined;
    let problems: string[];
    const sentBefore = observed.length;
    try {
      result = await timed('msHandler', () => handler(event, { awsRequestId: randomUUID() }));
      problems = responseProblems(result, route);
    } catch (err) {
      problems = [`handler threw: ${(err as Error)?.stack ?? String(err)}`];
    }
    const code = result?.statusCode ?? 0;
    figures.statuses[code] = (figures.statuses[code] ?? 0) + 1;
    if (code >= 500) figures.responses5xx++;
    if (code >= 400 && code < 500) {
      let message = '';
      try {
        message = String((JSON.parse(result!.body) as { message?: unknown }).message).replace(/: .*/s, ': …');
      } catch {
        /* reported as a problem */
      }
      const key = `${code} ${message}`;
      figures.refusals[key] = (figures.refusals[key] ?? 0) + 1;
    }
    if (problems.some((p) => p.startsWith('body is not JSON'))) figures.nonJsonBodies++;
    if (problems.some((p) => p.startsWith('4xx body') || p.startsWith('2xx body'))) figures.badEnvelopes++;
    if (c.body.kind === 'near') figures.nearValidCases++;
    if (code >= 200 && code < 300) figures.successes++;
    const writes = observed.slice(sentBefore);
    const refused = code >= 400 && code < 500;
    if (!write && refused && writes.length) {
      figures.refusedReadsThatWrote++;
      problems.push(`refused ${event.httpMethod} sent write commands: ${writes.join(', ')}`);
    }
    const success = code >= 200 && code < 300;
    if (!write && writes.length) before = undefined; // (only ANY routes) the next write case takes a fresh snapshot
    if (write && success) {
      // a success may have used up the template's target (deleted it, taken its e-mail, its code…)
      await timed('msRefresh', refresh);
      figures.templateRefreshes++;
      before = await snap();
    } else if (write) {
      if (refused) figures.refusedWritesChecked++;
      const compare = FUZZ_STATE === 'full' || writes.length > 0 || (refused && figures.refusedWritesChecked % FULL_EVERY === 1);
      if (compare) {
        const after = await snap();
        if (refused) {
          figures.refusedWritesSnapshotCompared++;
          const changed = snapshotDiff(before!, after);
          if (changed.length) {
            figures.refusedWritesChangedState++;
            const how = writes.length ? `(commands sent: ${writes.join(', ')})` : '(although no write command was seen)';
            problems.push(
              `refused with ${code} but the stored data changed ${how}: ${changed.slice(0, 8).join('; ')}${changed.length > 8 ? ` (+${changed.length - 8} more)` : ''}`,
            );
          }
        }
        before = after;
      } else if (refused) figures.refusedWritesWithoutWriteCommand++;
    }
    if (problems.length) {
      figures.violations++;
      const v: Violation = {
        caseNo,
        problems,
        request: describeRequest(route, c, event),
        response: short({ statusCode: result?.statusCode, body: result?.body }, 800),
      };
      violations.push(v);
      if (SHRINK) throw new Error(`${v.problems.join('\n')}\nrequest: ${v.request}\nresponse: ${v.response}`);
    }
  });
  await fc.assert(property, { seed, numRuns: opts.runs ?? FUZZ_RUNS, endOnFailure: !SHRINK });
  figures.ms = Date.now() - started;
  return { figures, violations };
}

function report(route: DeclaredRoute, violations: Violation[]): string {
  const lines = [
    `${violations.length} violation(s) on ${route.key} (FUZZ_SEED=${FUZZ_SEED}, FUZZ_RUNS=${FUZZ_RUNS}; re-run with the same values to reproduce):`,
  ];
  for (const v of violations.slice(0, 6))
    lines.push(`  case #${v.caseNo}: ${v.problems.join(' | ')}\n    request: ${v.request}\n    response: ${v.response}`);
  if (violations.length > 6) lines.push(`  … and ${violations.length - 6} more`);
  return lines.join('\n');
}

/** Declares the fuzz tests of one area and writes its figures to .local/reliability/fuzz-<area>.json. */
export function fuzzArea(area: Area): void {
  const routes = routesOf(area);
  const all: RouteFigures[] = [];
  describe(`fuzz: ${area} routes (${FUZZ_RUNS} cases each, FUZZ_SEED=${FUZZ_SEED})`, () => {
    it('has routes', () => expect(routes.length).toBeGreaterThan(0));
    it('the write observer sees what lib/ writes to DynamoDB and S3, and no reads', async () => {
      await clearStores();
      await observeWrites();
      const start = observed.length;
      const fx = await makeFixture();
      await snapshot();
      const seen = new Set(observed.slice(start));
      // users and counters (UpdateItem, TransactWriteItems), images (PutObject)
      for (const name of ['UpdateItemCommand', 'TransactWriteItemsCommand', 'PutObjectCommand'])
        expect(seen, `observed: ${[...seen].join(', ')}`).toContain(name);
      expect([...seen].filter((n) => READ_COMMAND.test(n))).toEqual([]);
      expect(fx.village.kd).toBeTruthy();
    });
    for (const route of routes) {
      it(`${route.key}`, { timeout: 60_000 + FUZZ_RUNS * 1_000 }, async () => {
        const { figures, violations } = await fuzzRoute(route);
        all.push(figures);
        expect(figures.cases).toBeGreaterThanOrEqual(FUZZ_RUNS);
        if (violations.length) throw new Error(report(route, violations));
      });
    }
    afterAll(() => {
      const dir = join(ROOT, '.local', 'reliability');
      mkdirSync(dir, { recursive: true });
      const totals = {
        routes: all.length,
        cases: all.reduce((s, f) => s + f.cases, 0),
        responses5xx: all.reduce((s, f) => s + f.responses5xx, 0),
        nonJsonBodies: all.reduce((s, f) => s + f.nonJsonBodies, 0),
        badEnvelopes: all.reduce((s, f) => s + f.badEnvelopes, 0),
        refusedWritesChecked: all.reduce((s, f) => s + f.refusedWritesChecked, 0),
        refusedWritesSnapshotCompared: all.reduce((s, f) => s + f.refusedWritesSnapshotCompared, 0),
        refusedWritesWithoutWriteCommand: all.reduce((s, f) => s + f.refusedWritesWithoutWriteCommand, 0),
        refusedReadsThatWrote: all.reduce((s, f) => s + f.refusedReadsThatWrote, 0),
        refusedWritesChangedState: all.reduce((s, f) => s + f.refusedWritesChangedState, 0),
        violations: all.reduce((s, f) => s + f.violations, 0),
      };
      writeFileSync(
        join(dir, `fuzz-${area}.json`),
        `${JSON.stringify({ area, generatedAt: new Date().toISOString(), runsPerRoute: FUZZ_RUNS, seed: FUZZ_SEED, stateCheck: FUZZ_STATE, totals, routes: all }, null, 2)}\n`,
      );
    });
  });
}
