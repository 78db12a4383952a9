import type { APIGatewayProxyEvent } from 'aws-lambda';
import type * as z from 'zod';
import type { MultipartLimits, UploadedFile } from '../contract/files';
import { asRefusal, declaredRefusal, parseInput, type Refusal } from '../contract/validation';
import { unsupported } from '../contract/errors';
import { jsonBody } from './body';

/**
 * A route's input, declared once: what the route wrapper (lib/http/handler.ts) reads and
 * parses before the route's function runs, and what the OpenAPI catalogue documents
 * (the same schema objects; tests/docs/inputs.test.ts holds them together).
 *
 * ```ts
 * export const handler = route({ body: loginInput }, async ({ body }) => …);
 * ```
 *
 * What a failed parse answers is declared with the schema (`refusals` of
 * lib/contract/validation.ts), where the catalogue reads it too.
 */
export interface InputSpec {
  /** Path parameters (URL-decoded first). */
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. A body that is not JSON is a 400 "Body JSON tidak valid" (unless its refusal says `malformedToo`); an empty one is `{}`. */
  body?: z.ZodType;
  /** A form: multipart `data` (JSON text) plus files, or the same data as JSON (`form(…)` of lib/http/form.ts). */
  form?: FormSpec<z.ZodType, unknown>;
  /** One uploaded file (`upload(…)` of lib/http/form.ts). */
  upload?: UploadSpec;
  /** The web-app dialect's mapping of the JSON body (or the form's `data`) to the contract's, before parsing (lib/web-app). */
  adapt?: (raw: unknown) => unknown;
  /**
   * The answer to a failed parse whose first issue carries no text of its own, where it is
   * not a 400 text and so not declared with a schema (e.g. an unknown account is a 404).
   * Otherwise the refusal declared with the body's, query's or form's schema answers.
   */
  invalid?: Refusal;
}

/** Reads a form route's input; made by `form(…)` in lib/http/form.ts, so only form routes load the multipart parser. */
export interface FormSpec<S extends z.ZodType = z.ZodType, F = UploadedFile[]> {
  /** The schema of the `data` object. */
  data: S;
  limits: MultipartLimits;
  /** Fields of `data` that may arrive as JSON text: form.ts parses them, the one place (a text that is not JSON is left for `data` to refuse). */
  jsonText?: readonly string[];
  /** The files as the route's domain function takes them (default: as uploaded). */
  files?: (files: UploadedFile[]) => F;
  /** Reads the form, maps its `data` with the route's `adapt`, and parses it (refused with the route's `invalid`). */
  read(
    event: APIGatewayProxyEvent,
    headers: Record<string, string>,
    route: Pick<InputSpec, 'adapt' | 'invalid'>,
  ): Promise<{ body: z.output<S>; files: F }>;
}

/** Reads an upload route's one file; made by `upload(…)` in lib/http/form.ts. */
export interface UploadSpec {
  /** Its one file field is `limits.fileFields[0]`. */
  limits: MultipartLimits;
  read(event: APIGatewayProxyEvent, headers: Record<string, string>): Promise<UploadedFile>;
}

type Output<T, Fallback> = T extends z.ZodType ? z.output<T> : Fallback;

/** What a route's function receives of its input, parsed. */
export interface Input<S extends InputSpec> {
  params: Output<S['params'], Record<string, string>>;
  query: Output<S['query'], Record<string, string>>;
  /** The parsed JSON body, or the form's parsed `data`. */
  body: S extends { body: infer B extends z.ZodType }
    ? z.output<B>
    : S extends { form: FormSpec<infer D extends z.ZodType, unknown> }
      ? z.output<D>
      : undefined;
  files: S extends { form: FormSpec<z.ZodType, infer F> } ? F : undefined;
  file: S extends { upload: UploadSpec } ? UploadedFile : undefined;
}

/** The request's headers, names lower-cased (values that are not strings left out). */
export function lowerHeaders(h: APIGatewayProxyEvent['headers'] | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) if (typeof v === 'string') out[k.toLowerCase()] = v;
  return out;
}

/** The path parameters, URL-decoded (a parameter that does not decode is kept as sent). */
export function pathParams(event: Pick<APIGatewayProxyEvent, 'pathParameters'>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(event.pathParameters ?? {})) if (v != null) params[k] = decodeParam(v);
  return params;
}

/** The query parameters that have a value. */
export function queryParams(event: Pick<APIGatewayProxyEvent, 'queryStringParameters'>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(event.queryStringParameters ?? {})) if (v != null) query[k] = v;
  return query;
}

function decodeParam(v: string): string {
  if (!v.includes('%')) return v;
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

/**
 * The reader of a route's input as `spec` declares it, its refusal resolved once: path
 * parameters (a parameter of the path template that the event lacks is ""), query, then
 * the body, the form or the upload. It throws the 4xx `DomainError` of the first failure.
 */
export function inputReader<S extends InputSpec>(spec: S) {
  const declared = declaredRefusal(spec.body, spec.query, spec.form?.data);
  const invalid = spec.invalid ?? asRefusal(declared);
  const badJson = declared?.malformedToo ? declared.message : undefined;
  return async (
    event: APIGatewayProxyEvent,
    headers: Record<string, string>,
    path: string,
    params: Record<string, string>,
    query: Record<string, string>,
  ): Promise<Input<S>> => {
    const blanks = Object.fromEntries([...path.matchAll(/\{(\w+)\+?\}/g)].map((m) => [m[1]!, '']));
    const input = {
      params: spec.params ? parseInput(spec.params, { ...blanks, ...params }, invalid) : params,
      query: spec.query ? parseInput(spec.query, query, invalid) : query,
      body: undefined as unknown,
      files: undefined as unknown,
      file: undefined as UploadedFile | undefined,
    };
    if (spec.body) {
      // a body sent as another media type (text/plain, a form) is 415, as on the form routes (lib/http/form.ts)
      const type = headers['content-type'];
      if ((event.body ?? '').trim() !== '' && type && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) throw unsupported();
      const raw = jsonBody(event, badJson);
      input.body = parseInput(spec.body, spec.adapt ? spec.adapt(raw) : raw, invalid);
    } else if (spec.form) {
      Object.assign(input, await spec.form.read(event, headers, { adapt: spec.adapt, invalid }));
    } else if (spec.upload) {
      input.file = await spec.upload.read(event, headers);
    }
    return input as Input<S>;
  };
}
