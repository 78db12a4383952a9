import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { nowMs } from '../platform/clock';
import { config } from '../platform/config';
import * as codes from '../db/reset-codes';
import { deleteLoginThrottles, loginThrottleKeys } from '../db/login-throttle';
import { inUnitOfWork } from '../db/unit-of-work';
import { getUserByEmail } from '../db/users';
import { normEmail } from '../db/keys';
import { failed, invalid, notFound, tooMany } from '../contract/errors';
import { log } from '../platform/log';
import { resetCodeMail } from '../mail/templates';
import { sendMail } from '../mail/ses';
import { MSG } from '../contract/messages';
import { count } from '../platform/metrics';
import { hashPassword } from './password';
import { PASSWORD_MAX, PASSWORD_MIN } from './accounts';
import { nonBlank, whenFieldsValid, refusals } from '../contract/validation';
import type { Acting } from '../contract/caller';

export const RESET_CODE_TTL_MS = 5 * 60 * 1000;
export const RESET_CODE_RESEND_MS = 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;

const emailField = nonBlank.meta({ format: 'email' });
/** A reset code as sent: a string, or a number (read as its digits). */
const resetCode = z.union([nonBlank, z.number().transform(String)]).meta({ examples: ['123456'] });

/** POST /auth/password (any failure: 400 "Email harus diisi"). */
export const requestResetInput = z.object({ email: emailField });
refusals.add(requestResetInput, { message: MSG.emailRequired, when: 'email is missing' });
/** POST /auth/password/verify (any failure: 400 "Email dan kode reset harus diisi"). */
export const verifyResetInput = z.object({ email: emailField, resetCode });
refusals.add(verifyResetInput, { message: MSG.resetVerifyMissing, when: 'email or resetCode is missing' });
/**
 * PUT /auth/password, checked in this order: every field present (400 "Semua field harus
 * diisi"), the two passwords equal, the new password's length; the code comes last (resetPassword).
 */
export const resetPasswordInput = z
  .object({
    email: emailField,
    resetCode,
    // the length is checked after the two passwords are compared; documented on the field all the same
    newPassword: z.string().min(1).meta({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
    confirmPassword: z.string().min(1),
  })
  .refine((b) => b.newPassword === b.confirmPassword, { error: MSG.resetPasswordMismatch, ...whenFieldsValid })
  .refine((b) => b.newPassword.length >= PASSWORD_MIN && b.newPassword.length <= PASSWORD_MAX, {
    error: MSG.passwordLength,
    ...whenFieldsValid,
  });
refusals.add(resetPasswordInput, { message: MSG.resetAllFieldsRequired, when: 'A field is missing' });

let hmacKey: Buffer | undefined;
// Codes have only 10^6 values, so a plain hash would be reversible from a table dump;
// an HMAC under a key derived from the server secret is not.
function codeHash(email: string, issuedAt: number, code: string): string {
  hmacKey ??= createHmac('sha256', config().jwtSecret).update('reset-code-v1').digest();
  return createHmac('sha256', hmacKey).update(`${email}\n${issuedAt}\n${code}`).digest('base64url');
}

const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** POST /auth/password: issues a code and mails it. */
export async function requestResetCode(rawEmail: string): Promise<void> {
  const email = normEmail(rawEmail);
  const user = await getUserByEmail(email);
  if (!user) throw notFound(MSG.emailNotFound);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const issuedAt = nowMs();
  const hash = codeHash(email, issuedAt, code);
  const stored = await codes.putResetCode(
    {
      email,
      code_hash: hash,
      issued_at: issuedAt,
      expiresAt: Math.ceil((issuedAt + RESET_CODE_TTL_MS) / 1000),
      attempts: 0,
      verified: false,
    },
    issuedAt - RESET_CODE_RESEND_MS,
  );
  if (!stored) throw tooMany(MSG.resetCodeTooSoon, RESET_CODE_RESEND_MS / 1000);

  try {
    await sendMail(resetCodeMail(user.email, user.full_name || user.username, code, RESET_CODE_TTL_MS / 60000));
    count('ResetCodesSent');
  } catch (err) {
    count('ResetCodesFailed');
    log.error('reset code mail failed', err);
    // Nobody received this code: remove it so that nothing usable is left behind and
    // the person can ask again at once.
    await codes.deleteResetCode(email, hash);
    throw failed(MSG.mailFailed);
  }
}

type CheckOutcome = { ok: true; hash: string } | { ok: false };

/**
 * Checks a code, counting the try before comparing so that parallel guesses cannot
 * exceed the limit; a correct code gives its try back.
 */
async function checkCode(email: string, code: string, markVerified: boolean): Promise<CheckOutcome> {
  const rec = await codes.getResetCode(email);
  if (!rec || nowMs() >= rec.issued_at + RESET_CODE_TTL_MS || rec.attempts >= RESET_CODE_MAX_ATTEMPTS) return { ok: false };
  if (!(await codes.takeAttempt(email, rec.code_hash, RESET_CODE_MAX_ATTEMPTS))) return { ok: false };
  if (!/^\d{6}$/.test(code) || !sameHash(codeHash(email, rec.issued_at, code), rec.code_hash)) return { ok: false };
  if (markVerified) await codes.returnAttempt(email, rec.code_hash, true);
  return { ok: true, hash: rec.code_hash };
}

/** POST /auth/password/verify. */
export async function verifyResetCode(rawEmail: string, code: string): Promise<void> {
  const result = await checkCode(normEmail(rawEmail), code.trim(), true);
  if (!result.ok) throw invalid(MSG.resetCodeWrong);
}

/** PUT /auth/password: replaces the password and consumes the code in one transaction. */
export async function resetPassword(rawEmail: string, code: string, newPassword: string, caller: Acting): Promise<void> {
  const email = normEmail(rawEmail);
  const result = await checkCode(email, code.trim(), false);
  if (!result.ok) throw invalid(MSG.resetCodeInvalidOrExpired);
  const hash = await hashPassword(newPassword);
  // The owner proved control of the mailbox: every login lock of the account is lifted
  // in the same transaction as the password change.
  // a security event in the account's timeline (who reset it from where), in the same transaction
  const throttles = await loginThrottleKeys(email);
  try {
    await inUnitOfWork(caller, async (uow) => codes.recordPasswordReset(uow, email, hash, result.hash, throttles));
  } catch (err) {
    if (err instanceof codes.CodeGoneError) throw invalid(MSG.resetCodeInvalidOrExpired);
    throw err;
  }
  if (throttles.length > codes.LOCKS_IN_RESET) {
    // The password is changed already: a lock left behind expires by itself, so it is only logged.
    await deleteLoginThrottles(throttles.slice(codes.LOCKS_IN_RESET)).catch((err) => log.error('login locks not all lifted', err));
  }
}
