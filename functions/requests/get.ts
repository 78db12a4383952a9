import { requestOf } from '../../lib/domain/requests';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route('GET /api/permintaan/{kd_permintaan}', async ({ params }) =>
  ok({ data: await requestOf(params.kd_permintaan ?? '') }),
);
