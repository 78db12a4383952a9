import { scoreList } from '../../lib/domain/score-service';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { listPage } from '../../lib/contract/validation';

export const handler = route(async ({ query }) => ok(listPage(await scoreList(), query)));
