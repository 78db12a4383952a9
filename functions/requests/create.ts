import { createRequest, createRequestInput } from '../../lib/domain/requests';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

export const handler = route(
  { body: createRequestInput, badJson: MSG.requestInvalid, invalid: MSG.requestInvalid },
  async ({ body, user, who }) => {
    const request = await createRequest(body, user!, who);
    return created({ message: MSG.requestCreated, data: { kd_permintaan: request.kd_permintaan } });
  },
);
