/**
 * The route catalogue of the OpenAPI document: for every route of the access-rule table
 * (except the catch-all), what it does, what it takes (the same zod schemas the handlers
 * validate with), what it answers, and the error texts (from MSG) it can give. The access
 * rule itself, its 401/403 texts and the generic 500 come from ACCESS_RULES and are added
 * by document.ts. `satisfies Record<DocumentedRoute, RouteDoc>` makes a new route in the
 * table a type error until it is documented here.
 */
import * as z from 'zod';
import { registerSchema } from '../auth/accounts';
import type { RouteKey } from '../auth/access-rules';
import { CATEGORIES } from '../db/tourism-descriptions';
import { IMAGE_MAX_BYTES } from '../domain/images';
import { createRequestSchema, updateRequestSchema } from '../domain/requests';
import { scoreValuesSchema } from '../domain/scores';
import { createStatusSchema, updateStatusSchema } from '../domain/statuses';
import {
  createTourismSchema,
  patchTourismSchema,
  removeItemSchema,
  TOURISM_FORM_LIMITS,
  updateTourismSchema,
} from '../domain/tourism-descriptions';
import {
  createVillageDescriptionSchema,
  updateVillageDescriptionSchema,
  VILLAGE_DESCRIPTION_FORM_LIMITS,
} from '../domain/village-descriptions';
import { villageSchema } from '../domain/villages';
import { MSG } from '../contract/messages';
import * as R from './responses';

export type DocumentedRoute = Exclude<RouteKey, 'ANY /{proxy+}'>;

export interface ErrorDoc {
  status: number;
  message: string;
  /** When the service answers it. */
  when: string;
  /** What follows the text, e.g. ": <fields>" (the text is then a prefix). */
  suffix?: string;
}

export interface FileFieldDoc {
  /** The form field name as sent (a trailing `[]` is optional). */
  field: string;
  description: string;
  maxFiles: number;
}

export type RequestDoc =
  /** A JSON body. */
  | { kind: 'json'; schema: z.ZodType; example?: unknown; description?: string }
  /** multipart/form-data with a `data` field (JSON text of `schema`) and image files; or application/json with the same data. */
  | { kind: 'form'; schema: z.ZodType; files: FileFieldDoc[]; example: unknown; description?: string }
  /** multipart/form-data with one file. */
  | { kind: 'file'; field: string; description: string };

export interface SuccessDoc {
  status: number;
  description: string;
  /** The JSON body (application/json), unless `contentType` says otherwise. */
  schema: z.ZodType;
  contentType?: string;
}

export interface RouteDoc {
  tag: string;
  summary: string;
  description?: string;
  /** Query parameters: an object schema whose properties are the parameters. */
  query?: z.ZodObject;
  request?: RequestDoc;
  success: SuccessDoc;
  errors: ErrorDoc[];
  /** Response headers of the success response. */
  successHeaders?: Record<string, string>;
}

export const TAGS = [
  { name: 'Akun', description: 'Registration, login, password reset, account verification, token check.' },
  { name: 'Desa wisata', description: 'Tourism villages.' },
  { name: 'Deskripsi wisata', description: 'Tourism descriptions and their items (attractions, lodging, packages, souvenirs), uploads.' },
  { name: 'Deskripsi desa', description: 'Village descriptions with their gallery.' },
  { name: 'Permintaan', description: 'Village registration requests.' },
  { name: 'Status desa', description: 'Operating statuses of villages.' },
  { name: 'Skor', description: 'Village scores and categories.' },
  { name: 'Pengguna', description: 'The user list.' },
  { name: 'Dokumentasi', description: 'This document and its viewer.' },
] as const;

/** Descriptions of the path parameters, by name. */
export const PATH_PARAMS: Record<string, string> = {
  kd_desa: 'Village code (`DESA-…`)',
  kd_permintaan: 'Request code (`REQ-…`)',
  kd_status: 'Village status code (`STAT-…`)',
  email: 'E-mail address (URL-encoded)',
  slug: 'Village slug',
  asset: 'File name of a Swagger UI asset',
};

const e = (status: number, message: string, when: string, suffix?: string): ErrorDoc => ({
  status,
  message,
  when,
  ...(suffix ? { suffix } : {}),
});

const badJson = e(400, MSG.invalidJson, 'The body is not valid JSON');
const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** What parsing a multipart/form-data (or JSON) body with image files can answer. */
function formErrors(maxFiles: number, perField: number): ErrorDoc[] {
  return [
    e(400, MSG.multipartInvalid, 'The multipart body cannot be parsed'),
    e(400, MSG.fileFieldUnknown, 'A file comes in a field the route does not take', ': <field>'),
    e(400, MSG.tooManyFiles, `More than ${maxFiles} files in the request`, ` (maksimal ${maxFiles})`),
    e(400, MSG.tooManyFilesInField, `More than ${perField} files in one field`, ` <field> (maksimal ${perField})`),
    e(400, MSG.tooManyFields, 'Too many non-file fields'),
    e(400, MSG.imageTypeInvalid, 'A file is not a JPEG, PNG or WebP image (checked by its bytes)'),
    e(413, MSG.fileTooLarge, `A file is larger than ${mb(IMAGE_MAX_BYTES)}`),
    e(413, MSG.fieldTooLarge, 'A text field is too large'),
    e(413, MSG.payloadTooLarge, 'The request body exceeds the Lambda payload ceiling'),
    e(415, MSG.unsupportedMediaType, 'The Content-Type is neither multipart/form-data nor application/json'),
  ];
}

