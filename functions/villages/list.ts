import { listVillages } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { listPage, listPagingQuery } from '../../lib/contract/inputs';

export const handler = route({ query: listPagingQuery }, async ({ query }) => ok(listPage(await listVillages(), query)));
