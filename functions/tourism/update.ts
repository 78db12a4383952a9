import '../../lib/domain/image-storing';
import { updateTourismDescription, updateTourismInput } from '../../lib/domain/tourism-descriptions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';
import { tourismDescriptionForWebApp, tourismFormInput } from '../../lib/web-app/tourism';
import { signedIn } from '../../lib/contract/caller';

export const handler = route({ params: kdDesaParams, ...tourismFormInput(updateTourismInput) }, async ({ params, body, files, caller }) => {
  const record = await updateTourismDescription(params.kd_desa, body, files, signedIn(caller));
  return ok({ message: MSG.tourismDescriptionUpdated, data: tourismDescriptionForWebApp(record) });
});
