/** The catalogue of functions/auth: accounts, login, password reset, verification. */
import * as z from 'zod';
import { loginInput, registerInput, verifyAccountParams } from '../../auth/accounts';
import { requestResetInput, resetPasswordInput, verifyResetInput } from '../../auth/reset-codes';
import { MSG } from '../../contract/messages';
import { notificationSwitchesInput } from '../../domain/notifications';
import * as R from '../responses';
import { area, createdDoc, done, e, json, ok, okData, withData, type AreaDocs, trips, unrecorded } from './shared';

const entry = area('Akun');
const mailFailed = (when: string) => e(500, MSG.mailFailed, when);
const NOTIFICATION_SWITCHES = z.object({ pengingat: z.boolean(), perubahan: z.boolean() }).meta({ id: 'NotificationSwitches' });

export const AUTH_DOCS = {
  'POST /auth/register': entry('Register an account (pengelola or dinas)', {
    facts: trips(2, 'user id counter, then user + username marker in one transaction', 'account.registered'),
    description:
      'New accounts are unverified until an admin verifies them. Without `username` one is derived from the e-mail. The web app sends `fullName` for `full_name`. Admins cannot sign up.',
    request: json(registerInput, {
      username: 'pengelola_merapi',
      full_name: 'Siti Rahayu',
      email: 'siti@example.com',
      password: 'rahasia-123',
      role: 'pengelola',
    }),
    success: createdDoc(withData(MSG.registerSuccess, z.object({ id: z.number().int() }))),
    errors: [
      e(409, MSG.emailTaken, 'The e-mail is already registered'),
      e(409, MSG.usernameTaken, 'The username is taken (case-insensitive)'),
    ],
  }),
  'POST /auth/login': entry('Log in and receive a bearer token', {
    facts: unrecorded(
      1,
      'user ∥ login throttles (a failed login adds its writes)',
      'a login changes nothing (a lock it causes is recorded: tests/history/security-events.test.ts)',
    ),
    description:
      'The token (HS256 JWT, 24 h) is given at the top level and in `data`. Five failed logins for one e-mail within 15 minutes lock it for 15 minutes.',
    request: json(loginInput, { email: 'admin@desawisata.local', password: 'desawisata-demo' }),
    success: ok(
      R.success({ message: R.message(MSG.loginSuccess), token: z.string(), data: z.object({ user: R.PublicUser, token: z.string() }) }),
    ),
    errors: [
      e(401, MSG.loginFailed, 'Unknown e-mail or wrong password'),
      e(403, MSG.accountUnverified, 'Right password, but the account is not verified yet'),
      e(429, MSG.loginThrottled, 'Too many failed logins for this e-mail (see Retry-After)'),
    ],
  }),
  'POST /auth/password': entry('Request a password reset code by e-mail', {
    facts: unrecorded(
      2,
      'user, then the conditional code write (once a minute)',
      'issues a reset code, a secret that never enters the history; the reset itself is recorded',
    ),
    description: 'Sends a 6-digit code, valid 5 minutes; at most one new code per minute per e-mail.',
    request: json(requestResetInput, { email: 'siti@example.com' }),
    success: done(MSG.resetCodeSent),
    errors: [
      e(404, MSG.emailNotFound, 'No account with this e-mail'),
      e(429, MSG.resetCodeTooSoon, 'A code was sent less than a minute ago (see Retry-After)'),
      mailFailed('The mail could not be sent (no code is left behind)'),
    ],
  }),
  'POST /auth/password/verify': entry('Check a reset code', {
    facts: unrecorded(3, 'code, take one try atomically, give it back (a try is taken before the comparison)', 'checks a code'),
    request: json(verifyResetInput, { email: 'siti@example.com', resetCode: '123456' }),
    success: done(MSG.resetCodeValid),
    errors: [e(400, MSG.resetCodeWrong, 'Wrong, expired, used-up or unknown code (5 tries per code)')],
  }),
  'PUT /auth/password': entry('Set a new password with a reset code', {
    facts: trips(
      4,
      'code, take one try, the account’s login locks, then password + code + locks in one transaction',
      'account.password_reset',
    ),
    description: 'Checked in this order: all fields present, passwords equal, password length (8 to 128 characters), code.',
    request: json(resetPasswordInput, {
      email: 'siti@example.com',
      resetCode: '123456',
      newPassword: 'rahasia-baru-123',
      confirmPassword: 'rahasia-baru-123',
    }),
    success: done(MSG.passwordResetSuccess),
    errors: [
      e(400, MSG.resetPasswordMismatch, 'newPassword and confirmPassword differ'),
      e(400, MSG.passwordLength, 'The new password is shorter than 8 or longer than 128 characters'),
      e(400, MSG.resetCodeInvalidOrExpired, 'Wrong, expired, used-up or unknown code'),
    ],
  }),
  'PUT /auth/verify/{email}': entry('Verify an account (admin)', {
    facts: trips(3, 'token, the account (already verified: no write), then the change + list version', 'account.verified'),
    description: 'Idempotent; mails the user each time.',
    params: verifyAccountParams,
    success: done(MSG.accountVerified),
    errors: [e(404, MSG.userNotFound, 'No account with this e-mail'), mailFailed('The account is verified but the mail could not be sent')],
  }),
  'GET /auth/me': entry("The token owner's account", {
    facts: trips(1, 'token'),
    success: ok(R.success({ user: R.PublicUser.omit({ full_name: true }) })),
  }),
  'GET /api/akun/notifikasi': entry("The account's notification mails: which are on", {
    facts: trips(2, 'token, then the account (its switches)'),
    description:
      'Any signed-in user. `pengingat`: reminders before self-assessment closes; `perubahan`: the other notices. Both are on until turned off (PUT /api/akun/notifikasi).',
    success: okData(NOTIFICATION_SWITCHES),
  }),
  'PUT /api/akun/notifikasi': entry("Turn the account's notification mails on or off", {
    facts: trips(3, 'token, the account (its switches as read), then its change + history entry', 'account.notifications_changed'),
    description:
      'Any signed-in user. `pengingat`: reminders before self-assessment closes; `perubahan`: the other notices (a round opened, a submission for dinas, a review, a request’s or a village status’s change). Both are on until turned off; a switch not sent stays as it is. Answers both switches as they become.',
    request: json(notificationSwitchesInput, { pengingat: true, perubahan: false }),
    success: ok(withData(MSG.notificationSettingsSaved, NOTIFICATION_SWITCHES)),
    errors: [e(400, MSG.notificationSettingsEmpty, 'Neither switch was sent')],
  }),
} satisfies AreaDocs;
