import { assessmentParams, returnInput, returnSelfAssessment } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';

/** POST /api/evaluasi/{id}/desa/{kd}/kembalikan: a submitted self-assessment back to its manager for correction. */
export const handler = route({ params: assessmentParams, body: returnInput }, async ({ params, body, caller }) =>
  ok({
    message: MSG.selfAssessmentReturned,
    data: await returnSelfAssessment(params.id_evaluasi, params.kd_desa, body, signedIn(caller)),
  }),
);
