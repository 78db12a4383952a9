import { notFound } from '../contract/errors';
import { MSG } from '../contract/messages';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { envelopeStatus } from './errors';

export type Headers = Record<string, string>;

const BASE_HEADERS: Headers = {
  'Content-Type': 'application/json; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
};

/** A JSON response with the contract's envelope: `status` derived from the code, then the fields given. */
export function json(statusCode: number, fields: Record<string, unknown> = {}, headers: Headers = {}): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { ...BASE_HEADERS, ...headers },
    body: JSON.stringify({ status: envelopeStatus(statusCode), ...fields }),
  };
}

export const ok = (fields: Record<string, unknown>) => json(200, fields);
export const created = (fields: Record<string, unknown>) => json(201, fields);
export const failure = (statusCode: number, message: string, headers: Headers = {}) => json(statusCode, { message }, headers);

/**
 * A script or stylesheet a page of the API loads (Swagger UI's, the statistics page's), or
 * 404 when it is not one: cached for a day (the pages ask for it with `?v=<package version>`,
 * so a new version is a new URL).
 */
export function assetResponse(asset: { body: string; contentType: string } | undefined): APIGatewayProxyResult {
  if (!asset) throw notFound(MSG.notFoundRoute);
  return {
    statusCode: 200,
    headers: { 'Content-Type': asset.contentType, 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' },
    body: asset.body,
  };
}
