import { getScore } from '../../lib/db/scores';
import { pickScoreValues } from '../../lib/domain/scores';
import { notFound } from '../../lib/http/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';

export const handler = route('GET /api/skor/{kd_desa}', async ({ params }) => {
  const score = await getScore(params.kd_desa ?? '');
  if (!score) throw notFound(MSG.scoreNotFound);
  return ok({ data: { kd_desa: score.kd_desa, ...pickScoreValues(score), created_at: score.created_at, updated_at: score.updated_at } });
});
