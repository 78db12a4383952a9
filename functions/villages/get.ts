import { getVillage, toPublicVillage } from '../../lib/db/villages';
import { notFound } from '../../lib/http/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';

export const handler = route('GET /api/desa-wisata/{kd_desa}', async ({ params }) => {
  const village = await getVillage(params.kd_desa ?? '');
  if (!village) throw notFound(MSG.villageNotFound);
  return ok({ data: toPublicVillage(village) });
});
