import type { APIGatewayProxyEvent } from 'aws-lambda';
import { MSG } from '../contract/messages';
import { jsonBody } from './body';
import { invalid, unsupported } from '../contract/errors';
import { bodyBytes, isMultipart, parseMultipart, type MultipartLimits, type UploadedFile } from './multipart';

export interface FormInput {
  /** The parsed `data` field (multipart: a JSON string; JSON body: a string or an object). */
  data: unknown;
  files: UploadedFile[];
  fields: Record<string, string>;
}

/** Parses a JSON text field, 400 with `invalidMessage` when it is not JSON. */
export function parseJsonText(text: string, invalidMessage: string = MSG.dataJsonInvalid): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(invalidMessage);
  }
}

/**
 * Reads an endpoint that takes a multipart `data` field plus files. `application/json`
 * is accepted too (no files): `{ "data": "<json text>" | {…} }`, or the data object itself.
 */
export async function readForm(event: APIGatewayProxyEvent, headers: Record<string, string>, limits: MultipartLimits): Promise<FormInput> {
  const contentType = headers['content-type'];
  if (isMultipart(contentType)) {
    const form = await parseMultipart(bodyBytes(event), contentType!, limits);
    const data = form.fields.data === undefined ? undefined : parseJsonText(form.fields.data);
    return { data, files: form.files, fields: form.fields };
  }
  const hasBody = (event.body ?? '').trim() !== '';
  if (hasBody && contentType && !/^application\/json\b/i.test(contentType)) throw unsupported();
  bodyBytes(event); // the payload ceiling applies to JSON too
  const body = jsonBody(event, MSG.dataJsonInvalid);
  const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  let data: unknown = record && 'data' in record ? record.data : body;
  if (typeof data === 'string') data = parseJsonText(data);
  return { data, files: [], fields: {} };
}
