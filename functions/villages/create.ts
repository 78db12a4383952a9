import { createVillage, villageInput } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { namingFields } from '../../lib/contract/validation';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ body: villageInput, invalid: namingFields(MSG.villageInvalid) }, async ({ body, caller }) => {
  const { village } = await createVillage(body, caller);
  return ok({ message: MSG.villageCreated, data: { kd_desa: village.kd_desa, slug: village.slug } });
});
