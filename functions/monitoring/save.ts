import { reportInput, reportParams, saveReport } from '../../lib/domain/monitoring';
import { route } from '../../lib/http/handler';
import { ok } from '../../lib/http/response';
import { signedIn } from '../../lib/contract/caller';
import { MSG } from '../../lib/contract/messages';

/** PUT /api/pemantauan/desa/{kd_desa}/{bulan}: a village's figures of a month. */
export const handler = route({ params: reportParams, body: reportInput }, async ({ params, body, caller }) =>
  ok({ message: MSG.reportSaved, data: await saveReport(params.kd_desa, params.bulan, body, signedIn(caller)) }),
);
