import { assessmentParams, saveSelfAssessment, selfAssessmentInput } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { namingFields } from '../../lib/contract/validation';
import { MSG } from '../../lib/contract/messages';

export const handler = route(
  { params: assessmentParams, body: selfAssessmentInput, invalid: namingFields(MSG.selfAssessmentInvalid) },
  async ({ params, body, caller }) =>
    ok({
      message: MSG.selfAssessmentSaved,
      data: await saveSelfAssessment(params.id_evaluasi, params.kd_desa, body, signedIn(caller)),
    }),
);
