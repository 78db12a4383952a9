import { notFound } from '../../lib/errors';
import { route } from '../../lib/http/handler';
import { MSG } from '../../lib/messages';

/** ANY /{proxy+}: every path no other function serves. */
export const handler = route('ANY /{proxy+}', async () => {
  throw notFound(MSG.notFoundRoute);
});
