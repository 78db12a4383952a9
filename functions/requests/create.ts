import { createRequest, createRequestInput } from '../../lib/domain/requests';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { signedIn } from '../../lib/contract/caller';

export const handler = route({ body: createRequestInput }, async ({ body, caller }) => {
  const request = await createRequest(body, signedIn(caller));
  return created({ message: MSG.requestCreated, data: { kd_permintaan: request.kd_permintaan } });
});
