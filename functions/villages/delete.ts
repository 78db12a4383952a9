import { deleteVillage } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ params: kdDesaParams }, async ({ params, user }) => {
  await deleteVillage(params.kd_desa, user!);
  return ok({ message: MSG.villageDeleted });
});
