import { notFound } from '../../lib/contract/errors';
import { assetParams } from '../../lib/contract/inputs';
import { route } from '../../lib/http/handler';
import { MSG } from '../../lib/contract/messages';
import { docsAsset } from '../../lib/openapi/swagger-ui';

/** GET /docs/{asset}: swagger-ui-dist's bundle and stylesheet (shipped in this function's zip) and the start script. */
export const handler = route({ params: assetParams }, async ({ params }) => {
  const asset = docsAsset(params.asset);
  if (!asset) throw notFound(MSG.notFoundRoute);
  return {
    statusCode: 200,
    headers: {
      'Content-Type': asset.contentType,
      // The page asks for ?v=<swagger-ui-dist version>, so a new version is a new URL.
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    },
    body: asset.body,
  };
});
