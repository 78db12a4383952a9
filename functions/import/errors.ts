import { wantsLink } from '../../lib/domain/export';
import { signedIn } from '../../lib/contract/caller';
import { importErrorsFile, importErrorsQuery, importParams } from '../../lib/domain/import';
import { fileAnswer } from '../../lib/http/file-answer';
import { route } from '../../lib/http/handler';

/** GET /api/impor/{id_impor}/kesalahan?format=xlsx: the refused rows with their reasons, to fix and upload again. */
export const handler = route({ params: importParams, query: importErrorsQuery }, async ({ params, query, caller, headers }) =>
  fileAnswer(await importErrorsFile(params.id_impor, signedIn(caller)), headers, wantsLink(query)),
);
