import { deleteTourismDescriptionAs } from '../../lib/domain/tourism-descriptions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';

export const handler = route(async ({ params, user }) => {
  await deleteTourismDescriptionAs(params.kd_desa ?? '', user!);
  return ok({ message: MSG.tourismDescriptionDeleted });
});
