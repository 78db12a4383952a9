import { updateRequestSchema, updateRequestStatusOf } from '../../lib/domain/requests';
import { jsonBody } from '../../lib/http/body';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';
import { parseOrInvalid } from '../../lib/validation';

export const handler = route('PUT /api/permintaan/{kd_permintaan}', async ({ event, params }) => {
  await updateRequestStatusOf(
    params.kd_permintaan ?? '',
    parseOrInvalid(updateRequestSchema, jsonBody(event, MSG.requestInvalid), MSG.requestInvalid),
  );
  return ok({ message: MSG.requestUpdated });
});
