import { updateStatus, updateStatusInput } from '../../lib/domain/statuses';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdStatusParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';
import { fromWebAppStatus } from '../../lib/web-app/statuses';

export const handler = route(
  { params: kdStatusParams, body: updateStatusInput, adapt: fromWebAppStatus },
  async ({ params, body, caller }) => {
    await updateStatus(params.kd_status, body, caller);
    return ok({ message: MSG.villageStatusUpdated });
  },
);
