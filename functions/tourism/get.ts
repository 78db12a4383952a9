import { getTourismDescription } from '../../lib/domain/tourism-descriptions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';
import { tourismDescriptionForWebApp } from '../../lib/web-app/tourism';

export const handler = route({ params: kdDesaParams }, async ({ params }) =>
  ok({ data: tourismDescriptionForWebApp(await getTourismDescription(params.kd_desa)) }),
);
