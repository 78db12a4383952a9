import { registerInput, registerUser } from '../../lib/auth/accounts';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { fromWebAppRegistration, usernameCandidates } from '../../lib/web-app/accounts';

export const handler = route({ body: registerInput, adapt: fromWebAppRegistration }, async ({ body, caller }) => {
  const user = await registerUser(
    {
      username: body.username ?? usernameCandidates(body.email),
      fullName: body.full_name,
      email: body.email,
      password: body.password,
      role: body.role,
    },
    false,
    // its source address: the token-less first village is accepted only from there (lib/auth/signup-source.ts)
    caller,
  );
  return created({ message: MSG.registerSuccess, data: { id: user.id } });
});
