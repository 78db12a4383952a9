import { requestResetCode, requestResetInput } from '../../lib/auth/reset-codes';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ body: requestResetInput }, async ({ body }) => {
  await requestResetCode(body.email);
  return ok({ message: MSG.resetCodeSent });
});
