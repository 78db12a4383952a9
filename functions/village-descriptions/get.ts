import { getVillageDescription } from '../../lib/db/village-descriptions';
import { notFound } from '../../lib/http/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';
import { villageDescriptionForBoth } from '../../lib/web-app/village-descriptions';

export const handler = route('GET /api/deskripsi-desa/{kd_desa}', async ({ params }) => {
  const record = await getVillageDescription(params.kd_desa ?? '');
  if (!record) throw notFound(MSG.villageDescriptionNotFound);
  return ok({ data: villageDescriptionForBoth(record) });
});
