import { evaluationParams, listRoundVillages, roundVillagesQuery } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';

export const handler = route({ params: evaluationParams, query: roundVillagesQuery }, async ({ params, query, caller }) =>
  ok(await listRoundVillages(params.id_evaluasi, query, signedIn(caller))),
);
