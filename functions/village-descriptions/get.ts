import { villageDescriptionOf } from '../../lib/domain/village-descriptions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { villageDescriptionForBoth } from '../../lib/web-app/village-descriptions';

export const handler = route(async ({ params }) =>
  ok({ data: villageDescriptionForBoth(await villageDescriptionOf(params.kd_desa ?? '')) }),
);
