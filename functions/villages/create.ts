import { createVillage, villageInput } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { namingFields } from '../../lib/contract/validation';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ body: villageInput, invalid: namingFields(MSG.villageInvalid) }, async ({ body, user, who }) => {
  const { village } = await createVillage(body, user, who);
  return ok({ message: MSG.villageCreated, data: { kd_desa: village.kd_desa, slug: village.slug } });
});
