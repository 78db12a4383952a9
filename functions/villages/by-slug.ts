import { getVillageBySlug } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { slugParams } from '../../lib/contract/inputs';

export const handler = route({ params: slugParams }, async ({ params }) => ok({ data: await getVillageBySlug(params.slug) }));
