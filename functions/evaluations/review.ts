import { assessmentParams, reviewInput, reviewVillage } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ params: assessmentParams, body: reviewInput }, async ({ params, body, caller }) =>
  ok({
    message: body.terbitkan ? MSG.reviewSaved : MSG.reviewDraftSaved,
    data: await reviewVillage(params.id_evaluasi, params.kd_desa, body, signedIn(caller)),
  }),
);
