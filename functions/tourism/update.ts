import '../../lib/domain/image-storing';
import { updateTourismDescription, updateTourismInput } from '../../lib/domain/tourism-descriptions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';
import { tourismDescriptionForWebApp, tourismFormInput } from '../../lib/web-app/tourism';

export const handler = route(
  { params: kdDesaParams, ...tourismFormInput(updateTourismInput) },
  async ({ params, body, files, user, who }) => {
    const record = await updateTourismDescription(params.kd_desa, body, files, user!, who);
    return ok({ message: MSG.tourismDescriptionUpdated, data: tourismDescriptionForWebApp(record) });
  },
);
