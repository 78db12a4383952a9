import { updateRequestSchema, updateRequestStatusOf } from '../../lib/domain/requests';
import { jsonBody } from '../../lib/http/body';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { parseOrInvalid } from '../../lib/contract/validation';

export const handler = route(async ({ event, params }) => {
  await updateRequestStatusOf(
    params.kd_permintaan ?? '',
    parseOrInvalid(updateRequestSchema, jsonBody(event, MSG.requestInvalid), MSG.requestInvalid),
  );
  return ok({ message: MSG.requestUpdated });
});
