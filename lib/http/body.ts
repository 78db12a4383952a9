import type { APIGatewayProxyEvent } from 'aws-lambda';
import { MSG } from '../contract/messages';
import { invalid, tooLarge } from '../contract/errors';

/** Lambda's request payload is at most 6 MB; a body string over this is refused before it is decoded or parsed. */
export const MAX_EVENT_BODY_CHARS = 6 * 1024 * 1024 - 64 * 1024;

/** 413 for a body over the Lambda payload ceiling (serverless-offline does not enforce it; AWS does). */
export function checkBodyCeiling(event: Pick<APIGatewayProxyEvent, 'body'>): void {
  if ((event.body?.length ?? 0) > MAX_EVENT_BODY_CHARS) throw tooLarge(MSG.payloadTooLarge);
}

/** The raw body as a UTF-8 string, decoding base64 where API Gateway encoded it; 413 over the ceiling. */
export function rawBody(event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>): string {
  if (event.body == null) return '';
  checkBodyCeiling(event);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/**
 * The JSON body. An empty body is `{}` (so field checks give the route's own "missing
 * field" message); malformed JSON is a 400 `fail`.
 */
export function jsonBody(event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>, invalidMessage: string = MSG.invalidJson): unknown {
  const text = rawBody(event);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(invalidMessage);
  }
}
