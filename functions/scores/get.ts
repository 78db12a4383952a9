import { scoreOf } from '../../lib/domain/score-service';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route('GET /api/skor/{kd_desa}', async ({ params }) => ok({ data: await scoreOf(params.kd_desa ?? '') }));
