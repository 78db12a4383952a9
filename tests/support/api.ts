/**
 * Drives handlers the way API Gateway (REST, proxy integration) does: a real event in,
 * the real result out, against the run's local DynamoDB, s3rver and SES emulator.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { inject } from 'vitest';
import type { LambdaHandler } from '../../lib/http/handler';

export { apiEvent, DEFAULT_SOURCE_IP, type EventInput } from './event';
import { apiEvent, type EventInput } from './event';

export interface ApiResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  body: Record<string, any>;
  /** The body as sent (empty for 304 and 204; base64 when the function compressed it). */
  rawBody: string;
}

/** The JSON body of an answer (gunzipped when compressed); {} for an empty body or a file (a spreadsheet, a CSV). */
function jsonOf(result: { body: string; isBase64Encoded?: boolean; headers?: Record<string, unknown> }): Record<string, any> {
  if (result.body === '') return {};
  const type = String(result.headers?.['Content-Type'] ?? 'application/json');
  if (!type.startsWith('application/json')) return {};
  const gzip = result.headers?.['Content-Encoding'] === 'gzip';
  return JSON.parse(result.isBase64Encoded && gzip ? gunzipSync(Buffer.from(result.body, 'base64')).toString('utf8') : result.body);
}

/** Invokes the handler with the event `input` describes (and, optionally, the Lambda context's remaining time). */
export async function invoke(
  handler: LambdaHandler,
  input: EventInput,
  context: { getRemainingTimeInMillis?: () => number } = {},
): Promise<ApiResponse> {
  const result = await handler(apiEvent(input), { awsRequestId: randomUUID(), ...context });
  return {
    statusCode: result.statusCode,
    headers: result.headers ?? {},
    body: jsonOf(result),
    rawBody: result.body,
  };
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

/** This module's loading (each file loads it afresh), a little before the file's first mail: epoch seconds. */
const loaded = Math.floor(Date.now() / 1000) - 1;
/**
 * Mail the SES emulator received since this file started (newest last): the run's one emulator holds
 * every file's mails, and its whole store grows to megabytes of JSON by the end of a run.
 */
export async function storedMails(): Promise<SentMail[]> {
  const res = await fetch(`${inject('sesEndpoint')}/store?since=${loaded}`);
  const store = (await res.json()) as {
    emails: Array<{ destination: { to: string[] }; subject: string; body: { text?: string; html?: string }; at: number }>;
  };
  return store.emails.map((e) => ({
    to: e.destination.to,
    subject: e.subject,
    text: e.body.text ?? '',
    html: e.body.html ?? '',
    at: e.at,
  }));
}

/** Mail the SES emulator received for `to` (newest last). */
export async function mailsTo(to: string): Promise<SentMail[]> {
  return (await storedMails()).filter((m) => m.to.map((t) => t.toLowerCase()).includes(to.toLowerCase()));
}
