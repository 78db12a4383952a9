import { updateVillageAs, villageSchema } from '../../lib/domain/villages';
import { jsonBody } from '../../lib/http/body';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { parseOrInvalid } from '../../lib/contract/validation';
import { MSG } from '../../lib/contract/messages';

export const handler = route(async ({ event, params, user }) => {
  const fields = parseOrInvalid(villageSchema, jsonBody(event), MSG.villageInvalid, true);
  const village = await updateVillageAs(params.kd_desa ?? '', fields, user!);
  return ok({ message: MSG.villageUpdated, data: { kd_desa: village.kd_desa, slug: village.slug } });
});
