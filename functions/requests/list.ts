import { listRequests } from '../../lib/domain/requests';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route(async () => ok({ data: await listRequests() }));
