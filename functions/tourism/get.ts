import { tourismDescriptionOf } from '../../lib/domain/tourism-descriptions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { presentForBoth } from '../../lib/web-app/tourism';

export const handler = route(async ({ params }) => ok({ data: presentForBoth(await tourismDescriptionOf(params.kd_desa ?? '')) }));
