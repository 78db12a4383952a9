import { listVillagesByEmail } from '../../lib/domain/villages';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { emailParams } from '../../lib/contract/inputs';

export const handler = route({ params: emailParams }, async ({ params }) => ok({ data: await listVillagesByEmail(params.email) }));
