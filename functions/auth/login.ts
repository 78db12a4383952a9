import { login } from '../../lib/auth/accounts';
import { jsonBody } from '../../lib/http/body';
import { present } from '../../lib/contract/validation';
import { invalid } from '../../lib/contract/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

export const handler = route(async ({ event }) => {
  const body = jsonBody(event) as { email?: unknown; password?: unknown };
  if (!present(body?.email) || typeof body.password !== 'string' || body.password === '') throw invalid(MSG.loginMissing);
  const { token, user } = await login(body.email, body.password, event.requestContext?.identity?.sourceIp || 'unknown');
  // The token is at the top level too: the existing web front end reads it there.
  return ok({ message: MSG.loginSuccess, token, data: { user, token } });
});
