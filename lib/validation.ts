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
