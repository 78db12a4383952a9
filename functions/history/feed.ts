import { MSG } from '../../lib/contract/messages';
import { getHistoryFeed, historyFeedQuery } from '../../lib/domain/history';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route({ query: historyFeedQuery, invalid: MSG.historyQueryInvalid }, async ({ query, user }) => {
  const page = await getHistoryFeed(query, user!);
  return ok({ data: page.entries, next_cursor: page.next_cursor });
});
