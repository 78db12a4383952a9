import { signedIn } from '../../lib/contract/caller';
import { importParams, importStatus } from '../../lib/domain/import';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

/** GET /api/impor/{id_impor}: its state, counts, refused rows and progress. */
export const handler = route({ params: importParams }, async ({ params, caller }) =>
  ok({ data: await importStatus(params.id_impor, signedIn(caller)) }),
);
