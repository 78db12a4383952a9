import { evaluationParams, getRound } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route({ params: evaluationParams }, async ({ params }) => ok({ data: await getRound(params.id_evaluasi) }));
