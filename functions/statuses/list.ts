import { listStatuses } from '../../lib/domain/statuses';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { listPage, listPagingQuery } from '../../lib/contract/inputs';
import { statusForWebApp } from '../../lib/web-app/statuses';

export const handler = route({ query: listPagingQuery }, async ({ query }) =>
  ok(listPage((await listStatuses()).map(statusForWebApp), query)),
);
