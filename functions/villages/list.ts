import { villageListWithRequests } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { listPage } from '../../lib/contract/validation';

export const handler = route(async ({ query }) => ok(listPage(await villageListWithRequests(), query)));
