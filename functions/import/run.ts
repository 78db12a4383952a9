import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';
import { importParams, runImport } from '../../lib/domain/import';
import { route } from '../../lib/http/handler';
import { json } from '../../lib/http/response';

/** POST /api/impor/{id_impor}/jalankan: the worker applies the valid rows (202). */
export const handler = route({ params: importParams }, async ({ params, caller }) =>
  json(202, { message: MSG.importStarted, data: await runImport(params.id_impor, signedIn(caller)) }),
);
