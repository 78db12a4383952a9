import { updateScore, updateScoreInput } from '../../lib/domain/score-service';
import { scoreResponse } from '../../lib/domain/scores';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';

export const handler = route({ params: kdDesaParams, body: updateScoreInput }, async ({ params, body, caller }) =>
  ok(scoreResponse(await updateScore(params.kd_desa, body, caller))),
);
