import { requestOf } from '../../lib/domain/requests';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route(async ({ params }) => ok({ data: await requestOf(params.kd_permintaan ?? '') }));
