import { randomInt } from 'node:crypto';
import { personName } from '../contract/inputs';
import type { Caller } from '../contract/caller';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The web app registers with `fullName`, the contract's `full_name`. When both are sent,
 * `fullName` is the name, and `full_name` must still be a valid one.
 */
export function fromWebAppRegistration(body: unknown): unknown {
  if (!isObject(body) || body.fullName === undefined) return body;
  const { fullName, ...rest } = body;
  const keep = rest.full_name !== undefined && !personName.safeParse(rest.full_name).success;
  return { ...rest, full_name: keep ? rest.full_name : fullName };
}

/**
 * The web app registers with `{fullName, email, password, role}` and no username. The
 * username is then derived from the e-mail's local part: the plain form first, then the
 * same with a random number, so that a taken name never fails the sign-up.
 */
export function usernameCandidates(email: string): string[] {
  let base = email
    .split('@')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 40);
  if (base.length < 3) base = `${base}user`.slice(0, 40);
  return [base, ...Array.from({ length: 4 }, (_, i) => `${base}-${randomInt(10 ** (i + 3), 10 ** (i + 4))}`)];
}

/** `/auth/me`: the app reads `data.fullname`, `data.email`, `data.role` beside the contract's `user`. */
export const meForWebApp = (u: Caller) => ({
  data: { id: u.id, username: u.username, email: u.email, role: u.role, is_verified: u.is_verified, fullname: u.full_name },
});
