import { MSG } from './contract/messages';
import type { ListKind } from './contract/lists';
import type { Role } from './contract/roles';

/**
 * The route table: every HTTP route of the service, declared once. From it come the
 * serverless functions (`serverlessFunctions()`, read by serverless.yml through
 * scripts/serverless-functions.cjs), the access rules the handler wrapper enforces
 * (lib/auth/access-rules.ts) and the OpenAPI paths (lib/openapi/document.ts). Adding a
 * route is one line here plus its handler file (`functions/<handler>.ts`, which wraps its
 * function with `route(…)` and names no route: the wrapper finds each event's route here,
 * lib/http/handler.ts `routeOf`) and its entry in the OpenAPI catalogue (a type error
 * until it is there).
 *
 * Access rules:
 * - `public`: no token needed (a token, if sent, is ignored).
 * - `optional`: the handler decides; a valid token, if sent, is read (POST /api/desa-wisata),
 *   and with `roles` it must be of those roles (403 `forbidden` otherwise).
 * - `token`: any valid token of an existing user; with `roles`, only those roles, else
 *   403 with `forbidden`.
 * Ownership of the village a request names is a rule of the domain (lib/domain), not
 * of this table: the routes whose domain refuses other managers list that 403 in their
 * OpenAPI entry, and the documented access and the access-matrix test come from there
 * (`ownerOnly` in lib/openapi/catalogue/index.ts).
 *
 * Missing token → 401 "Akses ditolak. Token tidak ditemukan."; a malformed, badly signed,
 * expired token or one of a deleted user → 401 "Token tidak valid atau sudah kadaluarsa".
 * Routes the contract calls "temporarily open" can be closed with ACCESS_OVERRIDES.
 *
 * `webApp`: the same function also serves this path, for the existing web app (the
 * web-app dialect, lib/web-app/): same access rule, same bodies.
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'optional'; roles?: readonly Role[]; forbidden?: string }
  | { kind: 'token'; roles?: readonly Role[]; forbidden?: string };

export const PUBLIC: AccessRule = { kind: 'public' };
export const ANY_TOKEN: AccessRule = { kind: 'token' };
export const role = (roles: Role | Role[], forbidden: string): AccessRule => ({
  kind: 'token',
  roles: Array.isArray(roles) ? roles : [roles],
  forbidden,
});

export interface RouteSpec {
  /** The serverless function's name. */
  fn: string;
  /** The handler file below functions/, without `.ts`; it exports `handler`. */
  handler: string;
  access: AccessRule;
  /** A second path of the same route, the one the existing web app calls. */
  webApp?: string;
  /** Files the function reads from disk at run time (shipped in its zip). */
  files?: readonly string[];
  /**
   * For a public list: the kinds of data it is built from. A repeat read (If-None-Match)
   * then costs one small read of their versions instead of the list (lib/http/caching.ts).
   */
  reads?: readonly ListKind[];
  /** Its answer is small (one Query): read it together with the versions (one round trip), not after them. */
  small?: boolean;
  /** A function that needs more than the defaults (serverless.yml provider: 15 s, 1024 MB). */
  timeout?: number;
  memorySize?: number;
  /**
   * It stores images (lib/domain/image-processing.ts): sharp's native linux-x64 binary is
   * packaged with it, so it runs on x86_64, with IMAGE_FUNCTION_MEMORY_MB unless memorySize says otherwise.
   */
  storesImages?: true;
  /**
   * What the route reads first about the village in its path (`kd_desa`): read in the
   * same round trip as the caller's user item (lib/db/read-ahead.ts).
   */
  readAhead?: readonly ReadAheadKind[];
  /** AWS rights its function needs beyond those `routeNeeds` derives (its IAM role). */
  needs?: readonly Need[];
  /**
   * The API document, its page or an asset of it: the browser loads it from this origin without
   * custom headers, so no CORS preflight (OPTIONS method) is declared for it (each one is a
   * stack resource; CloudFormation allows 500).
   */
  sameOrigin?: true;
}

