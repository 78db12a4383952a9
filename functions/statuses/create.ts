import { createStatusFor, createStatusSchema } from '../../lib/domain/statuses';
import { jsonBody } from '../../lib/http/body';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { parseOrInvalid } from '../../lib/validation';
import { MSG } from '../../lib/messages';
import { statusBodyForBoth } from '../../lib/web-app/statuses';

export const handler = route('POST /api/status-desa', async ({ event }) => {
  const input = parseOrInvalid(createStatusSchema, statusBodyForBoth(jsonBody(event)), MSG.villageStatusInvalid, true);
  const status = await createStatusFor(input);
  return created({ message: MSG.villageStatusCreated, data: { kd_status: status.kd_status } });
});
