import { createVillage, villageInput } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ body: villageInput }, async ({ body, caller }) => {
  const { village } = await createVillage(body, caller);
  return ok({ message: MSG.villageCreated, data: { kd_desa: village.kd_desa, slug: village.slug } });
});
