import '../../lib/domain/image-storing';
import { assessmentParams, EVIDENCE_UPLOAD_LIMITS, evidenceUploadInput, uploadEvidence } from '../../lib/domain/evaluations';
import { form } from '../../lib/http/form';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';

/** POST /api/evaluasi/{id}/desa/{kd}/mandiri/bukti: one evidence file (`berkas`) of the criterion `data` names. */
export const handler = route(
  { params: assessmentParams, form: form({ data: evidenceUploadInput, limits: EVIDENCE_UPLOAD_LIMITS }) },
  async ({ params, body, files, caller }) =>
    ok({
      message: MSG.evidenceUploaded,
      data: await uploadEvidence(params.id_evaluasi, params.kd_desa, body.kriteria, files, signedIn(caller)),
    }),
);
