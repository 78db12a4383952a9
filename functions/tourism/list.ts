import { tourismDescriptionsPage } from '../../lib/domain/tourism-descriptions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { positiveInt } from '../../lib/contract/validation';
import { presentForBoth } from '../../lib/web-app/tourism';

export const handler = route(async ({ query }) => {
  const page = positiveInt(query.page, 1, 1_000_000);
  const limit = positiveInt(query.limit, 10, 100);
  const { items, pagination } = await tourismDescriptionsPage(page, limit);
  return ok({ data: items.map(presentForBoth), pagination });
});
