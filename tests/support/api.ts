/**
 * Drives handlers the way API Gateway (REST, proxy integration) does: a real event in,
 * the real result out, against the run's local DynamoDB, s3rver and SES emulator.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { inject } from 'vitest';
import type { LambdaHandler } from '../../lib/http/handler';

export interface EventInput {
  method: string;
  /** The route's resource path, e.g. /auth/verify/{email}. */
  resource: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  token?: string;
  /** An object is sent as JSON; a string as is. */
  body?: unknown;
  isBase64Encoded?: boolean;
}

export function apiEvent(input: EventInput): APIGatewayProxyEvent {
  let path = input.resource;
  for (const [k, v] of Object.entries(input.pathParameters ?? {})) path = path.replace(`{${k}}`, encodeURIComponent(v));
  const headers: Record<string, string> = { ...(input.headers ?? {}) };
  if (input.token) headers.Authorization = `Bearer ${input.token}`;
  let body: string | null = null;
  if (typeof input.body === 'string') body = input.body;
  else if (input.body !== undefined) {
    body = JSON.stringify(input.body);
    headers['Content-Type'] ??= 'application/json';
  }
  return {
    resource: input.resource,
    path,
    httpMethod: input.method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: input.query ?? null,
    multiValueQueryStringParameters: input.query ? Object.fromEntries(Object.entries(input.query).map(([k, v]) => [k, [v]])) : null,
    pathParameters: input.pathParameters ?? null,
    stageVariables: null,
    body,
    isBase64Encoded: input.isBase64Encoded ?? false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'local',
      httpMethod: input.method,
      path,
      protocol: 'HTTP/1.1',
      requestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: input.resource,
      stage: 'test',
      authorizer: null,
      identity: { sourceIp: '127.0.0.1', userAgent: 'vitest' } as APIGatewayProxyEvent['requestContext']['identity'],
    },
  };
}

export interface ApiResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  body: Record<string, any>;
}

export async function invoke(handler: LambdaHandler, input: EventInput): Promise<ApiResponse> {
  const result = await handler(apiEvent(input), { awsRequestId: randomUUID() });
  return { statusCode: result.statusCode, headers: result.headers ?? {}, body: JSON.parse(result.body) };
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
export const uniqueName = (prefix = 'user') => `${prefix}_${randomBytes(5).toString('hex')}`;

export interface SentMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  at: number;
}

/** Mail the SES emulator received for `to` (newest last). */
export async function mailsTo(to: string): Promise<SentMail[]> {
  const res = await fetch(`${inject('sesEndpoint')}/store`);
  const store = (await res.json()) as {
    emails: Array<{ destination: { to: string[] }; subject: string; body: { text?: string; html?: string }; at: number }>;
  };
  return store.emails
    .filter((e) => e.destination.to.map((t) => t.toLowerCase()).includes(to.toLowerCase()))
    .map((e) => ({ to: e.destination.to, subject: e.subject, text: e.body.text ?? '', html: e.body.html ?? '', at: e.at }));
}
