import { listScores } from '../../lib/domain/score-service';
import { filteredListQuery, filterOf } from '../../lib/domain/list-filters';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { listPage } from '../../lib/contract/inputs';

export const handler = route({ query: filteredListQuery }, async ({ query }) => ok(listPage(await listScores(filterOf(query)), query)));