/** Errors of a description form: the `data` field, and images referenced by URL. */
const dataErrors = (invalid: string): ErrorDoc[] => [
  e(400, MSG.dataJsonInvalid, 'The `data` field (or the JSON body) is missing or not a JSON object'),
  e(400, invalid, 'A field of `data` is invalid; the offending fields are named', ': <fields>'),
  e(413, MSG.itemTooLarge, 'The description would exceed the 400 KB DynamoDB stores per item'),
];
const itemImageErrors: ErrorDoc[] = [
  e(400, MSG.tooManyFilesForItems, "More files in a category field than that category's items take", ': <category>'),
  e(
    400,
    MSG.imageUrlInvalid,
    "An item's `gambar` lists a URL that, in its canonical form, is none of: an image the description lists, the caller's upload, an image of this village's descriptions (now or before)",
  ),
  e(400, MSG.imageNotFound, "An item's `gambar` lists an image that no longer exists (or that the orphan sweep is deleting)"),
  e(400, MSG.tooManyImageChanges, 'More than 90 earlier images newly listed in one request'),
];

const ownVillage = [
  e(403, MSG.villageOwnerOnly, 'The village belongs to another pengelola'),
  e(404, MSG.villageNotFound, 'No village with this code'),
];
const busy = e(409, MSG.tourismDescriptionBusy, 'Concurrent changes kept colliding (retried inside the service first)');
const villageBusy = e(409, MSG.villageBusy, 'Concurrent changes of the village kept colliding (retried inside the service first)');

const CATEGORY_FILES: FileFieldDoc[] = CATEGORIES.map((c) => ({
  field: `${c}[]`,
  description: `Images for the new ${c} items, in order: each item takes \`jumlah_gambar\` files (default 1 for a new item).`,
  maxFiles: TOURISM_FORM_LIMITS.filesPerField,
}));
const GALLERY_FILES: FileFieldDoc[] = [
  { field: 'galeri_gambar[]', description: 'Gallery images, appended in order.', maxFiles: VILLAGE_DESCRIPTION_FORM_LIMITS.filesPerField },
];

const tourismExample = {
  kd_desa: 'DESA-a1B2c3D4e5',
  penjelasan_umum: 'Desa wisata di lereng Merapi dengan budaya Jawa yang masih terjaga.',
  fasilitas: 'Parkir, toilet, mushola, homestay',
  dokumentasi_desa: '',
  atraksi: [{ nama_atraksi: 'Jeep lava tour', kategori_atraksi: 'Alam' }],
  penginapan: [{ nama_penginapan: 'Homestay Pak Darmo', harga_penginapan: 250000 }],
  paket_wisata: [{ nama_paket_wisata: 'Paket live-in 2 hari', harga_paket_wisata: 650000 }],
  suvenir: [{ nama_suvenir: 'Batik tulis', harga_suvenir: 175000 }],
};
const villageDescriptionExample = {
  kd_desa: 'DESA-a1B2c3D4e5',
  lokasi_desa: 'Umbulharjo, Cangkringan, Sleman',
  deskripsi_desa: 'Desa di lereng Merapi dengan sawah, sungai dan tradisi Jawa.',
  fasilitas_desa: ['Parkir', 'Homestay', 'Pemandu'],
  url_video: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
  jenis_desa: 'Alam',
  latitude: -7.6079,
  longitude: 110.4467,
};
const { kd_desa: _kd, ...villageDescriptionUpdateExample } = villageDescriptionExample;
void _kd;
const villageExample = {
  provinsi: 'Daerah Istimewa Yogyakarta',
  kabupaten: 'Sleman',
  nama_desa: 'Pentingsari',
  nama_popular: 'Desa Wisata Pentingsari',
  alamat: 'Umbulharjo, Cangkringan',
  pengelola: 'Doto Yogantoro',
  nomor_telepon: '+62 812-2700-1234',
  email: 'pengelola@desawisata.local',
};
const scoreExample = {
  partisipasi_masyarakat: 85,
  keragaman_paket_wisata: 80,
  akses_tempat_wisata: 75,
  keramahan_difabel: 60,
  fasilitas_tempat_wisata: 82,
  produk_tempat_wisata: 90,
};

