import { requestResetCode } from '../../lib/auth/reset-codes';
import { jsonBody } from '../../lib/http/body';
import { present } from '../../lib/validation';
import { invalid } from '../../lib/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';

export const handler = route('POST /auth/password', async ({ event }) => {
  const body = jsonBody(event) as { email?: unknown };
  if (!present(body?.email)) throw invalid(MSG.emailRequired);
  await requestResetCode(body.email);
  return ok({ message: MSG.resetCodeSent });
});
