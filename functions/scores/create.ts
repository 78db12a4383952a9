import { createScore, createScoreInput } from '../../lib/domain/score-service';
import { scoreResponse } from '../../lib/domain/scores';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ body: createScoreInput, invalid: MSG.scoreInvalid }, async ({ body, caller }) =>
  created(scoreResponse(await createScore(body, caller))),
);
