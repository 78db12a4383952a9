/**
 * The catalogue's vocabulary: what a route's entry holds (RouteDoc), and the builders of
 * entries, request bodies, error lists and success shapes several areas share.
 */
import * as z from 'zod';
import type { RouteKey } from '../../auth/access-rules';
import type { MultipartLimits } from '../../contract/files';
import { assetParams } from '../../contract/inputs';
import type { Role } from '../../contract/roles';
import { MSG } from '../../contract/messages';
import { declaredRefusal } from '../../contract/validation';
import { EXPORT_LINK_SECONDS } from '../../domain/export';
import { IMAGE_MAX_BYTES } from '../../domain/images';
import { EXPORT_INLINE_LIMIT } from '../../platform/config';
import { filteredListQuery } from '../../domain/list-filters';
import * as R from '../responses';

export type DocumentedRoute = Exclude<RouteKey, 'ANY /{proxy+}'>;

export interface ErrorDoc {
  status: number;
  message: string;
  /** When the service answers it. */
  when: string;
  /** What follows the text, e.g. ": <fields>" (the text is then a prefix). */
  suffix?: string;
}

export interface FileFieldDoc {
  /** The form field name as sent (a trailing `[]` is optional). */
  field: string;
  description: string;
  maxFiles: number;
}

/**
 * A request body. `schema` is the very schema the route's handler parses with (its
 * `handler.input`; tests/docs/inputs.test.ts holds them together).
 */
export type RequestDoc =
  /**
   * A JSON body. A malformed one is refused with 400 "Body JSON tidak valid", added to the
   * route's errors by `area`, unless the refusal declared with its schema answers that too.
   */
  | { kind: 'json'; schema: z.ZodType; example?: unknown; description?: string }
  /** multipart/form-data with a `data` field (JSON text of `schema`) and image files; or application/json with the same data. */
  | {
      kind: 'form';
      schema: z.ZodType;
      files: FileFieldDoc[];
      example: unknown;
      description?: string;
      /** The form's limits: with the refusal declared with `schema`, its refusals, added to the route's errors by `area`. */
      limits: MultipartLimits;
    }
  /** multipart/form-data with one file, in the field `limits.fileFields[0]`; `example` a file the route accepts. */
  | { kind: 'file'; limits: MultipartLimits; description: string; example?: FileExample };

/** An example file of a one-file body, as text (e.g. a small CSV). */
export interface FileExample {
  filename: string;
  contentType: string;
  text: string;
}

export interface SuccessDoc {
  status: number;
  description: string;
  /** The JSON body (application/json), unless `contentType` says otherwise. */
  schema: z.ZodType;
  contentType?: string;
}

/** What a successful call costs and leaves behind, stated with its documentation; the tests hold the code to it. */
export interface RouteFacts {
  /** The fewest sequential DynamoDB round trips it takes (tests/perf/round-trips.test.ts counts them). */
  trips: number;
  /**
   * What those round trips are: "token" = the caller's user item, read before anything that
   * depends on who calls; "list versions" = the lists' version read, before the list itself.
   */
  why: string;
  /** The actions of the history entries it writes (tests/history/every-write.test.ts). */
  records?: string[];
  /** A write that records no history: why (tests/history/every-write.test.ts checks that it writes none). */
  noHistory?: string;
  /**
   * Roles the route's access rule admits but its handler refuses on the documented request (the
   * catalogue's example, path parameters as the access matrix's fixture gives them), each with the
   * error it answers and why (tests/robustness/access-matrix.test.ts expects those cells refused).
   */
  roleRefusals?: RoleRefusal[];
  /**
   * A write done at most once a `period` per value of these body fields (again: its 409): the
   * route-wide checks send each request a value of its own (tests/robustness/support/samples.ts).
   */
  oncePer?: { fields: string[]; period: string };
}

export interface RoleRefusal {
  roles: Role[];
  error: ErrorDoc & { status: 403 };
  /** Why the handler, not the rule, refuses them on the documented request. */
  why: string;
}

/** A route's facts: its fewest round trips, what they are, the history actions it records. */
export const trips = (count: number, why: string, ...records: string[]): RouteFacts => ({
  trips: count,
  why,
  ...(records.length ? { records } : {}),
});
/** The facts of a write that records no history: its round trips, what they are, and why it records none. */
export const unrecorded = (count: number, why: string, because: string): RouteFacts => ({ trips: count, why, noHistory: because });
/** The facts of a write done at most once a `period` per value of the body's `fields`. */
export const oncePer = (facts: RouteFacts, fields: string[], period: string): RouteFacts => ({ ...facts, oncePer: { fields, period } });
/** `roles` refused by the handler with `error` (a 403 of the route's errors) on the documented request, and why. */
export const refusedRoles = (roles: Role[], error: ErrorDoc & { status: 403 }, why: string): RoleRefusal => ({ roles, error, why });

