import { deleteStatusOf } from '../../lib/domain/statuses';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

export const handler = route(async ({ params }) => {
  await deleteStatusOf(params.kd_status ?? '');
  return ok({ message: MSG.villageStatusDeleted });
});
