import { assetParams } from '../../lib/contract/inputs';
import { route } from '../../lib/http/handler';
import { assetResponse } from '../../lib/http/response';
import { evaluationAsset } from '../../lib/pages/evaluations';

/** GET /evaluasi/{asset}: the evaluation page's script and stylesheet. */
export const handler = route({ params: assetParams }, async ({ params }) => assetResponse(evaluationAsset(params.asset)));
