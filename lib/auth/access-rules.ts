import { config } from '../config';
import { MSG } from '../messages';
import { ROLES, type Role } from '../roles';

/**
 * The one access-rule table: every route of the service (method + path exactly as in
 * serverless.yml) → who may call it. The handler wrapper enforces it before a handler
 * runs; ownership (a pengelola's own village) is checked by the handlers on top.
 *
 * - `public`: no token needed (a token, if sent, is ignored).
 * - `optional`: the handler decides; a valid token, if sent, is read (POST /api/desa-wisata),
 *   and with `roles` it must be of those roles (403 `forbidden` otherwise).
 * - `token`: any valid token of an existing user; with `roles`, only those roles, else
 *   403 with `forbidden`.
 * - `owner: true` marks routes whose handler also requires the caller to own the village
 *   named by the request (403 "Akses ditolak. Anda hanya dapat mengelola desa wisata
 *   milik Anda sendiri." otherwise). The rule table documents it; lib/domain enforces it.
 *
 * Missing token → 401 "Akses ditolak. Token tidak ditemukan."; a malformed, badly signed,
 * expired token or one of a deleted user → 401 "Token tidak valid atau sudah kadaluarsa".
 * Routes the contract calls "temporarily open" can be closed with ACCESS_OVERRIDES.
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'optional'; roles?: readonly Role[]; forbidden?: string; owner?: true }
  | { kind: 'token'; roles?: readonly Role[]; forbidden?: string; owner?: true };

const PUBLIC: AccessRule = { kind: 'public' };
const ANY_TOKEN: AccessRule = { kind: 'token' };
const role = (roles: Role | Role[], forbidden: string): AccessRule => ({
  kind: 'token',
  roles: Array.isArray(roles) ? roles : [roles],
  forbidden,
});
const owner = (rule: AccessRule): AccessRule => ({ ...rule, owner: true }) as AccessRule;

export const ACCESS_RULES = {
  // accounts
  'POST /auth/register': PUBLIC,
  'POST /auth/login': PUBLIC,
  'POST /auth/password': PUBLIC,
  'POST /auth/password/verify': PUBLIC,
  'PUT /auth/password': PUBLIC,
  'PUT /auth/verify/{email}': role('admin', MSG.adminOnlyVerify),
  'GET /auth/me': ANY_TOKEN,

  // villages
  'GET /api/desa-wisata': PUBLIC,
  'GET /api/desa-wisata/details': PUBLIC,
  'GET /api/desa-wisata/{kd_desa}': PUBLIC,
  'GET /api/desa-wisata/email/{email}': PUBLIC,
  'GET /api/desa-wisata/slug/{slug}': PUBLIC,
  'POST /api/desa-wisata': owner({ kind: 'optional', roles: ['pengelola'], forbidden: MSG.pengelolaOnlyVillage }),
  'PUT /api/desa-wisata/{kd_desa}': owner(role('pengelola', MSG.pengelolaOnlyVillage)),
  'DELETE /api/desa-wisata/{kd_desa}': owner(role('pengelola', MSG.pengelolaOnlyVillage)),

  // tourism descriptions, uploads, attractions
  'POST /api/deskripsi-wisata': owner(role('pengelola', MSG.pengelolaOnlyTourismDescription)),
  'GET /api/deskripsi-wisata': PUBLIC,
  'GET /api/deskripsi-wisata/{kd_desa}': PUBLIC,
  'PUT /api/deskripsi-wisata/{kd_desa}': owner(role('pengelola', MSG.pengelolaOnlyTourismDescription)),
  'DELETE /api/deskripsi-wisata/{kd_desa}': owner(role('pengelola', MSG.pengelolaOnlyTourismDescription)),
  'PATCH /api/deskripsi-wisata/{kd_desa}': owner(role('pengelola', MSG.pengelolaOnlyTourismDescription)),
  'PATCH /api/deskripsi-wisata/{kd_desa}/remove-item': owner(role('pengelola', MSG.pengelolaOnlyTourismDescription)),
  'POST /api/upload/gambar': ANY_TOKEN,
  'GET /api/atraksi-wisata': PUBLIC,

  // requests
  'GET /api/permintaan': ANY_TOKEN,
  'GET /api/permintaan/{kd_permintaan}': ANY_TOKEN,
  'POST /api/permintaan': owner(role('pengelola', MSG.pengelolaOnlyRequest)),
  'PUT /api/permintaan/{kd_permintaan}': PUBLIC, // "temporarily open" in the contract
  'DELETE /api/permintaan/{kd_permintaan}': PUBLIC, // "temporarily open" in the contract

  // village statuses
  'GET /api/status-desa': PUBLIC,
  'GET /api/status-desa/{kd_status}': ANY_TOKEN,
  'POST /api/status-desa': role('dinas', MSG.dinasOnlyStatus),
  'PUT /api/status-desa/{kd_status}': role('dinas', MSG.dinasOnlyStatus),
  'DELETE /api/status-desa/{kd_status}': role('dinas', MSG.dinasOnlyStatus),

  // village descriptions
  'GET /api/deskripsi-desa/{kd_desa}': PUBLIC,
  'POST /api/deskripsi-desa': owner(role('pengelola', MSG.pengelolaOnlyVillageDescription)),
  'PUT /api/deskripsi-desa/{kd_desa}': owner(role('pengelola', MSG.pengelolaOnlyVillageDescription)),
  'DELETE /api/deskripsi-desa/{kd_desa}': owner(role('pengelola', MSG.pengelolaOnlyVillageDescription)),

  // scores
  'GET /api/skor': PUBLIC,
  'GET /api/skor/{kd_desa}': PUBLIC,
  'POST /api/skor': role('dinas', MSG.dinasOnlyScore),
  'PUT /api/skor/{kd_desa}': role('dinas', MSG.dinasOnlyScore),

  // users
  'GET /api/users': PUBLIC, // "temporarily open" in the contract

  // API documentation (generated OpenAPI document and its Swagger UI page)
  'GET /openapi.json': PUBLIC,
  'GET /docs': PUBLIC,
  'GET /docs/{asset}': PUBLIC,

  // catch-all for unknown routes
  'ANY /{proxy+}': PUBLIC,
} as const satisfies Record<string, AccessRule>;

export type RouteKey = keyof typeof ACCESS_RULES;

/**
 * The rule in force for a route: the table's, unless ACCESS_OVERRIDES names the route
 * with `public`, `token`, or a comma-separated list of roles.
 */
export function accessRule(route: RouteKey): AccessRule {
  const override = config().accessOverrides[route];
  if (!override) return ACCESS_RULES[route];
  if (override === 'public') return PUBLIC;
  if (override === 'token') return ANY_TOKEN;
  const roles = override.split(',').map((r) => r.trim()) as Role[];
  if (roles.length === 0 || roles.some((r) => !ROLES.includes(r))) {
    throw new Error(`ACCESS_OVERRIDES has an unknown role for ${route}`);
  }
  return role(roles, MSG.forbiddenRole);
}
