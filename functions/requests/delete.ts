import { deleteRequestOf } from '../../lib/domain/requests';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

export const handler = route(async ({ params }) => {
  await deleteRequestOf(params.kd_permintaan ?? '');
  return ok({ message: MSG.requestDeleted });
});
