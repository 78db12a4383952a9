import { deleteRequest } from '../../lib/domain/requests';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdPermintaanParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ params: kdPermintaanParams }, async ({ params, caller }) => {
  await deleteRequest(params.kd_permintaan, caller);
  return ok({ message: MSG.requestDeleted });
});
