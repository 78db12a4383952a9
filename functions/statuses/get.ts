import { getStatus, toPublicStatus } from '../../lib/db/statuses';
import { notFound } from '../../lib/http/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';

export const handler = route('GET /api/status-desa/{kd_status}', async ({ params }) => {
  const status = await getStatus(params.kd_status ?? '');
  if (!status) throw notFound(MSG.villageStatusNotFound);
  return ok({ data: toPublicStatus(status) });
});
