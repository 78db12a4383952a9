import { listUsers, listUsersQuery } from '../../lib/domain/users';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route({ query: listUsersQuery }, async ({ query }) => ok({ data: await listUsers(query.includeDesa) }));