export interface RouteDoc {
  tag: string;
  summary: string;
  description?: string;
  /** Path parameters: the handler's params schema (an object whose properties are the parameters). */
  params?: z.ZodObject;
  /** Query parameters: the handler's query schema. */
  query?: z.ZodObject;
  request?: RequestDoc;
  success: SuccessDoc;
  errors: ErrorDoc[];
  /** Response headers of the success response. */
  successHeaders?: Record<string, string>;
  /** Further non-error answers (e.g. a redirect), each with the headers it sets (name → description). */
  otherAnswers?: (SuccessDoc & { headers?: Record<string, string> })[];
  facts: RouteFacts;
}

/** The entries of one area (functions/<area>); the index checks that together they document every route. */
export type AreaDocs = Partial<Record<DocumentedRoute, RouteDoc>>;

/** An area's entry without its tag and summary; `errors` defaults to none. */
export type Entry = Omit<RouteDoc, 'tag' | 'summary' | 'errors'> & { errors?: ErrorDoc[] };
/** What a builder of common entries gives: an entry but its facts. */
type EntryPart = Omit<Entry, 'facts'>;

/** The entry builder of one area: its tag is written once. */
export const area =
  (tag: string) =>
  (summary: string, entry: Entry): RouteDoc => ({
    tag,
    summary,
    ...entry,
    errors: [...inputRefusals(entry), ...(entry.errors ?? []), ...refusalErrors(entry)],
  });

/** The errors of the handler's role refusals the entry does not list itself. */
const refusalErrors = ({ facts, errors = [] }: Entry): ErrorDoc[] =>
  (facts.roleRefusals ?? []).map((r) => r.error).filter((err) => !errors.includes(err));

/**
 * What reading and parsing a route's input can answer, from its declarations (the form's
 * limits; the refusal declared with its body's, query's or form's schema, which the route
 * parses with: lib/http/input.ts): they come first in its errors.
 */
function inputRefusals({ request, query }: Entry): ErrorDoc[] {
  const declared = declaredRefusal(
    request?.kind === 'json' ? request.schema : undefined,
    query,
    request?.kind === 'form' ? request.schema : undefined,
  );
  const refusal = declared ? [e(400, declared.message, declared.when, declared.namesFields ? ': <fields>' : undefined)] : [];
  if (request?.kind === 'json') return [...(declared?.malformedToo ? [] : [badJson]), ...refusal, jsonOnly];
  if (request?.kind === 'form') return descriptionFormErrors(request.limits, refusal);
  return refusal;
}

export const e = <S extends number>(status: S, message: string, when: string, suffix?: string): ErrorDoc & { status: S } => ({
  status,
  message,
  when,
  ...(suffix ? { suffix } : {}),
});

const badJson = e(400, MSG.invalidJson, 'The body is not valid JSON');
const jsonOnly = e(415, MSG.unsupportedMediaType, 'A body whose Content-Type is not application/json');
export const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;
export const payloadTooLarge = e(413, MSG.payloadTooLarge, 'The request body exceeds the Lambda payload ceiling');
export const multipartInvalid = e(400, MSG.multipartInvalid, 'The multipart body cannot be parsed');
export const tooManyFields = e(400, MSG.tooManyFields, 'Too many non-file fields');
export const fieldTooLarge = e(413, MSG.fieldTooLarge, 'A text field is too large');

/** What checking the images of a request can answer; `one`: a request of one file; `limits`: a form's own size limit and its text. */
export function imageErrors(one: boolean, limits?: MultipartLimits): ErrorDoc[] {
  const [file, image, jpeg] = one ? ['The file', 'The image', 'The JPEG'] : ['A file', 'An image', 'A JPEG'];
  return [
    e(400, MSG.imageTypeInvalid, `${file} is not a JPEG, PNG or WebP image (checked by its bytes and header)`),
    e(400, MSG.imageTooManyPixels, `${image} declares more than 50 megapixels (refused before decoding)`),
    e(400, MSG.imageTooManyScans, `${jpeg} has more than 100 scans (refused before decoding)`),
    e(400, MSG.imageCorrupt, `${image} is truncated or its data is corrupt`),
    limits?.fileTooLarge
      ? e(413, limits.fileTooLarge, `${file} is larger than ${mb(limits.fileSize)}`)
      : e(413, MSG.fileTooLarge, `${file} is larger than ${mb(IMAGE_MAX_BYTES)}`),
  ];
}

/** What parsing a multipart/form-data (or JSON) body with image files can answer. */
function formErrors(limits: MultipartLimits): ErrorDoc[] {
  const { files, filesPerField } = limits;
  return [
    multipartInvalid,
    e(400, MSG.fileFieldUnknown, 'A file comes in a field the route does not take', ': <field>'),
    e(400, MSG.tooManyFiles, `More than ${files} files in the request`, ` (maksimal ${files})`),
    e(400, MSG.tooManyFilesInField, `More than ${filesPerField} files in one field`, ` <field> (maksimal ${filesPerField})`),
    tooManyFields,
    ...imageErrors(false, limits),
    e(413, MSG.imageRequestBudget, 'The images of the request declare more than 100 megapixels together (refused before any is decoded)'),
    fieldTooLarge,
    payloadTooLarge,
    e(415, MSG.unsupportedMediaType, 'The Content-Type is neither multipart/form-data nor application/json'),
  ];
}

