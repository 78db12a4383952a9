import { evaluationParams, roundSummary, summaryQuery } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route({ params: evaluationParams, query: summaryQuery }, async ({ params, query }) =>
  ok({ data: await roundSummary(params.id_evaluasi, query) }),
);
