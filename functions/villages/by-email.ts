import { toPublicVillage, villagesByEmail } from '../../lib/db/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';

export const handler = route('GET /api/desa-wisata/email/{email}', async ({ params }) => {
  const villages = await villagesByEmail(params.email ?? '');
  return ok({ data: villages.map(toPublicVillage) });
});
