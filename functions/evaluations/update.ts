import { evaluationParams, roundInput, roundView, updateRound } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ params: evaluationParams, body: roundInput }, async ({ params, body, caller }) =>
  ok({ message: MSG.evaluationUpdated, data: roundView(await updateRound(params.id_evaluasi, body, signedIn(caller))) }),
);
