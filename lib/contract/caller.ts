import type { Role } from './roles';

/**
 * The signed-in person a request acts for, as everything above lib/db sees them: who they
 * are and what they may do, never their password hash or other stored secrets (the stored
 * account, `UserRecord`, stays in lib/auth and lib/db; ESLint refuses it elsewhere).
 */
export interface Caller {
  id: number;
  username: string;
  full_name: string;
  email: string;
  role: Role;
  is_verified: boolean;
}

/** The caller's fields of a stored account (a record carries more: they are dropped here). */
export const callerOf = (u: Caller): Caller => ({
  id: u.id,
  username: u.username,
  full_name: u.full_name,
  email: u.email,
  role: u.role,
  is_verified: u.is_verified,
});
