import { PASSWORD_MAX, PASSWORD_MIN } from '../../lib/auth/accounts';
import { resetPassword } from '../../lib/auth/reset-codes';
import { jsonBody } from '../../lib/http/body';
import { present } from '../../lib/contract/validation';
import { invalid } from '../../lib/contract/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

export const handler = route(async ({ event }) => {
  const body = jsonBody(event) as Record<string, unknown>;
  const code = typeof body?.resetCode === 'number' ? String(body.resetCode) : body?.resetCode;
  const { email, newPassword, confirmPassword } = body ?? {};
  if (
    !present(email) ||
    !present(code) ||
    typeof newPassword !== 'string' ||
    newPassword === '' ||
    typeof confirmPassword !== 'string' ||
    confirmPassword === ''
  ) {
    throw invalid(MSG.resetAllFieldsRequired);
  }
  if (newPassword !== confirmPassword) throw invalid(MSG.resetPasswordMismatch);
  if (newPassword.length < PASSWORD_MIN || newPassword.length > PASSWORD_MAX) throw invalid(MSG.passwordLength);
  await resetPassword(email, code, newPassword);
  return ok({ message: MSG.passwordResetSuccess });
});
