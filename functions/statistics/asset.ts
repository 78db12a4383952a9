import { assetParams } from '../../lib/contract/inputs';
import { route } from '../../lib/http/handler';
import { assetResponse } from '../../lib/http/response';
import { statisticsAsset } from '../../lib/pages/statistics';

/** GET /statistik/{asset}: Chart.js's browser build (shipped in this function's zip), the page's script and stylesheet. */
export const handler = route({ params: assetParams }, async ({ params }) => assetResponse(statisticsAsset(params.asset)));
