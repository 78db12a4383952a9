import { verifyResetCode } from '../../lib/auth/reset-codes';
import { jsonBody } from '../../lib/http/body';
import { present } from '../../lib/contract/validation';
import { invalid } from '../../lib/contract/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

export const handler = route(async ({ event }) => {
  const body = jsonBody(event) as { email?: unknown; resetCode?: unknown };
  const code = typeof body?.resetCode === 'number' ? String(body.resetCode) : body?.resetCode;
  if (!present(body?.email) || !present(code)) throw invalid(MSG.resetVerifyMissing);
  await verifyResetCode(body.email, code);
  return ok({ message: MSG.resetCodeValid });
});
