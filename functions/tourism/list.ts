import { tourismDescriptionsPage } from '../../lib/domain/tourism-descriptions';
import { invalid } from '../../lib/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';
import { presentForBoth } from '../../lib/web-app/tourism';

function positiveInt(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d{1,9}$/.test(value.trim())) throw invalid(MSG.paginationInvalid);
  const n = Number(value);
  if (n < 1 || n > max) throw invalid(MSG.paginationInvalid);
  return n;
}

export const handler = route('GET /api/deskripsi-wisata', async ({ query }) => {
  const page = positiveInt(query.page, 1, 1_000_000);
  const limit = positiveInt(query.limit, 10, 100);
  const { items, pagination } = await tourismDescriptionsPage(page, limit);
  return ok({ data: items.map(presentForBoth), pagination });
});
