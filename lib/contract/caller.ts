import { unauthenticated } from './errors';
import { MSG } from './messages';
import type { Role } from './roles';

/**
 * The signed-in person a request acts for, as everything above lib/db sees them: who they
 * are, what they may do and where the request came from, never their password hash or
 * other stored secrets (the stored account, `UserRecord`, stays in lib/auth and lib/db;
 * ESLint refuses it elsewhere).
 */
export interface Caller {
  id: number;
  username: string;
  full_name: string;
  email: string;
  role: Role;
  is_verified: boolean;
  /** The address the request came from (API Gateway's source IP), where there is one. */
  source?: string;
}

/** Nobody signed in: a request without a token (a registration, a login, a sign-up village), known by its address only. */
export interface Anonymous {
  anonymous: true;
  source?: string;
}

/** The service itself, outside any request: the maintenance sweep, the operator's CLI, the seeds. */
interface System {
  system: true;
  source?: undefined;
}
export const SYSTEM: System = Object.freeze({ system: true as const });

/**
 * Who acts: the one name for whoever a change is made by, from the route wrapper (a
 * request's `caller`) through the domain (its functions' last parameter) down to the
 * history, which derives its actor and source from it (lib/db/history.ts).
 */
export type Acting = Caller | Anonymous | System;

/** The caller's fields of a stored account (a record carries more: they are dropped here), with the request's address. */
export const callerOf = (u: Caller, source?: string): Caller => ({
  id: u.id,
  username: u.username,
  full_name: u.full_name,
  email: u.email,
  role: u.role,
  is_verified: u.is_verified,
  ...(source ? { source } : {}),
});

/** Nobody signed in, from `source` (where known). */
export const anonymous = (source?: string): Anonymous => ({ anonymous: true, ...(source ? { source } : {}) });

/** A request's acting person: its signed-in caller, or anonymous; either with the request's address. */
export const actingOf = (caller: Caller | undefined, source?: string): Caller | Anonymous =>
  caller ? callerOf(caller, source) : anonymous(source);

export const isCaller = (a: Acting): a is Caller => 'id' in a;

/** The signed-in caller (a route whose rule requires a token admits no one else): 401 otherwise. */
export function signedIn(a: Acting): Caller {
  if (!isCaller(a)) throw unauthenticated(MSG.tokenMissing);
  return a;
}
