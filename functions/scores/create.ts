import { createScoreFrom } from '../../lib/domain/score-service';
import { scoreResponse } from '../../lib/domain/scores';
import { jsonBody } from '../../lib/http/body';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';

export const handler = route(async ({ event }) => created(scoreResponse(await createScoreFrom(jsonBody(event)))));
