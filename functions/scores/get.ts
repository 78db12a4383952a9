import { scoreOf } from '../../lib/domain/score-service';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route(async ({ params }) => ok({ data: await scoreOf(params.kd_desa ?? '') }));
