import { updateStatusOf, updateStatusSchema } from '../../lib/domain/statuses';
import { jsonBody } from '../../lib/http/body';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { parseOrInvalid } from '../../lib/contract/validation';
import { statusBodyForBoth } from '../../lib/web-app/statuses';

export const handler = route(async ({ event, params }) => {
  await updateStatusOf(
    params.kd_status ?? '',
    parseOrInvalid(updateStatusSchema, statusBodyForBoth(jsonBody(event)), MSG.villageStatusInvalid, true),
  );
  return ok({ message: MSG.villageStatusUpdated });
});
