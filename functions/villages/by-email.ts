import { villagesOfManager } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route('GET /api/desa-wisata/email/{email}', async ({ params }) =>
  ok({ data: await villagesOfManager(params.email ?? '') }),
);
