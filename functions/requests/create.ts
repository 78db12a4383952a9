import { createRequestAs, createRequestSchema } from '../../lib/domain/requests';
import { jsonBody } from '../../lib/http/body';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { parseOrInvalid } from '../../lib/contract/validation';
import { MSG } from '../../lib/contract/messages';

export const handler = route(async ({ event, user }) => {
  const input = parseOrInvalid(createRequestSchema, jsonBody(event, MSG.requestInvalid), MSG.requestInvalid);
  const request = await createRequestAs(input, user!);
  return created({ message: MSG.requestCreated, data: { kd_permintaan: request.kd_permintaan } });
});
