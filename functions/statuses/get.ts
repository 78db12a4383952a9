import { statusOf } from '../../lib/domain/statuses';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route(async ({ params }) => ok({ data: await statusOf(params.kd_status ?? '') }));
