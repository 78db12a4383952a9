import { requestResetCode } from '../../lib/auth/reset-codes';
import { jsonBody } from '../../lib/http/body';
import { present } from '../../lib/contract/validation';
import { invalid } from '../../lib/contract/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

export const handler = route(async ({ event }) => {
  const body = jsonBody(event) as { email?: unknown };
  if (!present(body?.email)) throw invalid(MSG.emailRequired);
  await requestResetCode(body.email);
  return ok({ message: MSG.resetCodeSent });
});
