import { verifyAccount, verifyAccountParams } from '../../lib/auth/accounts';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { notFound } from '../../lib/contract/errors';

export const handler = route({ params: verifyAccountParams, invalid: () => notFound(MSG.userNotFound) }, async ({ params }) => {
  await verifyAccount(params.email);
  return ok({ message: MSG.accountVerified });
});
