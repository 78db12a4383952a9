import { getScore } from '../../lib/domain/score-service';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';

export const handler = route({ params: kdDesaParams }, async ({ params }) => ok({ data: await getScore(params.kd_desa) }));
