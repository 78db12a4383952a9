import * as z from 'zod';
import { createUser, DuplicateUserError, getUserByEmail, markVerified, toPublicUser, type PublicUser } from '../db/users';
import { nowMs } from '../clock';
import { clearLoginThrottle, getLoginThrottle, recordLoginFailure } from '../db/login-throttle';
import { badRequest, conflict, forbidden, notFound, serverError, tooManyRequests, unauthorized } from '../http/errors';
import { log } from '../log';
import { accountVerifiedMail } from '../mail/templates';
import { sendMail } from '../mail/ses';
import { MSG } from '../messages';
import { signToken } from './jwt';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { ROLES, type Role } from './roles';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const registerSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(3)
      .max(50)
      .regex(/^[A-Za-z0-9._-]+$/)
      .optional(),
    fullName: z.string().trim().min(1).max(100).optional(),
    full_name: z.string().trim().min(1).max(100).optional(),
    email: z.email().max(254),
    password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
    role: z.enum(['pengelola', 'dinas']).default('pengelola'),
  })
  .refine((b) => b.fullName ?? b.full_name, { path: ['fullName'] });

export type RegisterInput = z.output<typeof registerSchema>;

/**
 * Creates an account. Sign-up (`verified: false`) or the CLI (`verified: true`, any role).
 * `username` may list candidates: each taken one is skipped for the next; 409 when all are taken.
 */
export async function registerUser(
  input: { username: string | readonly string[]; fullName: string; email: string; password: string; role: Role },
  verified: boolean,
): Promise<PublicUser> {
  if (!ROLES.includes(input.role)) throw badRequest(MSG.registerInvalid);
  const candidates = typeof input.username === 'string' ? [input.username] : input.username;
  const password_hash = await hashPassword(input.password);
  for (const [i, username] of candidates.entries()) {
    try {
      const user = await createUser({
        username,
        full_name: input.fullName,
        email: input.email,
        role: input.role,
        password_hash,
        is_verified: verified,
      });
      return toPublicUser(user);
    } catch (err) {
      if (!(err instanceof DuplicateUserError)) throw err;
      if (err.field === 'email') throw conflict(MSG.emailTaken);
      if (i === candidates.length - 1) throw conflict(MSG.usernameTaken);
    }
  }
  throw conflict(MSG.usernameTaken);
}

/** Login throttling: 5 failures within 15 minutes lock the e-mail for 15 minutes (then it works again). */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;

/**
 * Checks the password first (the same 401 for an unknown e-mail), then verification.
 * Repeated failures for one e-mail lock it for a while (429 with Retry-After); a
 * success clears the count. The lock always ends, so the owner is never locked out for good.
 */
export async function login(email: string, password: string): Promise<{ token: string; user: PublicUser }> {
  const now = nowMs();
  const [user, throttle] = await Promise.all([getUserByEmail(email), getLoginThrottle(email)]);
  if (throttle?.locked_until && throttle.locked_until > now) {
    throw tooManyRequests(MSG.loginThrottled, (throttle.locked_until - now) / 1000);
  }
  const matches = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !matches) {
    const rec = await recordLoginFailure(email, now, LOGIN_WINDOW_MS, LOGIN_MAX_FAILURES, LOGIN_LOCK_MS);
    if (rec.locked_until && rec.locked_until > now) throw tooManyRequests(MSG.loginThrottled, (rec.locked_until - now) / 1000);
    throw unauthorized(MSG.loginFailed);
  }
  if (throttle) await clearLoginThrottle(email);
  if (!user.is_verified) throw forbidden(MSG.accountUnverified);
  return { token: await signToken(user), user: toPublicUser(user) };
}

/**
 * PUT /auth/verify/:email. Idempotent: verifying twice succeeds twice and mails twice.
 * The flag is committed before the mail is sent; if the mail fails the caller gets 500
 * "Gagal mengirim email" and a retry sends it again.
 */
export async function verifyAccount(email: string): Promise<void> {
  const user = await markVerified(email);
  if (!user) throw notFound(MSG.userNotFound);
  try {
    await sendMail(accountVerifiedMail(user.email, user.full_name || user.username));
  } catch (err) {
    log.error('verification mail failed', err);
    throw serverError(MSG.mailFailed);
  }
}