/** Errors of a description form: the form, its `data` field (`refusal`: its declared refusal), the size the record may reach. */
const descriptionFormErrors = (limits: MultipartLimits, refusal: ErrorDoc[]): ErrorDoc[] => [
  ...formErrors(limits),
  e(400, MSG.dataJsonInvalid, 'The `data` field (or the JSON body) is missing or not a JSON object'),
  ...refusal,
  e(413, MSG.itemTooLarge, 'The description would exceed the 400 KB DynamoDB stores per item'),
];

export const ownerOnlyError = e(403, MSG.villageOwnerOnly, 'The village belongs to another pengelola');
export const villageMissing = e(404, MSG.villageNotFound, 'No village with this code');
/** The errors of a route that acts on a village the caller must own. */
export const ownVillage = [ownerOnlyError, villageMissing];

export const pagingInvalid = e(400, MSG.paginationInvalid, 'page or limit is not a positive integer in range');
const filterInvalid = e(
  400,
  MSG.listFilterInvalid,
  'a filter (provinsi, kabupaten, kategori, status, jenis) is not valid (a region with #, too), or kabupaten was sent without provinsi',
);

/** A JSON body of `schema`, with an example it accepts. */
export const json = (schema: z.ZodType, example: unknown): RequestDoc => ({ kind: 'json', schema, example });
/** A form body: `data` of `schema` and the image fields `files`, within `limits`. */
export const formBody = (schema: z.ZodType, files: FileFieldDoc[], example: unknown, limits: MultipartLimits): RequestDoc => ({
  kind: 'form',
  schema,
  files,
  example,
  limits,
});

export const ok = (schema: z.ZodType, description = 'Success'): SuccessDoc => ({ status: 200, description, schema });
export const createdDoc = (schema: z.ZodType, description = 'Created'): SuccessDoc => ({ status: 201, description, schema });
/** A success answer that is only its message. */
export const done = (text: string) => ok(R.success({ message: R.message(text) }));
/** A success answer of `data`. */
export const okData = (schema: z.ZodType) => ok(R.success({ data: schema }));
/** The body of a success answer with its message and `data`. */
export const withData = (text: string, data: z.ZodType) => R.success({ message: R.message(text), data });

/**
 * A public list of `item`, paged and filtered (`query`: the list filters, or a variant of
 * them), built from the records `from` (read in parallel, after the lists' versions).
 */
export const filteredList = (item: z.ZodType, from: string, query: z.ZodObject = filteredListQuery): Entry => ({
  facts: trips(2, `list versions (read first: the ETag), then ${from}`),
  query,
  success: okData(z.array(item)),
  errors: [pagingInvalid, filterInvalid],
});
/** One record (or list) named by the path parameters `params`. */
export const byKey = (params: z.ZodObject, data: z.ZodType, ...errors: ErrorDoc[]): EntryPart => ({
  params,
  success: okData(data),
  errors,
});

/** An HTML page of this API. */
export const htmlPage = (description: string): EntryPart => ({
  description,
  success: { status: 200, description: 'HTML page', schema: z.string(), contentType: 'text/html' },
});
/** A script or stylesheet a page of this API loads (`description` names them). */
export const pageAsset = (description: string): EntryPart => ({
  description,
  params: assetParams,
  success: { status: 200, description: 'JavaScript or CSS', schema: z.string(), contentType: 'text/javascript' },
  errors: [e(404, MSG.notFoundRoute, 'Not one of the served files')],
});

/** The answers of an export route: the file inline, or 303 to a private copy behind a link that expires. */
export const fileAnswers: Pick<Entry, 'success' | 'otherAnswers'> = {
  success: {
    status: 200,
    description: 'The file (Content-Disposition: attachment)',
    schema: z.string(),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  otherAnswers: [
    {
      status: 303,
      description: `The file is larger than one answer carries (${(EXPORT_INLINE_LIMIT / 1024 / 1024).toFixed(1)} MB; e.g. an XLSX of ~50,000 villages, or a large CSV to a client without gzip): it was stored privately and \`Location\` (also \`data.url\`) downloads it until \`data.expires_at\` (${EXPORT_LINK_SECONDS / 60} minutes). Clients that follow redirects receive the file.`,
      schema: R.success({ data: z.object({ url: z.url(), expires_at: z.iso.datetime() }) }),
      headers: { Location: 'A presigned download link of the file' },
    },
    {
      status: 200,
      description: `With \`tautan=1\`, whatever the file's size: it was stored privately as a large one is, and \`data.url\` downloads it (Content-Disposition: attachment, as \`data.nama_berkas\`) until \`data.expires_at\` (${EXPORT_LINK_SECONDS / 60} minutes). For pages whose Content-Security-Policy lets them fetch only their own origin: they navigate to the link instead`,
      schema: R.success({ data: z.object({ url: z.url(), nama_berkas: z.string(), expires_at: z.iso.datetime() }) }),
      contentType: 'application/json',
    },
  ],
};
