import * as z from 'zod';
import {
  EmailTakenError,
  UsernameTakenError,
  getUserByEmail,
  markVerified,
  nextUserId,
  recordNewUser,
  toPublicUser,
  type NewUser,
  type PublicUser,
  type UserRecord,
} from '../db/users';
import { inUnitOfWork } from '../db/unit-of-work';
import { RetriesExhaustedError } from '../platform/retry';
import type { Who } from '../db/history';
import { nowMs, pause } from '../platform/clock';
import { clearLoginCount, getLoginThrottles, LockedMeanwhile, recordLock, recordLoginFailure, recordUnlock } from '../db/login-throttle';
import { SYSTEM } from '../db/history';
import { conflict, failed, forbidden, invalid, notFound, tooMany, unauthenticated } from '../contract/errors';
import { log } from '../platform/log';
import { accountVerifiedMail } from '../mail/templates';
import { sendMail } from '../mail/ses';
import { MSG } from '../contract/messages';
import { count } from '../platform/metrics';
import { signToken } from './jwt';
import { signupSourceTag } from './signup-source';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { ROLES, type Role } from '../contract/roles';
import { nonBlank, refusals } from '../contract/validation';
import { personName } from '../contract/inputs';
import type { Acting } from '../contract/caller';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * POST /auth/register, the contract's body (the web app's `fullName` is mapped to
 * `full_name` at the edge, lib/web-app/accounts.ts). Without `username` one is derived
 * from the e-mail. Any failure: 400 "Data registrasi tidak valid".
 */
export const registerInput = z.object({
  username: z
    .string()
    .trim()
    .min(3)
    .max(50)
    .regex(/^[A-Za-z0-9._-]+$/)
    .optional(),
  full_name: personName,
  email: z.email().max(254),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  role: z.enum(['pengelola', 'dinas']).default('pengelola'),
});
refusals.add(registerInput, { message: MSG.registerInvalid, when: 'A field is missing or invalid' });

/** POST /auth/login: both present (any failure: 400 "Email dan password harus diisi"). */
export const loginInput = z.object({ email: nonBlank.meta({ format: 'email' }), password: z.string().min(1) });
refusals.add(loginInput, { message: MSG.loginMissing, when: 'email or password is missing' });

/** PUT /auth/verify/{email}: a blank e-mail names no account (404). */
export const verifyAccountParams = z.object({ email: z.string().trim().min(1).meta({ description: 'E-mail address (URL-encoded)' }) });

/**
 * Creates an account. Sign-up (`verified: false`) or the CLI (`verified: true`, any role).
 * `username` may list candidates: each taken one is skipped for the next; 409 when all are taken.
 * `caller.source` is the registering client's IP address: its HMAC is recorded (never the address),
 * and only that source may then create the account's token-less sign-up village.
 */
export async function registerUser(
  input: { username: string | readonly string[]; fullName: string; email: string; password: string; role: Role },
  verified: boolean,
  caller: Acting,
): Promise<PublicUser> {
  if (!ROLES.includes(input.role)) throw invalid(MSG.registerInvalid);
  const password_hash = await hashPassword(input.password);
  try {
    const user = await createAccount(
      {
        username: input.username,
        full_name: input.fullName,
        email: input.email,
        role: input.role,
        password_hash,
        is_verified: verified,
        signup_source: verified ? undefined : signupSourceTag(caller.source),
      },
      caller,
    );
    if (!verified) count('SignUps');
    return toPublicUser(user);
  } catch (err) {
    if (err instanceof EmailTakenError) throw conflict(MSG.emailTaken);
    throw err;
  }
}

/**
 * Stores a new account (EmailTakenError when the e-mail has one). `username` may list
 * candidates: the unit of work's one retry loop tries the next when one is taken, and answers
 * 409 "username taken" when all are.
 */
export async function createAccount(
  input: Omit<NewUser, 'username'> & { username: string | readonly string[] },
  who: Who,
): Promise<UserRecord> {
  const candidates = typeof input.username === 'string' ? [input.username] : input.username;
  const id = await nextUserId();
  try {
    return await inUnitOfWork(
      who,
      async (uow, attempt) => recordNewUser(uow, { ...input, username: candidates[attempt.number - 1]! }, id),
      {
        attempts: candidates.length,
      },
    );
  } catch (err) {
    if (err instanceof RetriesExhaustedError && err.last instanceof UsernameTakenError) throw conflict(MSG.usernameTaken);
    throw err;
  }
}

