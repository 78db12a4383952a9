import { countTourismDescriptions, tourismDescriptionPage } from '../../lib/db/tourism-descriptions';
import { badRequest } from '../../lib/http/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';
import { presentForBoth } from '../../lib/web-app/tourism';

function positiveInt(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d{1,9}$/.test(value.trim())) throw badRequest(MSG.paginationInvalid);
  const n = Number(value);
  if (n < 1 || n > max) throw badRequest(MSG.paginationInvalid);
  return n;
}

export const handler = route('GET /api/deskripsi-wisata', async ({ query }) => {
  const page = positiveInt(query.page, 1, 1_000_000);
  const limit = positiveInt(query.limit, 10, 100);
  const [total, items] = await Promise.all([countTourismDescriptions(), tourismDescriptionPage(page, limit)]);
  return ok({ data: items.map(presentForBoth), pagination: { page, limit, total, pages: Math.ceil(total / limit) } });
});