/**
 * An AWS right of a function: its IAM role holds exactly the rights it needs
 * (scripts/serverless-roles.ts). The table's items: `read` (GetItem, BatchGetItem, Query),
 * `write` (PutItem, UpdateItem, DeleteItem, ConditionCheckItem: transactions too),
 * `batchWrite` (BatchWriteItem), `idempotency` (Idempotency-Key records only,
 * lib/db/idempotency.ts); a query of an index: `GSI1`, `GSI2`, `GSI3`; e-mail: `mail` (SES,
 * from MAIL_FROM only); objects: `storeImages` (put, check, remove what a failed write
 * stored: images/), `villageImages` (list and delete a deleted village's: images/d/),
 * `sweepImages` (list and delete: images/), `rewriteImages` (list, read, write, delete
 * what it wrote: images/), `exports` (write export files and sign the links that read
 * them: exports/), `evidence` (write, read, list and delete self-assessment evidence:
 * evidence/), `readEvidence` (sign links that read it), `imports` (write and read bulk-import files: imports/).
 */
export type Need =
  | 'read'
  | 'write'
  | 'batchWrite'
  | 'idempotency'
  | 'GSI1'
  | 'GSI2'
  | 'GSI3'
  | 'mail'
  | 'storeImages'
  | 'villageImages'
  | 'sweepImages'
  | 'rewriteImages'
  | 'exports'
  | 'evidence'
  | 'readEvidence'
  | 'imports';

/** Items of a village's partition a route can read ahead (their key builders in lib/db/keys.ts). */
export type ReadAheadKind = 'village' | 'tourismDescription' | 'villageDescription' | 'score' | 'status';

/** Memory of the functions that store images: a 12 MP photo's decode and three encodes (BENCHMARKS.md, images). */
export const IMAGE_FUNCTION_MEMORY_MB = 1536;

/** A manager's change of a description of their village: read ahead with the village, pengelola only (`forbidden` otherwise). */
const descriptionChange = (kind: 'tourismDescription' | 'villageDescription', forbidden: string) =>
  ({ readAhead: ['village', kind], access: role('pengelola', forbidden) }) as const;
const tourismChange = descriptionChange('tourismDescription', MSG.pengelolaOnlyTourismDescription);
const villageDescriptionChange = descriptionChange('villageDescription', MSG.pengelolaOnlyVillageDescription);
/** Evaluation rounds are opened, changed, deleted and summed up by the offices. */
const evaluationOffice = role(['dinas', 'admin'], MSG.officeOnlyEvaluation);
/** A spreadsheet of many villages at once: up to API Gateway's 29 s, with more CPU for the file. */
const wholeExport = { timeout: 28, memorySize: 2048 } as const;
/** A village's months are reported and read by its manager and the offices (docs/monitoring.md). */
const monthReporters = role(['pengelola', 'dinas', 'admin'], MSG.forbiddenRole);
/** Monitoring's verifying, summing up, lists, export and reminders are the offices'. */
const monitoringOffice = role(['dinas', 'admin'], MSG.officeOnlyMonitoring);
/** Bulk import (docs/import.md) is the offices'. */
const importOffice = role(['dinas', 'admin'], MSG.importOfficeOnly);
/** Village statuses are written by dinas only. */
const statusOffice = role('dinas', MSG.dinasOnlyStatus);

