import { notFound } from '../../lib/contract/errors';
import { route } from '../../lib/http/handler';
import { MSG } from '../../lib/contract/messages';

/** ANY /{proxy+}: every path no other function serves. */
export const handler = route(async () => {
  throw notFound(MSG.notFoundRoute);
});
