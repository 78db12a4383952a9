import { getRequest } from '../../lib/domain/requests';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { kdPermintaanParams } from '../../lib/contract/inputs';

export const handler = route({ params: kdPermintaanParams }, async ({ params }) => ok({ data: await getRequest(params.kd_permintaan) }));
