import { scoreList } from '../../lib/domain/score-service';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route('GET /api/skor', async () => ok({ data: await scoreList() }));
