import { createScoreFrom } from '../../lib/domain/score-service';
import { scoreResponse } from '../../lib/domain/scores';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';

export const handler = route('POST /api/skor', async ({ event }) => created(scoreResponse(await createScoreFrom(event))));
