import { villageBySlug } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route('GET /api/desa-wisata/slug/{slug}', async ({ params }) =>
  ok({ data: await villageBySlug(params.slug ?? '') }),
);
