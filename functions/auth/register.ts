import { registerSchema, registerUser } from '../../lib/auth/accounts';
import { jsonBody } from '../../lib/http/body';
import { parseOrInvalid } from '../../lib/contract/validation';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { usernameCandidates } from '../../lib/web-app/accounts';

export const handler = route(async ({ event }) => {
  const body = parseOrInvalid(registerSchema, jsonBody(event), MSG.registerInvalid);
  const user = await registerUser(
    {
      username: body.username ?? usernameCandidates(body.email),
      fullName: (body.fullName ?? body.full_name)!,
      email: body.email,
      password: body.password,
      role: body.role,
      // the token-less first village is accepted only from this address (lib/auth/signup-source.ts)
      source: event.requestContext?.identity?.sourceIp,
    },
    false,
  );
  return created({ message: MSG.registerSuccess, data: { id: user.id } });
});
