import { assessmentParams, submitSelfAssessment } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ params: assessmentParams }, async ({ params, caller }) =>
  ok({ message: MSG.selfAssessmentSubmitted, data: await submitSelfAssessment(params.id_evaluasi, params.kd_desa, signedIn(caller)) }),
);
