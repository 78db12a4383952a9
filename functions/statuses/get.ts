import { getStatus } from '../../lib/domain/statuses';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdStatusParams } from '../../lib/contract/inputs';

export const handler = route({ params: kdStatusParams }, async ({ params }) => ok({ data: await getStatus(params.kd_status) }));
