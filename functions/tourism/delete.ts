import { deleteTourismDescription } from '../../lib/domain/tourism-descriptions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';

export const handler = route({ params: kdDesaParams }, async ({ params, user, who }) => {
  await deleteTourismDescription(params.kd_desa, user!, who);
  return ok({ message: MSG.tourismDescriptionDeleted });
});
