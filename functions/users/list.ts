import { parseIncludeDesa, userList } from '../../lib/domain/users';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route(async ({ query }) => ok({ data: await userList(parseIncludeDesa(query.includeDesa)) }));
