import { getVillage } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdDesaParams } from '../../lib/contract/inputs';

export const handler = route({ params: kdDesaParams }, async ({ params }) => ok({ data: await getVillage(params.kd_desa) }));
