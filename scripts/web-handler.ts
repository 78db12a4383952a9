/**
 * The local stage's stand-in for the CDN's page behaviors (the bucket's web/ behind the page
 * rewrite, scripts/serverless-cdn.ts): serverless-offline serves the pages through it on the
 * API's own origin (scripts/serverless-functions.cjs `webPages`, the local stage only; no
 * deployed stage has this function). It reads the build in WEB_DIST (`npm start`: web/dist,
 * rebuilt on every change; the tests: the run's own build) at every request.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { WEB_DIST, webAnswer } from './web';

export const handler = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
  const header = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'if-none-match')?.[1];
  return webAnswer(process.env.WEB_DIST || WEB_DIST, event.path, header ?? undefined);
};
