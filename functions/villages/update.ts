import { updateVillage, villageInput } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';
import { signedIn } from '../../lib/contract/caller';

export const handler = route({ params: kdDesaParams, body: villageInput }, async ({ params, body, caller }) => {
  const village = await updateVillage(params.kd_desa, body, signedIn(caller));
  return ok({ message: MSG.villageUpdated, data: { kd_desa: village.kd_desa, slug: village.slug } });
});
