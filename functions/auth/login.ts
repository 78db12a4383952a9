import { login, loginInput } from '../../lib/auth/accounts';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ body: loginInput }, async ({ body, caller }) => {
  const { token, user } = await login(body.email, body.password, caller);
  // The token is at the top level too: the existing web front end reads it there.
  return ok({ message: MSG.loginSuccess, token, data: { user, token } });
});
