import { getVillageDescription } from '../../lib/domain/village-descriptions';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';
import { villageDescriptionForWebApp } from '../../lib/web-app/village-descriptions';

export const handler = route({ params: kdDesaParams }, async ({ params }) =>
  ok({ data: villageDescriptionForWebApp(await getVillageDescription(params.kd_desa)) }),
);
