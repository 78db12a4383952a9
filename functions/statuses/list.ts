import { statusesWithVillages } from '../../lib/domain/statuses';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { listPage } from '../../lib/contract/validation';
import { statusForBoth } from '../../lib/web-app/statuses';

export const handler = route(async ({ query }) => ok(listPage((await statusesWithVillages()).map(statusForBoth), query)));
