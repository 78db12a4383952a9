import { getTourismDescription } from '../../lib/db/tourism-descriptions';
import { notFound } from '../../lib/http/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';
import { presentForBoth } from '../../lib/web-app/tourism';

export const handler = route('GET /api/deskripsi-wisata/{kd_desa}', async ({ params }) => {
  const record = await getTourismDescription(params.kd_desa ?? '');
  if (!record) throw notFound(MSG.tourismDescriptionNotFound);
  return ok({ data: presentForBoth(record) });
});
