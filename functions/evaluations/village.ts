import { assessmentParams, getVillageAssessment } from '../../lib/domain/evaluations';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';

export const handler = route({ params: assessmentParams }, async ({ params, caller }) =>
  ok({ data: await getVillageAssessment(params.id_evaluasi, params.kd_desa, signedIn(caller)) }),
);
