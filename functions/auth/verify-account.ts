import { verifyAccount } from '../../lib/auth/accounts';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';
import { notFound } from '../../lib/errors';

export const handler = route('PUT /auth/verify/{email}', async ({ params }) => {
  const email = params.email?.trim();
  if (!email) throw notFound(MSG.userNotFound);
  await verifyAccount(email);
  return ok({ message: MSG.accountVerified });
});
