import { reportParams, verifyReport } from '../../lib/domain/monitoring';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';

/** POST /api/pemantauan/desa/{kd_desa}/{bulan}/verifikasi: the office verifies a month. */
export const handler = route({ params: reportParams }, async ({ params, caller }) =>
  ok({ message: MSG.reportVerified, data: await verifyReport(params.kd_desa, params.bulan, signedIn(caller)) }),
);
