/**
 * API Gateway (REST, proxy integration) events as the service receives them. Kept free of
 * vitest so the benchmark can build the same events outside the test runner.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';

/** The source address of every event that names none (as sign-up helpers register from it too). */
export const DEFAULT_SOURCE_IP = '127.0.0.1';

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
  /** The caller's IP address as API Gateway reports it (default DEFAULT_SOURCE_IP, 127.0.0.1). */
  sourceIp?: string;
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
      identity: {
        sourceIp: input.sourceIp ?? DEFAULT_SOURCE_IP,
        userAgent: 'vitest',
      } as APIGatewayProxyEvent['requestContext']['identity'],
    },
  };
}
