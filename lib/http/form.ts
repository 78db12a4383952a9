import type { APIGatewayProxyEvent } from 'aws-lambda';
import type * as z from 'zod';
import { MSG } from '../contract/messages';
import { jsonBody } from './body';
import { invalid, unsupported } from '../contract/errors';
import { parseInput } from '../contract/validation';
import type { FormSpec, UploadSpec } from './input';
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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `data` with each of `fields` that is JSON text replaced by its value (a text that is not JSON stays, for the schema to refuse). */
function withJsonText(data: unknown, fields: readonly string[]): unknown {
  if (!isObject(data) || !fields.some((f) => typeof data[f] === 'string')) return data;
  const out = { ...data };
  for (const f of fields) {
    const text = out[f];
    if (typeof text !== 'string') continue;
    try {
      out[f] = JSON.parse(text);
    } catch {
      // left as text: the schema names the field
    }
  }
  return out;
}

/**
 * Reads an endpoint that takes a multipart `data` field plus files. `application/json`
 * is accepted too (no files): `{ "data": "<json text>" | {…} }`, or the data object itself.
 * The JSON text of `data`, and of its `jsonText` fields, is parsed here and nowhere else.
 */
export async function readForm(
  event: APIGatewayProxyEvent,
  headers: Record<string, string>,
  limits: MultipartLimits,
  jsonText: readonly string[] = [],
): Promise<FormInput> {
  const contentType = headers['content-type'];
  if (isMultipart(contentType)) {
    const form = await parseMultipart(bodyBytes(event), contentType!, limits);
    const data = form.fields.data === undefined ? undefined : parseJsonText(form.fields.data);
    return { data: withJsonText(data, jsonText), files: form.files, fields: form.fields };
  }
  const hasBody = (event.body ?? '').trim() !== '';
  if (hasBody && contentType && !/^application\/json\b/i.test(contentType)) throw unsupported();
  bodyBytes(event); // the payload ceiling applies to JSON too
  const body = jsonBody(event, MSG.dataJsonInvalid);
  const record = isObject(body) ? body : undefined;
  let data: unknown = record && 'data' in record ? record.data : body;
  if (typeof data === 'string') data = parseJsonText(data);
  return { data: withJsonText(data, jsonText), files: [], fields: {} };
}

/**
 * A form route's input (`route({ form: form({ data, limits }) }, …)`): the form is read,
 * its `data` mapped by the route's `adapt` (the web-app dialect) and its files by `files`;
 * `data` that is not a JSON object is 400 "Data JSON tidak valid"; then `data` is parsed.
 */
export function form<S extends z.ZodType, F = UploadedFile[]>(spec: Omit<FormSpec<S, F>, 'read'>): FormSpec<S, NoInfer<F>> {
  return {
    ...spec,
    async read(event, headers, route) {
      const raw = await readForm(event, headers, spec.limits, spec.jsonText);
      const data = route.adapt ? route.adapt(raw.data) : raw.data;
      const files = spec.files ? spec.files(raw.files) : (raw.files as F);
      if (!isObject(data)) throw invalid(MSG.dataJsonInvalid);
      return { body: parseInput(spec.data, data, route.invalid), files };
    },
  };
}

/**
 * An upload route's input (`route({ upload: upload(limits) }, …)`): one non-empty file in
 * the field `limits.fileFields[0]` of a multipart body. No body at all is 400 "No file
 * uploaded", another media type 415.
 */
export function upload(limits: MultipartLimits): UploadSpec {
  return {
    limits,
    async read(event, headers) {
      const contentType = headers['content-type'];
      if (!isMultipart(contentType)) {
        if ((event.body ?? '') === '') throw invalid(MSG.noFileUploaded);
        throw unsupported();
      }
      const file = (await parseMultipart(bodyBytes(event), contentType!, limits)).files[0];
      if (!file || file.data.length === 0) throw invalid(MSG.noFileUploaded);
      return file;
    },
  };
}