export const ROUTES = {
  // accounts
  'POST /auth/register': { fn: 'authRegister', handler: 'auth/register', access: PUBLIC, webApp: '/authentication/register' },
  'POST /auth/login': { fn: 'authLogin', handler: 'auth/login', access: PUBLIC, webApp: '/authentication/login' },
  'POST /auth/password': {
    fn: 'authRequestReset',
    handler: 'auth/request-reset',
    access: PUBLIC,
    webApp: '/authentication/password',
    needs: ['mail'],
  },
  'POST /auth/password/verify': {
    fn: 'authVerifyReset',
    handler: 'auth/verify-reset',
    access: PUBLIC,
    webApp: '/authentication/password/verify',
  },
  'PUT /auth/password': {
    fn: 'authResetPassword',
    handler: 'auth/reset-password',
    access: PUBLIC,
    webApp: '/authentication/password',
    needs: ['batchWrite'], // login locks beyond what the password's transaction holds
  },
  'PUT /auth/verify/{email}': {
    fn: 'authVerifyAccount',
    handler: 'auth/verify-account',
    access: role('admin', MSG.adminOnlyVerify),
    webApp: '/authentication/verify/{email}',
    needs: ['mail'],
  },
  'GET /auth/me': { fn: 'authMe', handler: 'auth/me', access: ANY_TOKEN, webApp: '/authentication/me' },
  // the account's notification mails (docs/evaluations.md#notifications)
  'GET /api/akun/notifikasi': { fn: 'accountNotificationsRead', handler: 'auth/notifications-read', access: ANY_TOKEN },
  'PUT /api/akun/notifikasi': { fn: 'accountNotifications', handler: 'auth/notifications', access: ANY_TOKEN },

  // villages
  'GET /api/desa-wisata': {
    fn: 'villageList',
    handler: 'villages/list',
    access: PUBLIC,
    reads: ['villages', 'requests', 'users'],
    needs: ['GSI1', 'GSI3'],
  },
  'GET /api/desa-wisata/details': {
    fn: 'villageDetails',
    handler: 'villages/details',
    access: PUBLIC,
    reads: ['villages'],
    needs: ['GSI1', 'GSI3'],
  },
  'GET /api/desa-wisata/{kd_desa}': { fn: 'villageGet', handler: 'villages/get', access: PUBLIC },
  'GET /api/desa-wisata/email/{email}': { fn: 'villageByEmail', handler: 'villages/by-email', access: PUBLIC, needs: ['GSI2'] },
  'GET /api/desa-wisata/slug/{slug}': { fn: 'villageBySlug', handler: 'villages/by-slug', access: PUBLIC },
  'POST /api/desa-wisata': {
    fn: 'villageCreate',
    handler: 'villages/create',
    access: { kind: 'optional', roles: ['pengelola'], forbidden: MSG.pengelolaOnlyVillage },
    needs: ['GSI2'], // the manager's villages (the first village of a sign-up)
  },
  'PUT /api/desa-wisata/{kd_desa}': {
    fn: 'villageUpdate',
    handler: 'villages/update',
    readAhead: ['village'],
    access: role('pengelola', MSG.pengelolaOnlyVillage),
  },
  'DELETE /api/desa-wisata/{kd_desa}': {
    fn: 'villageDelete',
    handler: 'villages/delete',
    readAhead: ['village'],
    access: role('pengelola', MSG.pengelolaOnlyVillage),
    needs: ['villageImages'],
  },

  // tourism descriptions, uploads, attractions
  'POST /api/deskripsi-wisata': {
    fn: 'tourismCreate',
    storesImages: true,
    handler: 'tourism/create',
    access: role('pengelola', MSG.pengelolaOnlyTourismDescription),
  },
  'GET /api/deskripsi-wisata': { fn: 'tourismList', handler: 'tourism/list', access: PUBLIC, reads: ['tourism'] },
  'GET /api/deskripsi-wisata/{kd_desa}': { fn: 'tourismGet', handler: 'tourism/get', access: PUBLIC },
  'PUT /api/deskripsi-wisata/{kd_desa}': { fn: 'tourismUpdate', storesImages: true, handler: 'tourism/update', ...tourismChange },
  'DELETE /api/deskripsi-wisata/{kd_desa}': { fn: 'tourismDelete', handler: 'tourism/delete', ...tourismChange },
  'PATCH /api/deskripsi-wisata/{kd_desa}': {
    fn: 'tourismAppendItems',
    storesImages: true,
    handler: 'tourism/append-items',
    ...tourismChange,
  },
  'PATCH /api/deskripsi-wisata/{kd_desa}/remove-item': { fn: 'tourismRemoveItem', handler: 'tourism/remove-item', ...tourismChange },
  'POST /api/upload/gambar': { fn: 'uploadImage', handler: 'uploads/upload-image', access: ANY_TOKEN, storesImages: true },
  'GET /api/atraksi-wisata': { fn: 'attractionsRandom', handler: 'attractions/random', access: PUBLIC, needs: ['GSI2'] },

  // requests
  'GET /api/permintaan': { fn: 'requestList', handler: 'requests/list', access: ANY_TOKEN, needs: ['GSI1'] },
  'GET /api/permintaan/{kd_permintaan}': { fn: 'requestGet', handler: 'requests/get', access: ANY_TOKEN },
  'POST /api/permintaan': { fn: 'requestCreate', handler: 'requests/create', access: role('pengelola', MSG.pengelolaOnlyRequest) },
  'PUT /api/permintaan/{kd_permintaan}': { fn: 'requestUpdate', handler: 'requests/update', access: PUBLIC }, // "temporarily open" in the contract
  'DELETE /api/permintaan/{kd_permintaan}': { fn: 'requestDelete', handler: 'requests/delete', access: PUBLIC }, // "temporarily open" in the contract

  // village statuses
  'GET /api/status-desa': {
    fn: 'statusList',
    handler: 'statuses/list',
    access: PUBLIC,
    reads: ['statuses', 'villages'],
    needs: ['GSI1', 'GSI3'],
  },
  'GET /api/status-desa/{kd_status}': { fn: 'statusGet', handler: 'statuses/get', access: ANY_TOKEN },
  'POST /api/status-desa': { fn: 'statusCreate', handler: 'statuses/create', access: statusOffice },
  'PUT /api/status-desa/{kd_status}': { fn: 'statusUpdate', handler: 'statuses/update', access: statusOffice, readAhead: ['status'] },
  'DELETE /api/status-desa/{kd_status}': { fn: 'statusDelete', handler: 'statuses/delete', access: statusOffice, readAhead: ['status'] },

  // village descriptions
  'GET /api/deskripsi-desa/{kd_desa}': { fn: 'villageDescriptionGet', handler: 'village-descriptions/get', access: PUBLIC },
  'POST /api/deskripsi-desa': {
    fn: 'villageDescriptionCreate',
    storesImages: true,
    handler: 'village-descriptions/create',
    access: role('pengelola', MSG.pengelolaOnlyVillageDescription),
  },
  'PUT /api/deskripsi-desa/{kd_desa}': {
    fn: 'villageDescriptionUpdate',
    storesImages: true,
    handler: 'village-descriptions/update',
    ...villageDescriptionChange,
  },
  'DELETE /api/deskripsi-desa/{kd_desa}': {
    fn: 'villageDescriptionDelete',
    handler: 'village-descriptions/delete',
    ...villageDescriptionChange,
  },

  // scores
  'GET /api/skor': { fn: 'scoreList', handler: 'scores/list', access: PUBLIC, reads: ['villages', 'scores'], needs: ['GSI1', 'GSI3'] },
  'GET /api/skor/{kd_desa}': { fn: 'scoreGet', handler: 'scores/get', access: PUBLIC },
  'POST /api/skor': { fn: 'scoreCreate', handler: 'scores/create', access: role('dinas', MSG.dinasOnlyScore) },
  'PUT /api/skor/{kd_desa}': {
    fn: 'scoreUpdate',
    handler: 'scores/update',
    access: role('dinas', MSG.dinasOnlyScore),
    readAhead: ['village', 'score'],
  },

  // history (monitoring over time)
  'GET /api/desa-wisata/{kd_desa}/riwayat': {
    fn: 'historyVillage',
    handler: 'history/village',
    readAhead: ['village'],
    access: role(['pengelola', 'dinas', 'admin'], MSG.forbiddenRole),
  },
  'GET /api/skor/{kd_desa}/riwayat': { fn: 'historyScore', handler: 'history/score', access: PUBLIC },
  'GET /api/riwayat': {
    fn: 'historyFeed',
    handler: 'history/feed',
    access: role(['admin', 'dinas'], MSG.forbiddenRole),
    needs: ['GSI1', 'GSI2'], // the feed; one actor's entries
  },
  'GET /api/desa-wisata/export': {
    fn: 'villageExport',
    handler: 'villages/export',
    // it holds managers' e-mails and phone numbers
    access: role(['admin', 'dinas'], MSG.exportOfficeOnly),
    ...wholeExport, // every village of the country
    needs: ['GSI1', 'exports'],
  },
  'GET /api/statistik': {
    fn: 'statistics',
    handler: 'statistics/get',
    // public figures; a token of admin or dinas adds the account counts
    access: { kind: 'optional' },
    reads: ['villages', 'requests', 'statuses', 'scores', 'reports'],
    small: true,
  },

  // evaluation rounds (docs/evaluations.md)
  'POST /api/evaluasi': { fn: 'evaluationCreate', handler: 'evaluations/create', access: evaluationOffice },
  'GET /api/evaluasi': { fn: 'evaluationList', handler: 'evaluations/list', access: ANY_TOKEN, needs: ['GSI1'] },
  'GET /api/evaluasi/{id_evaluasi}': { fn: 'evaluationGet', handler: 'evaluations/get', access: ANY_TOKEN },
  'PUT /api/evaluasi/{id_evaluasi}': { fn: 'evaluationUpdate', handler: 'evaluations/update', access: evaluationOffice },
  'DELETE /api/evaluasi/{id_evaluasi}': {
    fn: 'evaluationDelete',
    handler: 'evaluations/delete',
    access: evaluationOffice,
    needs: ['batchWrite', 'evidence'], // its drafts, counters and evidence files, after the round
  },
  'GET /api/evaluasi/{id_evaluasi}/desa': {
    fn: 'evaluationVillages',
    handler: 'evaluations/villages',
    access: ANY_TOKEN,
    needs: ['GSI1', 'GSI2', 'GSI3'], // every village, a manager's, a region's
  },
  'GET /api/evaluasi/{id_evaluasi}/desa/{kd_desa}': {
    fn: 'evaluationVillage',
    handler: 'evaluations/village',
    access: ANY_TOKEN,
    needs: ['readEvidence'], // links to the evidence files
  },
  'PUT /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri': {
    fn: 'evaluationSelfAssess',
    handler: 'evaluations/self-assess',
    access: role('pengelola', MSG.pengelolaOnlySelfAssessment),
    storesImages: true, // evidence photos, re-encoded like every image
    needs: ['evidence'],
  },
  'POST /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri/ajukan': {
    fn: 'evaluationSubmit',
    handler: 'evaluations/submit',
    access: role('pengelola', MSG.pengelolaOnlySelfAssessment),
    needs: ['readEvidence'],
  },
  'PUT /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/penilaian': {
    fn: 'evaluationReview',
    handler: 'evaluations/review',
    access: role('dinas', MSG.dinasOnlyReview),
    needs: ['readEvidence'],
  },
  // evidence one file per request (what one request carries on AWS), and removing one
  'POST /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri/bukti': {
    fn: 'evaluationEvidenceUpload',
    handler: 'evaluations/evidence-upload',
    access: role('pengelola', MSG.pengelolaOnlySelfAssessment),
    storesImages: true, // photos re-encoded like every image
    needs: ['evidence'],
  },
  'DELETE /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/mandiri/bukti': {
    fn: 'evaluationEvidenceRemove',
    handler: 'evaluations/evidence-remove',
    access: role('pengelola', MSG.pengelolaOnlySelfAssessment),
    needs: ['evidence'],
  },
  // a submission back to its manager for correction (mailed by the outbox drain)
  'POST /api/evaluasi/{id_evaluasi}/desa/{kd_desa}/kembalikan': {
    fn: 'evaluationReturn',
    handler: 'evaluations/return',
    access: role('dinas', MSG.dinasOnlyReturn),
    needs: ['readEvidence'],
  },
  'GET /api/evaluasi/{id_evaluasi}/rekap': { fn: 'evaluationSummary', handler: 'evaluations/summary', access: evaluationOffice },
  // a reminder to those who have not submitted, at most one a day (mailed by the outbox drain)
  'POST /api/evaluasi/{id_evaluasi}/pengingat': { fn: 'evaluationRemind', handler: 'evaluations/remind', access: evaluationOffice },
  'GET /api/evaluasi/{id_evaluasi}/export': {
    fn: 'evaluationExport',
    handler: 'evaluations/export',
    access: evaluationOffice,
    ...wholeExport, // every village of the round's region
    needs: ['GSI1', 'GSI3', 'exports'],
  },
  // the regions that have villages, with their counts (the pages' drop-downs; from the statistics' counters)
  'GET /api/wilayah': { fn: 'regions', handler: 'evaluations/regions', access: ANY_TOKEN },

  // monitoring: each village's monthly figures (docs/monitoring.md); the owner reports, the office verifies and corrects
  'PUT /api/pemantauan/desa/{kd_desa}/{bulan}': { fn: 'monitoringSave', handler: 'monitoring/save', access: monthReporters },
  'POST /api/pemantauan/desa/{kd_desa}/{bulan}/verifikasi': {
    fn: 'monitoringVerify',
    handler: 'monitoring/verify',
    access: monitoringOffice,
  },
  'GET /api/pemantauan/desa/{kd_desa}': { fn: 'monitoringVillage', handler: 'monitoring/village', access: monthReporters },
  'GET /api/pemantauan/rekap': { fn: 'monitoringSummary', handler: 'monitoring/summary', access: monitoringOffice },
  'GET /api/pemantauan/belum-lapor': {
    fn: 'monitoringMissing',
    handler: 'monitoring/missing',
    access: monitoringOffice,
    needs: ['GSI1', 'GSI3'], // every village, or a region's
  },
  // the year's flagged months not yet verified (one Query of the reports' GSI1, names of the flagged villages)
  'GET /api/pemantauan/perlu-cek': {
    fn: 'monitoringFlagged',
    handler: 'monitoring/flagged',
    access: monitoringOffice,
    needs: ['GSI1'],
  },
  'GET /api/pemantauan/export': {
    fn: 'monitoringExport',
    handler: 'monitoring/export',
    access: monitoringOffice,
    ...wholeExport, // a year of every village's months
    needs: ['GSI1', 'GSI3', 'exports'], // the year's reports, the villages' names (every village, or a region's)
  },
  // a reminder now to the managers of a region's villages without a month's report, once a day per region (mailed by the outbox drain)
  'POST /api/pemantauan/pengingat': {
    fn: 'monitoringRemind',
    handler: 'monitoring/remind',
    access: monitoringOffice,
    needs: ['GSI1', 'GSI3'], // every village, or a region's
  },

  // bulk import of an office's spreadsheets (docs/import.md): checked by the worker first, applied on request
  // exceljs writes it (shipped beside the functions that need exports); a large one is handed out as a link
  'GET /api/impor/template': { fn: 'importTemplate', handler: 'import/template', access: importOffice, needs: ['exports'] },
  'POST /api/impor': { fn: 'importStart', handler: 'import/start', access: importOffice, needs: ['imports'] },
  'GET /api/impor': { fn: 'importList', handler: 'import/list', access: importOffice, needs: ['GSI1', 'GSI2'] },
  'GET /api/impor/{id_impor}': { fn: 'importGet', handler: 'import/get', access: importOffice },
  'GET /api/impor/{id_impor}/kesalahan': {
    fn: 'importErrors',
    handler: 'import/errors',
    access: importOffice,
    needs: ['imports', 'exports'], // the refused rows kept by the check; a large file is handed out as a link
  },
  'POST /api/impor/{id_impor}/jalankan': { fn: 'importRun', handler: 'import/run', access: importOffice },

  // users
  'GET /api/users': { fn: 'userList', handler: 'users/list', access: PUBLIC, reads: ['users', 'villages'], needs: ['GSI1'] }, // "temporarily open" in the contract

  // API documentation (generated OpenAPI document and its Swagger UI page)
  'GET /openapi.json': { fn: 'docsOpenApi', handler: 'docs/openapi', access: PUBLIC, sameOrigin: true },
  'GET /docs': { fn: 'docsPage', handler: 'docs/page', access: PUBLIC, sameOrigin: true },
  'GET /docs/{asset}': {
    fn: 'docsAsset',
    handler: 'docs/asset',
    access: PUBLIC,
    sameOrigin: true,
    files: ['node_modules/swagger-ui-dist/swagger-ui-bundle.js', 'node_modules/swagger-ui-dist/swagger-ui.css'],
  },

  // The pages people use (/evaluasi, /statistik, /akun and below, their /assets/*) are not routes of the API: web/,
  // built by Vite, served by the CDN from the bucket (scripts/serverless-cdn.ts), locally by serverless-offline (scripts/web.ts).

  // catch-all for unknown routes
  'ANY /{proxy+}': { fn: 'notFound', handler: 'common/not-found', access: PUBLIC },
} as const satisfies Record<string, RouteSpec>;