/**
 * Login throttling, keyed so that an attacker cannot turn it against the owner:
 * - per e-mail **and source IP**: 5 failures within 15 minutes lock that source out of
 *   that e-mail for 15 minutes (429 with Retry-After, even for the right password); other
 *   sources — the owner's — are not affected;
 * - per e-mail over all sources: from 20 failures within 15 minutes on, every answer for
 *   that e-mail is slowed down by 2 seconds, but nobody is locked out.
 * A successful login clears its source's count; a successful password reset lifts every
 * lock and count of the account.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
export const LOGIN_SLOWDOWN_AFTER = 20;
export const LOGIN_SLOWDOWN_MS = 2000;

/**
 * Checks the password first (the same 401 for an unknown e-mail), then verification.
 * `caller.source` is the request's IP address.
 */
export async function login(email: string, password: string, caller: Acting): Promise<{ token: string; user: PublicUser }> {
  const now = nowMs();
  const source = caller.source || 'unknown';
  const [user, throttle] = await Promise.all([getUserByEmail(email), getLoginThrottles(email, source)]);
  const locked = throttle.source?.locked_until;
  if (locked && locked > now) {
    count('LoginThrottled');
    throw tooMany(MSG.loginThrottled, (locked - now) / 1000);
  }
  const all = throttle.all;
  if (all && all.window_start > now - LOGIN_WINDOW_MS && all.failures >= LOGIN_SLOWDOWN_AFTER) await pause(LOGIN_SLOWDOWN_MS);
  const matches = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !matches) {
    // Without an account there is nothing to audit: the lock still answers alike (no hint
    // that the e-mail is unknown), but made-up e-mails leave no entry to bury the feed.
    if (!user) count('LoginFailedNoAccount');
    const rec = await recordLoginFailure(email, source, now, { windowMs: LOGIN_WINDOW_MS, sourceLockMs: LOGIN_LOCK_MS });
    const counted = rec.source;
    if (counted && counted.failures >= LOGIN_MAX_FAILURES && !(counted.locked_until && counted.locked_until > now)) {
      // The lock and its security event (if any) in one transaction; of concurrent failures
      // reaching the limit, one locks (and records it), the others find it locked.
      rec.source = await inUnitOfWork(user ? caller : SYSTEM, async (uow) =>
        recordLock(uow, email, source, counted, now, LOGIN_LOCK_MS, !!user),
      ).catch((err: unknown) => {
        if (err instanceof LockedMeanwhile) return { ...counted, locked_until: now + LOGIN_LOCK_MS };
        throw err;
      });
    }
    const until = rec.source?.locked_until;
    if (until && until > now) {
      count('LoginThrottled');
      throw tooMany(MSG.loginThrottled, (until - now) / 1000);
    }
    throw unauthenticated(MSG.loginFailed);
  }
  const was = throttle.source;
  if (was?.locked_until)
    // clearing an expired lock is an unlock, recorded with the delete (unless a concurrent login did both)
    await inUnitOfWork(caller, async (uow) => recordUnlock(uow, email, source, was)).catch((err: unknown) => {
      if (!(err instanceof LockedMeanwhile)) throw err;
    });
  else if (was) await clearLoginCount(email, source);
  if (!user.is_verified) throw forbidden(MSG.accountUnverified);
  return { token: await signToken(user), user: toPublicUser(user) };
}

/**
 * PUT /auth/verify/:email. Idempotent: verifying twice succeeds twice and mails twice.
 * The flag is committed before the mail is sent; if the mail fails the caller gets 500
 * "Gagal mengirim email" and a retry sends it again.
 */
export async function verifyAccount(email: string, caller: Acting): Promise<void> {
  const user = await markVerified(email, caller);
  if (!user) throw notFound(MSG.userNotFound);
  count('AccountsVerified');
  try {
    await sendMail(accountVerifiedMail(user.email, user.full_name || user.username));
  } catch (err) {
    log.error('verification mail failed', err);
    throw failed(MSG.mailFailed);
  }
}
