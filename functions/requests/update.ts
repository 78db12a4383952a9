import { updateRequestInput, updateRequestStatus } from '../../lib/domain/requests';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdPermintaanParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ params: kdPermintaanParams, body: updateRequestInput }, async ({ params, body, caller }) => {
  await updateRequestStatus(params.kd_permintaan, body, caller);
  return ok({ message: MSG.requestUpdated });
});
