import { createRound, roundInput, roundView } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ body: roundInput }, async ({ body, caller }) =>
  created({ message: MSG.evaluationCreated, data: roundView(await createRound(body, signedIn(caller))) }),
);
