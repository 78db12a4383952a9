import { signedIn } from '../../lib/contract/caller';
import { evaluationParams, roundExport, roundExportQuery } from '../../lib/domain/evaluations';
import { wantsLink } from '../../lib/domain/export';
import { fileAnswer } from '../../lib/http/file-answer';
import { route } from '../../lib/http/handler';

/** GET /api/evaluasi/{id}/export: the round's villages with self-assessment and review, as XLSX or CSV. */
export const handler = route({ params: evaluationParams, query: roundExportQuery }, async ({ params, query, caller, headers }) =>
  fileAnswer(await roundExport(params.id_evaluasi, query.format, signedIn(caller)), headers, wantsLink(query)),
);
