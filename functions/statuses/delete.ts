import { deleteStatus } from '../../lib/db/statuses';
import { notFound } from '../../lib/http/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';

export const handler = route('DELETE /api/status-desa/{kd_status}', async ({ params }) => {
  if (!(await deleteStatus(params.kd_status ?? ''))) throw notFound(MSG.villageStatusNotFound);
  return ok({ message: MSG.villageStatusDeleted });
});
