import { signedIn } from '../../lib/contract/caller';
import { importList, importListQuery } from '../../lib/domain/import';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

/** GET /api/impor: past imports, newest first. */
export const handler = route({ query: importListQuery }, async ({ query, caller }) => ok(await importList(query, signedIn(caller))));
