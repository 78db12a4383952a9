import { listTourismDescriptions } from '../../lib/domain/tourism-descriptions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { pageQuery } from '../../lib/contract/inputs';
import { tourismDescriptionForWebApp } from '../../lib/web-app/tourism';

export const handler = route({ query: pageQuery }, async ({ query }) => {
  const { items, pagination } = await listTourismDescriptions(query.page, query.limit);
  return ok({ data: items.map(tourismDescriptionForWebApp), pagination });
});
