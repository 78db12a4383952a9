import { updateStatus } from '../../lib/db/statuses';
import { updateStatusSchema } from '../../lib/domain/statuses';
import { jsonBody } from '../../lib/http/body';
import { notFound } from '../../lib/http/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { parseOr400 } from '../../lib/http/validation';
import { MSG } from '../../lib/messages';
import { statusBodyForBoth } from '../../lib/web-app/statuses';

export const handler = route('PUT /api/status-desa/{kd_status}', async ({ event, params }) => {
  const input = parseOr400(updateStatusSchema, statusBodyForBoth(jsonBody(event)), MSG.villageStatusInvalid, true);
  if (!(await updateStatus(params.kd_status ?? '', input))) throw notFound(MSG.villageStatusNotFound);
  return ok({ message: MSG.villageStatusUpdated });
});
