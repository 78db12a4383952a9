import { deleteStatus } from '../../lib/domain/statuses';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdStatusParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ params: kdStatusParams }, async ({ params, caller }) => {
  await deleteStatus(params.kd_status, caller);
  return ok({ message: MSG.villageStatusDeleted });
});
