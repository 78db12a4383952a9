import { listStatuses, toPublicStatus } from '../../lib/db/statuses';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route('GET /api/status-desa', async () => ok({ data: (await listStatuses()).map(toPublicStatus) }));
