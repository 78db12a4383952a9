import { assetParams } from '../../lib/contract/inputs';
import { route } from '../../lib/http/handler';
import { assetResponse } from '../../lib/http/response';
import { docsAsset } from '../../lib/openapi/swagger-ui';

/** GET /docs/{asset}: swagger-ui-dist's bundle and stylesheet (shipped in this function's zip) and the start script. */
export const handler = route({ params: assetParams }, async ({ params }) => assetResponse(docsAsset(params.asset)));
