import { verifyAccount, verifyAccountParams } from '../../lib/auth/accounts';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { notFound } from '../../lib/contract/errors';

export const handler = route({ params: verifyAccountParams, invalid: () => notFound(MSG.userNotFound) }, async ({ params, caller }) => {
  await verifyAccount(params.email, caller);
  return ok({ message: MSG.accountVerified });
});
