import '../../lib/domain/image-storing';
import { createTourismDescription, createTourismInput } from '../../lib/domain/tourism-descriptions';
import { route } from '../../lib/http/handler';
import { created } from '../../lib/http/response';
import { MSG } from '../../lib/contract/messages';
import { tourismDescriptionForWebApp, tourismFormInput } from '../../lib/web-app/tourism';
import { signedIn } from '../../lib/contract/caller';

export const handler = route(tourismFormInput(createTourismInput), async ({ body, files, caller }) => {
  const record = await createTourismDescription(body, files, signedIn(caller));
  return created({ message: MSG.tourismDescriptionCreated, data: tourismDescriptionForWebApp(record) });
});
