import { getVillageBySlug, toPublicVillage } from '../../lib/db/villages';
import { notFound } from '../../lib/http/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';

export const handler = route('GET /api/desa-wisata/slug/{slug}', async ({ params }) => {
  const village = await getVillageBySlug((params.slug ?? '').toLowerCase());
  if (!village) throw notFound(MSG.villageNotFound);
  return ok({ data: toPublicVillage(village) });
});
