import { createStatus, createStatusInput } from '../../lib/domain/statuses';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { fromWebAppStatus } from '../../lib/web-app/statuses';

export const handler = route({ body: createStatusInput, adapt: fromWebAppStatus }, async ({ body, caller }) => {
  const status = await createStatus(body, caller);
  return created({ message: MSG.villageStatusCreated, data: { kd_status: status.kd_status } });
});
