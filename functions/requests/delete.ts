import { deleteRequest } from '../../lib/db/requests';
import { notFound } from '../../lib/http/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';

export const handler = route('DELETE /api/permintaan/{kd_permintaan}', async ({ params }) => {
  if (!(await deleteRequest(params.kd_permintaan ?? ''))) throw notFound(MSG.requestNotFound);
  return ok({ message: MSG.requestDeleted });
});
