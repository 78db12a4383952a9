import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { meForWebApp } from '../../lib/web-app/accounts';

export const handler = route(async ({ user }) => {
  const { id, username, email, role, is_verified } = user!;
  return ok({ user: { id, username, email, role, is_verified }, ...meForWebApp(user!) });
});
