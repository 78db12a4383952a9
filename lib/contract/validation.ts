import type { z } from 'zod';
import { invalid } from './errors';
import { MSG, withFields } from './messages';

/**
 * Parses `value` with `schema`. On failure: `invalid` (400) with `message`, followed by the names of
 * the offending fields when `nameFields` is set (for texts the contract does not fix).
 */
export function parseOrInvalid<S extends z.ZodType>(schema: S, value: unknown, message: string, nameFields = false): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  if (!nameFields) throw invalid(message);
  const fields = result.error.issues.map((i) => (i.path.length ? i.path.join('.') : 'body'));
  throw invalid(withFields(message, fields));
}

/**
 * The `data` object of a multipart (or JSON) description request: 400 "Data JSON tidak
 * valid" when it is not an object, 400 `message` naming the offending top-level fields
 * when the schema refuses it.
 */
export function parseDataObject<S extends z.ZodType>(schema: S, data: unknown, message: string): z.output<S> {
  if (data === undefined || data === null || typeof data !== 'object' || Array.isArray(data)) throw invalid(MSG.dataJsonInvalid);
  const result = schema.safeParse(data);
  if (!result.success)
    throw invalid(
      withFields(
        message,
        result.error.issues.map((i) => String(i.path[0] ?? 'data')),
      ),
    );
  return result.data;
}

/** True when the value is a non-empty string after trimming. */
export const present = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** A positive integer query value up to `max`, `fallback` when absent; `invalid(MSG.paginationInvalid)` otherwise. */
export function positiveInt(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d{1,9}$/.test(value.trim())) throw invalid(MSG.paginationInvalid);
  const n = Number(value);
  if (n < 1 || n > max) throw invalid(MSG.paginationInvalid);
  return n;
}

/** The largest page the whole-table lists hand out with `?limit=`. */
export const MAX_LIST_LIMIT = 1000;

/**
 * Optional `?page=&limit=` of a whole-table list (villages, details, scores, statuses):
 * without either parameter the contract's full list, unchanged; with one, that page and
 * `pagination: {page, limit, total, pages}` (limit 1–1000, default 100), so a client can
 * keep every answer far below Lambda's 6 MB response limit however many villages there are.
 */
export function listPage<T>(items: T[], query: Record<string, string>): { data: T[]; pagination?: Record<string, number> } {
  if (query.page === undefined && query.limit === undefined) return { data: items };
  const page = positiveInt(query.page, 1, 1_000_000);
  const limit = positiveInt(query.limit, 100, MAX_LIST_LIMIT);
  const total = items.length;
  return { data: items.slice((page - 1) * limit, page * limit), pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
}
