import { deleteRound, evaluationParams } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ params: evaluationParams }, async ({ params, caller }) => {
  await deleteRound(params.id_evaluasi, signedIn(caller));
  return ok({ message: MSG.evaluationDeleted });
});
