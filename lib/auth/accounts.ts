import { z } from 'zod';
import { createUser, DuplicateUserError, getUserByEmail, markVerified, toPublicUser, type PublicUser } from '../db/users';
import { badRequest, conflict, forbidden, notFound, serverError, unauthorized } from '../http/errors';
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
    username: z.string().trim().min(3).max(50).regex(/^[A-Za-z0-9._-]+$/),
    fullName: z.string().trim().min(1).max(100).optional(),
    full_name: z.string().trim().min(1).max(100).optional(),
    email: z.email().max(254),
    password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
    role: z.enum(['pengelola', 'dinas']).default('pengelola'),
  })
  .refine((b) => b.fullName ?? b.full_name, { path: ['fullName'] });

export type RegisterInput = z.output<typeof registerSchema>;

/** Creates an account. Sign-up (`verified: false`) or the CLI (`verified: true`, any role). */
export async function registerUser(
  input: { username: string; fullName: string; email: string; password: string; role: Role },
  verified: boolean,
): Promise<PublicUser> {
  if (!ROLES.includes(input.role)) throw badRequest(MSG.registerInvalid);
  try {
    const user = await createUser({
      username: input.username,
      full_name: input.fullName,
      email: input.email,
      role: input.role,
      password_hash: await hashPassword(input.password),
      is_verified: verified,
    });
    return toPublicUser(user);
  } catch (err) {
    if (err instanceof DuplicateUserError) throw conflict(err.field === 'email' ? MSG.emailTaken : MSG.usernameTaken);
    throw err;
  }
}

/** Checks the password first (the same 401 for an unknown e-mail), then verification. */
export async function login(email: string, password: string): Promise<{ token: string; user: PublicUser }> {
  const user = await getUserByEmail(email);
  const matches = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !matches) throw unauthorized(MSG.loginFailed);
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
