import { deleteVillage } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';
import { signedIn } from '../../lib/contract/caller';

export const handler = route({ params: kdDesaParams }, async ({ params, caller }) => {
  await deleteVillage(params.kd_desa, signedIn(caller));
  return ok({ message: MSG.villageDeleted });
});
