import { notFound } from '../../lib/contract/errors';
import { assetParams } from '../../lib/contract/inputs';
import { MSG } from '../../lib/contract/messages';
import { route } from '../../lib/http/handler';
import { statisticsAsset } from '../../lib/pages/statistics';

/** GET /statistik/{asset}: Chart.js's browser build (shipped in this function's zip), the page's script and stylesheet. */
export const handler = route({ params: assetParams }, async ({ params }) => {
  const asset = statisticsAsset(params.asset);
  if (!asset) throw notFound(MSG.notFoundRoute);
  return {
    statusCode: 200,
    headers: {
      'Content-Type': asset.contentType,
      // The page asks for ?v=<chart.js version>, so a new version is a new URL.
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    },
    body: asset.body,
  };
});
