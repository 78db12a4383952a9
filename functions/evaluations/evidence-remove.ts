import { assessmentParams, evidenceRemoveQuery, removeEvidence } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';

/** DELETE /api/evaluasi/{id}/desa/{kd}/mandiri/bukti?berkas=<key>: one evidence file off the draft. */
export const handler = route({ params: assessmentParams, query: evidenceRemoveQuery }, async ({ params, query, caller }) =>
  ok({ message: MSG.evidenceRemoved, data: await removeEvidence(params.id_evaluasi, params.kd_desa, query.berkas, signedIn(caller)) }),
);
