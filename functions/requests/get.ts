import { getRequestWithNames } from '../../lib/db/requests';
import { withNames } from '../../lib/domain/requests';
import { notFound } from '../../lib/http/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';

export const handler = route('GET /api/permintaan/{kd_permintaan}', async ({ params }) => {
  const found = await getRequestWithNames(params.kd_permintaan ?? '');
  if (!found) throw notFound(MSG.requestNotFound);
  return ok({ data: withNames(found.request, found.fullName, found.villageName) });
});
