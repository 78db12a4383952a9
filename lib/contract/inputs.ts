import * as z from 'zod';
import { MSG } from './messages';

/**
 * The input schemas several areas share: path parameters and the paging queries. Each
 * area's own bodies are declared with the rules they serve (lib/domain/<entity>.ts,
 * lib/auth/*.ts); handlers name these in their route spec, and the OpenAPI catalogue
 * (lib/openapi/catalogue/) names the very same objects.
 */

/**
 * Whether a text is one line a person could type: no control character (NUL, a line break,
 * …) and no lone surrogate (half of a character pair: it has no UTF-8 form, so DynamoDB
 * would keep U+FFFD instead of what was sent). A refinement without a text of its own, so a
 * route whose refusal names fields names this one.
 */
export const isPlainLine = (s: string): boolean => !/[\p{Cc}\p{Cs}]/u.test(s);

/** A one-line text of 1–`max` characters (trimmed), `isPlainLine`. */
export const plainLine = (max: number) => z.string().trim().min(1).max(max).refine(isPlainLine);

/** A person's name (an account's `full_name`). */
export const personName = z.string().trim().min(1).max(100);

/**
 * A region's name (provinsi, kabupaten) as villages are written and lists, exports and
 * statistics are narrowed by: 1–100 characters, no `#`. Region keys once stored a `#` as a
 * space (lib/db/keys.ts `regionPart`), so it is refused rather than keyed apart
 * (docs/decisions.md "Region names"). `refused`: the text of any failure, if the route has one.
 */
export const regionName = (refused?: { error: string }) =>
  z
    .string(refused)
    .trim()
    .min(1, refused)
    .max(100, refused)
    .refine((s) => !s.includes('#'), refused);

/** A region narrowing a query: a province, and a kabupaten (each optional; `kabupatenWithinProvinsi` below). */
export const regionFilter = { provinsi: regionName().optional(), kabupaten: regionName().optional() };
/** A kabupaten narrows only within its province (kabupaten names repeat across provinces). */
export const kabupatenWithinProvinsi = (q: { provinsi?: string; kabupaten?: string }) => !q.kabupaten || !!q.provinsi;

/** A path parameter (API Gateway sends every one of the path; the route wrapper URL-decodes it). */
export const pathParam = (description: string) => z.string().meta({ description });

export const kdDesaParams = z.object({ kd_desa: pathParam('Village code (`DESA-…`)') });
export const kdPermintaanParams = z.object({ kd_permintaan: pathParam('Request code (`REQ-…`)') });
export const kdStatusParams = z.object({ kd_status: pathParam('Village status code (`STAT-…`)') });
export const emailParams = z.object({ email: pathParam('E-mail address (URL-encoded)') });
export const slugParams = z.object({ slug: pathParam('Village slug') });
export const assetParams = z.object({ asset: pathParam('File name of a Swagger UI asset') });

/**
 * A positive integer query value up to `max`: `absent` when the parameter is missing,
 * `blank` when it is empty, 400 "Parameter page dan limit …" when it is anything else.
 */
function queryInt<A extends number | undefined>(max: number, blank: number, absent: A, meta: { description: string; examples: string[] }) {
  return z
    .string()
    .meta(meta)
    .optional()
    .transform((v, ctx): number | A => {
      if (v === undefined) return absent;
      if (v.trim() === '') return blank;
      const n = /^\d{1,9}$/.test(v.trim()) ? Number(v) : NaN;
      if (n >= 1 && n <= max) return n;
      ctx.addIssue({ code: 'custom', message: MSG.paginationInvalid, input: v });
      return z.NEVER;
    });
}

/** The largest page the whole-table lists hand out with `?limit=`. */
export const MAX_LIST_LIMIT = 1000;

/**
 * Optional `?page=&limit=` of a whole-table list (villages, details, scores, statuses):
 * without either parameter the contract's full list, unchanged; with one, that page and
 * `pagination: {page, limit, total, pages}` (limit 1–1000, default 100), so a client can
 * keep every answer far below Lambda's 6 MB response limit however many villages there are.
 */
export const listPagingQuery = z.object({
  page: queryInt(1_000_000, 1, undefined, {
    description: 'Optional page, from 1; with page or limit the answer is one page plus `pagination`',
    examples: ['1'],
  }),
  limit: queryInt(MAX_LIST_LIMIT, 100, undefined, {
    description: 'Optional page size, 1 to 1000 (default 100 when paging)',
    examples: ['100'],
  }),
});
export type ListPaging = z.output<typeof listPagingQuery>;

/** The whole list, or one page of it and `pagination` when the query asked for paging (`listPagingQuery`). */
export function listPage<T>(items: T[], paging: ListPaging): { data: T[]; pagination?: Record<string, number> } {
  if (paging.page === undefined && paging.limit === undefined) return { data: items };
  const page = paging.page ?? 1;
  const limit = paging.limit ?? 100;
  const total = items.length;
  return { data: items.slice((page - 1) * limit, page * limit), pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
}

/** `?page=&limit=` of a list read a page at a time (tourism descriptions): page from 1, limit 1–100 (default 10). */
export const pageQuery = z.object({
  page: queryInt(1_000_000, 1, 1, { description: 'Page, from 1 (default 1)', examples: ['1'] }),
  limit: queryInt(100, 10, 10, { description: 'Page size, 1 to 100 (default 10)', examples: ['10'] }),
});
