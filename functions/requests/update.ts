import { setRequestStatus } from '../../lib/db/requests';
import { updateRequestSchema } from '../../lib/domain/requests';
import { jsonBody } from '../../lib/http/body';
import { notFound } from '../../lib/http/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { parseOr400 } from '../../lib/http/validation';
import { MSG } from '../../lib/messages';

export const handler = route('PUT /api/permintaan/{kd_permintaan}', async ({ event, params }) => {
  const input = parseOr400(updateRequestSchema, jsonBody(event, MSG.requestInvalid), MSG.requestInvalid);
  if (!(await setRequestStatus(params.kd_permintaan ?? '', input.status_permintaan))) throw notFound(MSG.requestNotFound);
  return ok({ message: MSG.requestUpdated });
});
