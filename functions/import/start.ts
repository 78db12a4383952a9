import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';
import { IMPORT_UPLOAD_LIMITS, importKindQuery, startImport } from '../../lib/domain/import';
import { upload } from '../../lib/http/form';
import { route } from '../../lib/http/handler';
import { json } from '../../lib/http/response';

/** POST /api/impor?jenis=: one XLSX or CSV file (`berkas`), kept and checked by the worker: 202. */
export const handler = route({ query: importKindQuery, upload: upload(IMPORT_UPLOAD_LIMITS) }, async ({ query, file, caller }) =>
  json(202, { message: MSG.importAccepted, data: await startImport(query.jenis, file, signedIn(caller)) }),
);