export type RouteKey = keyof typeof ROUTES;
export const ROUTE_KEYS = Object.keys(ROUTES) as RouteKey[];

/** "GET /api/skor/{kd_desa}" → its method and path. */
export function splitRouteKey(key: RouteKey): { method: string; path: string } {
  const [method, path] = key.split(' ') as [string, string];
  return { method, path };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The AWS rights of a route's function: it reads the table's items (any route can be
 * closed with ACCESS_OVERRIDES, and then reads its caller's); a POST, PUT, PATCH or DELETE
 * route writes them; a route a write method reaches (`ANY` too) keeps Idempotency-Key
 * records (lib/http/idempotency.ts); `storesImages` stores images; then what it declares.
 */
export function routeNeeds(key: RouteKey): Need[] {
  const spec: RouteSpec = ROUTES[key];
  const { method } = splitRouteKey(key);
  const needs: Need[] = ['read'];
  if (WRITE_METHODS.has(method)) needs.push('write');
  if (method !== 'GET') needs.push('idempotency');
  if (spec.storesImages) needs.push('storeImages');
  return [...needs, ...(spec.needs ?? [])];
}

/**
 * The `functions:` section of serverless.yml for every route: one function per route,
 * an `http` event for its path (and one for its web-app path), CORS from `cors`.
 */
export function serverlessFunctions(cors: unknown): Record<string, unknown> {
  const functions: Record<string, unknown> = {};
  for (const key of ROUTE_KEYS) {
    const spec: RouteSpec = ROUTES[key];
    const { method, path } = splitRouteKey(key);
    const http = (p: string) => ({ http: { method: method.toLowerCase(), path: p, ...(spec.sameOrigin ? {} : { cors }) } });
    functions[spec.fn] = {
      handler: `functions/${spec.handler}.handler`,
      ...(spec.files ? { package: { patterns: [...spec.files] } } : {}),
      ...(spec.timeout ? { timeout: spec.timeout } : {}),
      ...(spec.memorySize ? { memorySize: spec.memorySize } : {}),
      ...(spec.storesImages ? { architecture: 'x86_64', memorySize: spec.memorySize ?? IMAGE_FUNCTION_MEMORY_MB } : {}),
      events: [http(path), ...(spec.webApp ? [http(spec.webApp)] : [])],
    };
  }
  return functions;
}
