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
