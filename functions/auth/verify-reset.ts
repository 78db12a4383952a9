import { verifyResetCode, verifyResetInput } from '../../lib/auth/reset-codes';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ body: verifyResetInput }, async ({ body }) => {
  await verifyResetCode(body.email, body.resetCode);
  return ok({ message: MSG.resetCodeValid });
});
