import { resetPassword, resetPasswordInput } from '../../lib/auth/reset-codes';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ body: resetPasswordInput }, async ({ body, caller }) => {
  await resetPassword(body.email, body.resetCode, body.newPassword, caller);
  return ok({ message: MSG.passwordResetSuccess });
});
