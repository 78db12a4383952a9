import { deleteStatusOf } from '../../lib/domain/statuses';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';

export const handler = route('DELETE /api/status-desa/{kd_status}', async ({ params }) => {
  await deleteStatusOf(params.kd_status ?? '');
  return ok({ message: MSG.villageStatusDeleted });
});
