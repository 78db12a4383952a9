import { getHistoryFeed, historyFeedQuery } from '../../lib/domain/history';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';

export const handler = route({ query: historyFeedQuery }, async ({ query, caller }) => {
  const page = await getHistoryFeed(query, signedIn(caller));
  return ok({ data: page.entries, next_cursor: page.next_cursor });
});
