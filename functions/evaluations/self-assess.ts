import '../../lib/domain/image-storing';
import { assessmentParams, saveSelfAssessment, selfAssessmentInput } from '../../lib/domain/evaluations';
import { EVIDENCE_LIMITS } from '../../lib/domain/evidence';
import { form } from '../../lib/http/form';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';

export const handler = route(
  {
    params: assessmentParams,
    // multipart (`data` as JSON text, files bukti_<criterion>[]) or the same data as JSON
    form: form({ data: selfAssessmentInput, limits: EVIDENCE_LIMITS }),
  },
  async ({ params, body, files, caller }) =>
    ok({
      message: MSG.selfAssessmentSaved,
      data: await saveSelfAssessment(params.id_evaluasi, params.kd_desa, body, files, signedIn(caller)),
    }),
);
