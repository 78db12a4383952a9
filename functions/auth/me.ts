import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { meForWebApp } from '../../lib/web-app/accounts';
import { signedIn } from '../../lib/contract/caller';

export const handler = route(async ({ caller }) => {
  const user = signedIn(caller);
  const { id, username, email, role, is_verified } = user;
  return ok({ user: { id, username, email, role, is_verified }, ...meForWebApp(user) });
});
