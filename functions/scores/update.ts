import { updateScoreFor } from '../../lib/domain/score-service';
import { scoreResponse } from '../../lib/domain/scores';
import { jsonBody } from '../../lib/http/body';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route(async ({ event, params }) => ok(scoreResponse(await updateScoreFor(params.kd_desa ?? '', jsonBody(event)))));
