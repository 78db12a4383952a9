import '../../lib/domain/image-storing';
import { appendTourismItems, appendTourismItemsInput } from '../../lib/domain/tourism-descriptions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';
import { tourismDescriptionForWebApp, tourismFormInput } from '../../lib/web-app/tourism';
import { signedIn } from '../../lib/contract/caller';

export const handler = route(
  { params: kdDesaParams, ...tourismFormInput(appendTourismItemsInput) },
  async ({ params, body, files, caller }) => {
    const { record, affected } = await appendTourismItems(params.kd_desa, body, files, signedIn(caller));
    const shown = tourismDescriptionForWebApp(record);
    return ok({
      message: MSG.tourismItemsAdded,
      data: { kd_desa: record.kd_desa, ...Object.fromEntries(affected.map((c) => [c, shown[c]])) },
    });
  },
);
