import { listStatuses } from '../../lib/domain/statuses';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { listPage } from '../../lib/contract/inputs';
import { filteredListQuery, filterOf } from '../../lib/domain/list-filters';
import { statusForWebApp } from '../../lib/web-app/statuses';

export const handler = route({ query: filteredListQuery }, async ({ query }) =>
  ok(listPage((await listStatuses(filterOf(query))).map(statusForWebApp), query)),
);
