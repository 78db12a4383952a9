import { verifyAccount } from '../../lib/auth/accounts';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { notFound } from '../../lib/contract/errors';

export const handler = route(async ({ params }) => {
  const email = params.email?.trim();
  if (!email) throw notFound(MSG.userNotFound);
  await verifyAccount(email);
  return ok({ message: MSG.accountVerified });
});