/** `?page=&limit=` query parameters with their descriptions. */
const pagingQuery = (page: string, limit: string, limitExample: string) =>
  z.object({
    page: z
      .string()
      .regex(/^\d+$/)
      .optional()
      .meta({ description: page, examples: ['1'] }),
    limit: z
      .string()
      .regex(/^\d+$/)
      .optional()
      .meta({ description: limit, examples: [limitExample] }),
  });
const pagingInvalid = e(400, MSG.paginationInvalid, 'page or limit is not a positive integer in range');

/** The optional `?page=&limit=` of the whole-table lists (lib/contract/validation.ts `listPage`). */
const listPaging = {
  query: pagingQuery(
    'Optional page, from 1; with page or limit the answer is one page plus `pagination`',
    'Optional page size, 1 to 1000 (default 100 when paging)',
    '100',
  ),
  errors: [pagingInvalid],
};

const ok = (schema: z.ZodType, description = 'Success'): SuccessDoc => ({ status: 200, description, schema });
const createdDoc = (schema: z.ZodType, description = 'Created'): SuccessDoc => ({ status: 201, description, schema });
const done = (text: string) => ok(R.success({ message: R.message(text) }));

/** Routes whose domain refuses a caller who does not own the village the request names (they list that 403). */
export const ownerOnly = (route: RouteKey): boolean =>
  route !== 'ANY /{proxy+}' && (ROUTE_DOCS[route].errors?.some((e) => e.message === MSG.villageOwnerOnly) ?? false);

