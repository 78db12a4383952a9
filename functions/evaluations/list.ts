import { listRounds } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route(async () => ok({ data: await listRounds() }));
