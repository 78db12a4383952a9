import { createStatusFor, createStatusSchema } from '../../lib/domain/statuses';
import { jsonBody } from '../../lib/http/body';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { parseOrInvalid } from '../../lib/contract/validation';
import { MSG } from '../../lib/contract/messages';
import { statusBodyForBoth } from '../../lib/web-app/statuses';

export const handler = route(async ({ event }) => {
  const input = parseOrInvalid(createStatusSchema, statusBodyForBoth(jsonBody(event)), MSG.villageStatusInvalid, true);
  const status = await createStatusFor(input);
  return created({ message: MSG.villageStatusCreated, data: { kd_status: status.kd_status } });
});