export const ROUTE_DOCS: Record<DocumentedRoute, RouteDoc> = {
  // ---------------------------------------------------------------- accounts
  'POST /auth/register': {
    tag: 'Akun',
    summary: 'Register an account (pengelola or dinas)',
    description: 'New accounts are unverified until an admin verifies them. `fullName` or `full_name` is required. Admins cannot sign up.',
    request: {
      kind: 'json',
      schema: registerSchema,
      example: {
        username: 'pengelola_merapi',
        fullName: 'Siti Rahayu',
        email: 'siti@example.com',
        password: 'rahasia-123',
        role: 'pengelola',
      },
    },
    success: createdDoc(R.success({ message: R.message(MSG.registerSuccess), data: z.object({ id: z.number().int() }) })),
    errors: [
      badJson,
      e(400, MSG.registerInvalid, 'A field is missing or invalid'),
      e(409, MSG.emailTaken, 'The e-mail is already registered'),
      e(409, MSG.usernameTaken, 'The username is taken (case-insensitive)'),
    ],
  },
  'POST /auth/login': {
    tag: 'Akun',
    summary: 'Log in and receive a bearer token',
    description:
      'The token (HS256 JWT, 24 h) is given at the top level and in `data`. Five failed logins for one e-mail within 15 minutes lock it for 15 minutes.',
    request: {
      kind: 'json',
      schema: z.object({ email: z.string().meta({ format: 'email' }), password: z.string() }),
      example: { email: 'admin@desawisata.local', password: 'desawisata-demo' },
    },
    success: ok(
      R.success({ message: R.message(MSG.loginSuccess), token: z.string(), data: z.object({ user: R.PublicUser, token: z.string() }) }),
    ),
    errors: [
      badJson,
      e(400, MSG.loginMissing, 'email or password is missing'),
      e(401, MSG.loginFailed, 'Unknown e-mail or wrong password'),
      e(403, MSG.accountUnverified, 'Right password, but the account is not verified yet'),
      e(429, MSG.loginThrottled, 'Too many failed logins for this e-mail (see Retry-After)'),
    ],
  },
  'POST /auth/password': {
    tag: 'Akun',
    summary: 'Request a password reset code by e-mail',
    description: 'Sends a 6-digit code, valid 5 minutes; at most one new code per minute per e-mail.',
    request: { kind: 'json', schema: z.object({ email: z.string().meta({ format: 'email' }) }), example: { email: 'siti@example.com' } },
    success: done(MSG.resetCodeSent),
    errors: [
      badJson,
      e(400, MSG.emailRequired, 'email is missing'),
      e(404, MSG.emailNotFound, 'No account with this e-mail'),
      e(429, MSG.resetCodeTooSoon, 'A code was sent less than a minute ago (see Retry-After)'),
      e(500, MSG.mailFailed, 'The mail could not be sent (no code is left behind)'),
    ],
  },
  'POST /auth/password/verify': {
    tag: 'Akun',
    summary: 'Check a reset code',
    request: {
      kind: 'json',
      schema: z.object({ email: z.string().meta({ format: 'email' }), resetCode: z.string().regex(/^\d{6}$/) }),
      example: { email: 'siti@example.com', resetCode: '123456' },
    },
    success: done(MSG.resetCodeValid),
    errors: [
      badJson,
      e(400, MSG.resetVerifyMissing, 'email or resetCode is missing'),
      e(400, MSG.resetCodeWrong, 'Wrong, expired, used-up or unknown code (5 tries per code)'),
    ],
  },
  'PUT /auth/password': {
    tag: 'Akun',
    summary: 'Set a new password with a reset code',
    description: 'Checked in this order: all fields present, passwords equal, password length, code.',
    request: {
      kind: 'json',
      schema: z.object({
        email: z.string().meta({ format: 'email' }),
        resetCode: z.string(),
        newPassword: z.string().min(8).max(128),
        confirmPassword: z.string(),
      }),
      example: { email: 'siti@example.com', resetCode: '123456', newPassword: 'rahasia-baru-123', confirmPassword: 'rahasia-baru-123' },
    },
    success: done(MSG.passwordResetSuccess),
    errors: [
      badJson,
      e(400, MSG.resetAllFieldsRequired, 'A field is missing'),
      e(400, MSG.resetPasswordMismatch, 'newPassword and confirmPassword differ'),
      e(400, MSG.passwordLength, 'The new password is shorter than 8 or longer than 128 characters'),
      e(400, MSG.resetCodeInvalidOrExpired, 'Wrong, expired, used-up or unknown code'),
    ],
  },
  'PUT /auth/verify/{email}': {
    tag: 'Akun',
    summary: 'Verify an account (admin)',
    description: 'Idempotent; mails the user each time.',
    success: done(MSG.accountVerified),
    errors: [
      e(404, MSG.userNotFound, 'No account with this e-mail'),
      e(500, MSG.mailFailed, 'The account is verified but the mail could not be sent'),
    ],
  },
  'GET /auth/me': {
    tag: 'Akun',
    summary: "The token owner's account",
    success: ok(R.success({ user: R.PublicUser.omit({ full_name: true }) })),
    errors: [],
  },

  // ---------------------------------------------------------------- villages
  'GET /api/desa-wisata': {
    tag: 'Desa wisata',
    summary: 'All villages with their newest request and the owner’s verification',
    success: ok(R.success({ data: z.array(R.VillageListItem) })),
    query: listPaging.query,
    errors: listPaging.errors,
  },
  'GET /api/desa-wisata/details': {
    tag: 'Desa wisata',
    summary: 'All villages, card view (cover image, region, popular name, slug)',
    success: ok(R.success({ data: z.array(R.VillageDetails) })),
    query: listPaging.query.extend({
      byJenis: z
        .string()
        .optional()
        .meta({ description: 'Web-app dialect: `true` adds `jenis_desa` (lower-case kinds) to each item', examples: ['true'] }),
    }),
    errors: listPaging.errors,
  },
  'GET /api/desa-wisata/{kd_desa}': {
    tag: 'Desa wisata',
    summary: 'One village by code',
    success: ok(R.success({ data: R.Village })),
    errors: [e(404, MSG.villageNotFound, 'No village with this code')],
  },
  'GET /api/desa-wisata/email/{email}': {
    tag: 'Desa wisata',
    summary: 'The villages of a manager e-mail',
    description: 'An e-mail without villages gives `data: []`.',
    success: ok(R.success({ data: z.array(R.Village) })),
    errors: [],
  },
  'GET /api/desa-wisata/slug/{slug}': {
    tag: 'Desa wisata',
    summary: 'One village by slug',
    success: ok(R.success({ data: R.Village })),
    errors: [e(404, MSG.villageNotFound, 'No village with this slug')],
  },
  'POST /api/desa-wisata': {
    tag: 'Desa wisata',
    summary: 'Create a village (also creates its request, status `diproses`)',
    description:
      'With a token: the caller must be the pengelola whose e-mail the body names. Without a token (the sign-up flow): allowed once for an unverified pengelola account that owns no village, within the sign-up window after its registration, and only from the source address (client IP) that registered it. `kd_desa` and `slug` are assigned by the service.',
    request: { kind: 'json', schema: villageSchema, example: villageExample },
    success: ok(R.success({ message: R.message(MSG.villageCreated), data: z.object({ kd_desa: z.string(), slug: z.string() }) })),
    errors: [
      badJson,
      e(400, MSG.villageInvalid, 'A field is missing or invalid', ': <fields>'),
      e(400, MSG.emailNotRegistered, 'No account has the e-mail the body names'),
      e(
        401,
        MSG.tokenMissing,
        'No token, and the account is verified, not a pengelola, already owns a village, past its sign-up window, or registered from another address',
      ),
      e(403, MSG.pengelolaOnlyVillage, 'The token is not a pengelola’s'),
      e(403, MSG.villageOwnerOnly, 'The body names another pengelola’s e-mail'),
      e(409, MSG.villageCodeTaken, 'Three freshly drawn village codes all collided'),
    ],
  },
  'PUT /api/desa-wisata/{kd_desa}': {
    tag: 'Desa wisata',
    summary: 'Replace a village’s eight fields',
    description:
      'The slug is recomputed when `nama_popular` changes. Another e-mail hands the village over: only to a verified pengelola, without an acceptance step; both managers are mailed.',
    request: { kind: 'json', schema: villageSchema, example: villageExample },
    success: ok(R.success({ message: R.message(MSG.villageUpdated), data: z.object({ kd_desa: z.string(), slug: z.string() }) })),
    errors: [
      badJson,
      e(400, MSG.villageInvalid, 'A field is missing or invalid', ': <fields>'),
      e(400, MSG.emailNotRegistered, 'The new e-mail is not registered'),
      e(400, MSG.villageOwnerNotPengelola, 'The new e-mail belongs to a dinas or admin account'),
      e(400, MSG.villageHandoverUnverified, 'The new e-mail belongs to a pengelola account that is not verified yet'),
      ...ownVillage,
      villageBusy,
    ],
  },
  'DELETE /api/desa-wisata/{kd_desa}': {
    tag: 'Desa wisata',
    summary: 'Delete a village with everything that belongs to it',
    description:
      'Removes its requests, statuses, score and both descriptions; the images stored with its descriptions go at once, uploads they listed with the daily sweep.',
    success: done(MSG.villageDeleted),
    errors: [...ownVillage, villageBusy],
  },

  // ---------------------------------------------------------------- tourism descriptions
  'POST /api/deskripsi-wisata': {
    tag: 'Deskripsi wisata',
    summary: 'Create the tourism description of a village',
    description: 'Text fields default to `""`, categories to `[]`. Items get integer ids. A category may also be sent as JSON text.',
    request: { kind: 'form', schema: createTourismSchema, files: CATEGORY_FILES, example: tourismExample },
    success: createdDoc(R.success({ message: R.message(MSG.tourismDescriptionCreated), data: R.TourismDescription })),
    errors: [
      ...formErrors(TOURISM_FORM_LIMITS.files, TOURISM_FORM_LIMITS.filesPerField),
      ...dataErrors(MSG.tourismDescriptionInvalid),
      ...itemImageErrors,
      ...ownVillage,
      e(409, MSG.tourismDescriptionExists, 'The village already has one'),
    ],
  },
  'GET /api/deskripsi-wisata': {
    tag: 'Deskripsi wisata',
    summary: 'Tourism descriptions, a page at a time (oldest first)',
    query: pagingQuery('Page, from 1 (default 1)', 'Page size, 1 to 100 (default 10)', '10'),
    success: ok(R.success({ data: z.array(R.TourismDescription), pagination: R.Pagination })),
    errors: [pagingInvalid],
  },
  'GET /api/deskripsi-wisata/{kd_desa}': {
    tag: 'Deskripsi wisata',
    summary: 'The tourism description of a village',
    success: ok(R.success({ data: R.TourismDescription })),
    errors: [e(404, MSG.tourismDescriptionNotFound, 'The village has no tourism description')],
  },
  'PUT /api/deskripsi-wisata/{kd_desa}': {
    tag: 'Deskripsi wisata',
    summary: 'Change a tourism description',
    description:
      'Text fields given are replaced. Each category given is replaced: items with a known `id` keep it (and their images unless `gambar` lists which to keep), others are new. Categories not given stay.',
    request: {
      kind: 'form',
      schema: updateTourismSchema,
      files: CATEGORY_FILES,
      example: { penjelasan_umum: 'Teks baru', atraksi: [{ id: 1, nama_atraksi: 'Jeep lava tour', kategori_atraksi: 'Alam' }] },
    },
    success: ok(R.success({ message: R.message(MSG.tourismDescriptionUpdated), data: R.TourismDescription })),
    errors: [
      ...formErrors(TOURISM_FORM_LIMITS.files, TOURISM_FORM_LIMITS.filesPerField),
      ...dataErrors(MSG.tourismDescriptionInvalid),
      ...itemImageErrors,
      e(400, MSG.itemIdDuplicate, 'Two items of one category carry the same `id`', ': <category>'),
      ...ownVillage,
      e(404, MSG.tourismDescriptionNotFound, 'The village has no tourism description'),
      busy,
    ],
  },
  'DELETE /api/deskripsi-wisata/{kd_desa}': {
    tag: 'Deskripsi wisata',
    summary: 'Delete a tourism description (its images are released; the daily sweep removes them a day later)',
    success: done(MSG.tourismDescriptionDeleted),
    errors: [...ownVillage, e(404, MSG.tourismDescriptionNotFound, 'The village has no tourism description'), busy],
  },
  'PATCH /api/deskripsi-wisata/{kd_desa}': {
    tag: 'Deskripsi wisata',
    summary: 'Append items (with images) to categories',
    description: 'Existing items are kept; new items get new integer ids. Concurrent appends all land. At most 100 items per category.',
    request: {
      kind: 'form',
      schema: patchTourismSchema,
      files: CATEGORY_FILES,
      example: { atraksi: [{ nama_atraksi: 'Tubing Sungai Gendol', kategori_atraksi: 'Alam' }] },
    },
    success: ok(
      R.success({
        message: R.message(MSG.tourismItemsAdded),
        data: z
          .object({ kd_desa: z.string(), ...Object.fromEntries(CATEGORIES.map((c) => [c, R.TourismDescription.shape[c].optional()])) })
          .meta({
            description: 'Only the affected categories, as JSON text arrays',
          }),
      }),
    ),
    errors: [
      ...formErrors(TOURISM_FORM_LIMITS.files, TOURISM_FORM_LIMITS.filesPerField),
      ...dataErrors(MSG.tourismDescriptionInvalid),
      ...itemImageErrors,
      ...ownVillage,
      e(404, MSG.tourismDescriptionNotFound, 'The village has no tourism description'),
      busy,
    ],
  },
  'PATCH /api/deskripsi-wisata/{kd_desa}/remove-item': {
    tag: 'Deskripsi wisata',
    summary: 'Remove one item (and its images)',
    request: {
      kind: 'json',
      // The handler checks entity_type against the four categories itself (own messages).
      schema: removeItemSchema.extend({ entity_type: z.enum(CATEGORIES), item_id: z.number().int() }),
      example: { entity_type: 'atraksi', item_id: 1 },
    },
    success: ok(
      R.success({
        message: R.message(MSG.tourismItemRemoved),
        data: z
          .object({ kd_desa: z.string(), ...Object.fromEntries(CATEGORIES.map((c) => [c, R.TourismDescription.shape[c].optional()])) })
          .meta({
            description: 'The affected category without the removed item, as JSON text',
          }),
      }),
    ),
    errors: [
      badJson,
      e(400, MSG.entityTypeItemIdRequired, 'entity_type or item_id is missing'),
      e(400, MSG.entityTypeInvalid, 'entity_type is not one of the four categories'),
      e(400, MSG.itemIdInvalid, 'item_id is not a positive integer'),
      e(404, MSG.itemNotFound, 'No item with this id in the category'),
      ...ownVillage,
      e(404, MSG.tourismDescriptionNotFound, 'The village has no tourism description'),
      busy,
    ],
  },
  'POST /api/upload/gambar': {
    tag: 'Deskripsi wisata',
    summary: 'Upload one image for later use in a description item',
    description:
      'Refer to the returned URL in an item’s `gambar`; the item keeps this URL. Uploads no record refers to are removed by the daily sweep once a day old.',
    request: { kind: 'file', field: 'file', description: `One JPEG, PNG or WebP image, at most ${mb(IMAGE_MAX_BYTES)}` },
    success: ok(R.success({ url: z.string().meta({ format: 'uri' }) })),
    errors: [
      e(400, MSG.noFileUploaded, 'No file (or an empty one) in field `file`'),
      e(400, MSG.multipartInvalid, 'The multipart body cannot be parsed'),
      e(400, MSG.fileFieldUnknown, 'A file comes in a field other than `file`', ': <field>'),
      e(400, MSG.tooManyFiles, 'More than one file', ' (maksimal 1)'),
      e(400, MSG.tooManyFields, 'Too many non-file fields'),
      e(400, MSG.imageTypeInvalid, 'The file is not a JPEG, PNG or WebP image (checked by its bytes)'),
      e(413, MSG.fileTooLarge, `The file is larger than ${mb(IMAGE_MAX_BYTES)}`),
      e(413, MSG.fieldTooLarge, 'A text field is too large'),
      e(413, MSG.payloadTooLarge, 'The request body exceeds the Lambda payload ceiling'),
      e(415, MSG.unsupportedMediaType, 'A body that is not multipart/form-data'),
    ],
  },
  'GET /api/atraksi-wisata': {
    tag: 'Deskripsi wisata',
    summary: 'Up to 8 random attractions that have an image (home page)',
    success: ok(R.success({ data: z.array(R.Attraction).max(8) })),
    errors: [],
  },

  // ---------------------------------------------------------------- requests
  'GET /api/permintaan': {
    tag: 'Permintaan',
    summary: 'All requests with requester and village names',
    success: ok(R.success({ data: z.array(R.Request) })),
    errors: [],
  },
  'GET /api/permintaan/{kd_permintaan}': {
    tag: 'Permintaan',
    summary: 'One request',
    success: ok(R.success({ data: R.Request })),
    errors: [e(404, MSG.requestNotFound, 'No request with this code')],
  },
  'POST /api/permintaan': {
    tag: 'Permintaan',
    summary: 'File a request for a village the caller owns',
    request: { kind: 'json', schema: createRequestSchema, example: { kd_desa: 'DESA-a1B2c3D4e5', status_permintaan: 'diproses' } },
    success: createdDoc(R.success({ message: R.message(MSG.requestCreated), data: z.object({ kd_permintaan: z.string() }) })),
    errors: [e(400, MSG.requestInvalid, 'The body is not JSON, or a field is missing or invalid'), ...ownVillage],
  },
  'PUT /api/permintaan/{kd_permintaan}': {
    tag: 'Permintaan',
    summary: 'Set the status of a request',
    description: 'Any status may follow any other. Open for now, as the contract says ("temporarily open").',
    request: { kind: 'json', schema: updateRequestSchema, example: { status_permintaan: 'diterima' } },
    success: done(MSG.requestUpdated),
    errors: [
      e(400, MSG.requestInvalid, 'The body is not JSON, or status_permintaan is missing or invalid'),
      e(404, MSG.requestNotFound, 'No request with this code'),
    ],
  },
  'DELETE /api/permintaan/{kd_permintaan}': {
    tag: 'Permintaan',
    summary: 'Delete a request',
    description: 'Open for now, as the contract says ("temporarily open").',
    success: done(MSG.requestDeleted),
    errors: [e(404, MSG.requestNotFound, 'No request with this code')],
  },

  // ---------------------------------------------------------------- village statuses
  'GET /api/status-desa': {
    tag: 'Status desa',
    summary: 'All village statuses',
    success: ok(R.success({ data: z.array(R.VillageStatus) })),
    query: listPaging.query,
    errors: listPaging.errors,
  },
  'GET /api/status-desa/{kd_status}': {
    tag: 'Status desa',
    summary: 'One village status',
    success: ok(R.success({ data: R.VillageStatus })),
    errors: [e(404, MSG.villageStatusNotFound, 'No status with this code')],
  },
  'POST /api/status-desa': {
    tag: 'Status desa',
    summary: 'Add a status to a village',
    request: {
      kind: 'json',
      schema: createStatusSchema,
      example: { kd_desa: 'DESA-a1B2c3D4e5', status: 'aktif', keterangan: 'Beroperasi normal' },
    },
    success: createdDoc(R.success({ message: R.message(MSG.villageStatusCreated), data: z.object({ kd_status: z.string() }) })),
    errors: [
      badJson,
      e(400, MSG.villageStatusInvalid, 'A field is missing or invalid', ': <fields>'),
      e(404, MSG.villageNotFound, 'No village with this code'),
    ],
  },
  'PUT /api/status-desa/{kd_status}': {
    tag: 'Status desa',
    summary: 'Change a village status',
    request: { kind: 'json', schema: updateStatusSchema, example: { status: 'nonaktif', keterangan: 'Tutup sementara' } },
    success: done(MSG.villageStatusUpdated),
    errors: [
      badJson,
      e(400, MSG.villageStatusInvalid, 'A field is missing or invalid', ': <fields>'),
      e(404, MSG.villageStatusNotFound, 'No status with this code'),
    ],
  },
  'DELETE /api/status-desa/{kd_status}': {
    tag: 'Status desa',
    summary: 'Delete a village status',
    success: done(MSG.villageStatusDeleted),
    errors: [e(404, MSG.villageStatusNotFound, 'No status with this code')],
  },

  // ---------------------------------------------------------------- village descriptions
  'GET /api/deskripsi-desa/{kd_desa}': {
    tag: 'Deskripsi desa',
    summary: 'The village description of a village',
    success: ok(R.success({ data: R.VillageDescription })),
    errors: [e(404, MSG.villageDescriptionNotFound, 'The village has no description')],
  },
  'POST /api/deskripsi-desa': {
    tag: 'Deskripsi desa',
    summary: 'Create a village description with its gallery',
    description:
      '`fasilitas_desa` and `url_video` may be arrays or JSON text; `url_video` entries must be http(s) URLs. The first gallery image becomes the village’s `gambar_cover`.',
    request: { kind: 'form', schema: createVillageDescriptionSchema, files: GALLERY_FILES, example: villageDescriptionExample },
    success: createdDoc(
      R.success({
        message: R.message(MSG.villageDescriptionCreated),
        data: z.object({ kd_desa: z.string(), galeri_gambar: z.array(z.string()) }),
      }),
    ),
    errors: [
      ...formErrors(VILLAGE_DESCRIPTION_FORM_LIMITS.files, VILLAGE_DESCRIPTION_FORM_LIMITS.filesPerField),
      ...dataErrors(MSG.villageDescriptionInvalid),
      e(400, MSG.villageCodeUnknown, 'kd_desa is not an existing village'),
      e(403, MSG.villageOwnerOnly, 'The village belongs to another pengelola'),
      e(404, MSG.villageNotFound, 'The village was deleted meanwhile'),
      e(409, MSG.villageDescriptionExists, 'The village already has one'),
    ],
  },
  'PUT /api/deskripsi-desa/{kd_desa}': {
    tag: 'Deskripsi desa',
    summary: 'Replace a village description; keep, reorder or drop gallery images',
    description:
      'Without `keep_gallery_images` the whole gallery stays. With it, exactly the listed URLs that are in the gallery stay, in the order listed, followed by the new uploads; dropped images are released (the daily sweep removes them a day later).',
    request: {
      kind: 'form',
      schema: updateVillageDescriptionSchema,
      files: GALLERY_FILES,
      example: { ...villageDescriptionUpdateExample, keep_gallery_images: [] },
    },
    success: ok(
      R.success({
        message: R.message(MSG.villageDescriptionUpdated),
        data: z.object({ kd_desa: z.string(), lokasi_desa: z.string(), galeri_gambar: z.array(z.string()) }),
      }),
    ),
    errors: [
      ...formErrors(VILLAGE_DESCRIPTION_FORM_LIMITS.files, VILLAGE_DESCRIPTION_FORM_LIMITS.filesPerField),
      ...dataErrors(MSG.villageDescriptionInvalid),
      e(403, MSG.villageOwnerOnly, 'The village belongs to another pengelola'),
      e(404, MSG.villageDescriptionNotFound, 'No village, or the village has no description'),
      e(404, MSG.villageNotFound, 'The village was deleted meanwhile'),
    ],
  },
  'DELETE /api/deskripsi-desa/{kd_desa}': {
    tag: 'Deskripsi desa',
    summary: 'Delete a village description and its gallery',
    success: done(MSG.villageDescriptionDeleted),
    errors: [
      e(403, MSG.villageOwnerOnly, 'The village belongs to another pengelola'),
      e(404, MSG.villageDescriptionNotFound, 'No village, or the village has no description'),
    ],
  },

  // ---------------------------------------------------------------- scores
  'GET /api/skor': {
    tag: 'Skor',
    summary: 'Scores of every village, scored or not',
    success: ok(R.success({ data: z.array(R.ScoreListItem) })),
    query: listPaging.query,
    errors: listPaging.errors,
  },
  'GET /api/skor/{kd_desa}': {
    tag: 'Skor',
    summary: 'The score of a village',
    success: ok(R.success({ data: R.ScoreDetail })),
    errors: [e(404, MSG.scoreNotFound, 'The village has no score')],
  },
  'POST /api/skor': {
    tag: 'Skor',
    summary: 'Score a village',
    description:
      'Each of the six values is a JSON number from 1 to 100 (numeric strings are refused). Total, average and category are computed.',
    request: {
      kind: 'json',
      schema: scoreValuesSchema.extend({ kd_desa: z.string().min(1) }),
      example: { kd_desa: 'DESA-a1B2c3D4e5', ...scoreExample },
    },
    success: createdDoc(R.ScoreResponse),
    errors: [
      badJson,
      e(400, MSG.scoreVillageCodeMissing, 'kd_desa is missing'),
      e(400, MSG.scoreInvalid, 'A value is missing, not a number, or outside 1–100'),
      e(404, MSG.scoreVillageNotFound, 'No village with this code'),
      e(409, MSG.scoreExists, 'The village already has a score'),
    ],
  },
  'PUT /api/skor/{kd_desa}': {
    tag: 'Skor',
    summary: 'Change the score of a village',
    request: { kind: 'json', schema: scoreValuesSchema, example: scoreExample },
    success: ok(R.ScoreResponse),
    errors: [
      badJson,
      e(400, MSG.scoreInvalid, 'A value is missing, not a number, or outside 1–100'),
      e(404, MSG.scoreVillageNotFound, 'No village with this code'),
      e(404, MSG.scoreNotFound, 'The village has no score yet (use POST)'),
    ],
  },

  // ---------------------------------------------------------------- users
  'GET /api/users': {
    tag: 'Pengguna',
    summary: 'The user list',
    description:
      'With `includeDesa=true` there is one row per (user, village) pair; users without a village are left out. Open for now, as the contract says ("temporarily open").',
    query: z.object({
      includeDesa: z.enum(['true', 'false', '1', '0']).optional().meta({ description: 'Add `nama_desa` (default false)' }),
    }),
    success: ok(R.success({ data: z.array(R.UserListItem) })),
    errors: [e(400, MSG.includeDesaInvalid, 'includeDesa is not true/false/1/0')],
  },

  // ---------------------------------------------------------------- documentation
  'GET /openapi.json': {
    tag: 'Dokumentasi',
    summary: 'This OpenAPI 3.1 document',
    description: 'Generated from the code: the route table, the zod request schemas and the message texts.',
    success: { status: 200, description: 'The OpenAPI document', schema: z.object({ openapi: z.string() }).loose() },
    errors: [],
  },
  'GET /docs': {
    tag: 'Dokumentasi',
    summary: 'Swagger UI for this document',
    description: 'An HTML page; its scripts and styles come from this API (`GET /docs/{asset}`), not from a CDN.',
    success: { status: 200, description: 'HTML page', schema: z.string(), contentType: 'text/html' },
    errors: [],
  },
  'GET /docs/{asset}': {
    tag: 'Dokumentasi',
    summary: 'A Swagger UI script or stylesheet',
    description: 'One of `swagger-ui-bundle.js`, `swagger-ui.css`, `init.js`.',
    success: { status: 200, description: 'JavaScript or CSS', schema: z.string(), contentType: 'text/javascript' },
    errors: [e(404, MSG.notFoundRoute, 'Not one of the served files')],
  },
};
