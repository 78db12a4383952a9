import type { Key } from '../db/entity';
import { fitsKey, keys } from '../db/keys';
import { getUserByEmail, type UserRecord } from '../db/users';
import type { ReadAheadKind } from '../routes';
import { forbidden, unauthenticated } from '../contract/errors';
import { MSG } from '../contract/messages';
import type { AccessRule } from './access-rules';
import { verifyToken } from './jwt';

/**
 * The bearer token of a request: undefined when no Authorization header was sent, null
 * when one was sent that is not `Bearer <token>` (an invalid token, never a usable one).
 */
export function bearerToken(headers: Record<string, string | undefined> | null | undefined): string | null | undefined {
  if (!headers) return undefined;
  let value: string | undefined;
  for (const [name, v] of Object.entries(headers)) {
    if (name.toLowerCase() === 'authorization') value = v;
  }
  if (!value || value.trim() === '') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
  // A header that is not of the Bearer scheme (a raw token included) is an invalid token, not a missing one.
  return match ? match[1]! : null;
}

/** Items to read together with the caller's user item (lib/db/read-ahead.ts). */
export type ReadAhead = Key[];

/** Which path parameter names the item each kind reads. */
const READ_AHEAD_PARAM: Record<ReadAheadKind, string> = {
  village: 'kd_desa',
  tourismDescription: 'kd_desa',
  villageDescription: 'kd_desa',
  score: 'kd_desa',
  status: 'kd_status',
};

/** The keys of what a route reads first (`readAhead` in lib/routes.ts), named by its path parameters. */
export function readAheadKeys(kinds: readonly ReadAheadKind[] | undefined, params: Record<string, string>): ReadAhead {
  const out: ReadAhead = [];
  for (const kind of kinds ?? []) {
    const id = params[READ_AHEAD_PARAM[kind]];
    if (id && fitsKey(id)) out.push(keys[kind](id));
  }
  return out;
}

/**
 * Resolves a token to the current user record: the signature, algorithm and expiry must
 * hold, the user must still exist with the same id, and no password change may have come
 * after the token: its password version (`pv`) must be the user's. Otherwise 401 "Token
 * tidak valid atau sudah kadaluarsa".
 */
export async function userFromToken(token: string, readAhead: ReadAhead = []): Promise<UserRecord> {
  const claims = await verifyToken(token);
  if (!claims) throw unauthenticated(MSG.tokenInvalid);
  const user = await getUserByEmail(claims.email, readAhead);
  // (a token issued before `pv` existed is compared by its issue second, as it always was)
  const stale = claims.pv === undefined ? claims.iat < (user?.password_changed_at ?? 0) : claims.pv !== (user?.password_version ?? 0);
  if (!user || String(user.id) !== claims.sub || stale) throw unauthenticated(MSG.tokenInvalid);
  return user;
}

/**
 * Applies an access rule to a request's headers. Returns the caller (or undefined for
 * public routes and optional routes without a token).
 */
export async function authorize(
  rule: AccessRule,
  headers: Record<string, string | undefined> | null | undefined,
  readAhead: ReadAhead = [],
): Promise<UserRecord | undefined> {
  if (rule.kind === 'public') return undefined;
  const token = bearerToken(headers);
  if (token === undefined) {
    if (rule.kind === 'optional') return undefined;
    throw unauthenticated(MSG.tokenMissing);
  }
  if (token === null) throw unauthenticated(MSG.tokenInvalid);
  const user = await userFromToken(token, readAhead);
  if (rule.roles && !rule.roles.includes(user.role)) {
    throw forbidden(rule.forbidden ?? MSG.forbiddenRole);
  }
  return user;
}
