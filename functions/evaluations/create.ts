import { createRound, roundInput, roundView } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { namingFields } from '../../lib/contract/validation';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ body: roundInput, invalid: namingFields(MSG.evaluationInvalid) }, async ({ body, caller }) =>
  created({ message: MSG.evaluationCreated, data: roundView(await createRound(body, signedIn(caller))) }),
);
