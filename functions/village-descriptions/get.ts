import { getVillageDescription, toPublicVillageDescription } from '../../lib/db/village-descriptions';
import { notFound } from '../../lib/http/errors';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/messages';

export const handler = route('GET /api/deskripsi-desa/{kd_desa}', async ({ params }) => {
  const record = await getVillageDescription(params.kd_desa ?? '');
  if (!record) throw notFound(MSG.villageDescriptionNotFound);
  return ok({ data: toPublicVillageDescription(record) });
});
