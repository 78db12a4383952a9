import { kdDesaParams } from '../../lib/contract/inputs';
import { villageReports, villageReportsQuery } from '../../lib/domain/monitoring';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';

/** GET /api/pemantauan/desa/{kd_desa}?dari&sampai: a village's months. */
export const handler = route({ params: kdDesaParams, query: villageReportsQuery }, async ({ params, query, caller }) =>
  ok({ data: await villageReports(params.kd_desa, query, signedIn(caller)) }),
);
