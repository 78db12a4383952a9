import { createVillageAs, villageSchema } from '../../lib/domain/villages';
import { jsonBody } from '../../lib/http/body';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { parseOrInvalid } from '../../lib/contract/validation';
import { MSG } from '../../lib/contract/messages';

export const handler = route(async ({ event, user }) => {
  const fields = parseOrInvalid(villageSchema, jsonBody(event), MSG.villageInvalid, true);
  const { village } = await createVillageAs(fields, user, event.requestContext?.identity?.sourceIp);
  return ok({ message: MSG.villageCreated, data: { kd_desa: village.kd_desa, slug: village.slug } });
});
