import { createScore, createScoreInput } from '../../lib/domain/score-service';
import { scoreResponse } from '../../lib/domain/scores';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';

export const handler = route({ body: createScoreInput }, async ({ body, caller }) =>
  created(scoreResponse(await createScore(body, caller))),
);
