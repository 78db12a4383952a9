import type { z } from 'zod';
import { MSG, withFields } from '../messages';
import { badRequest } from './errors';

/**
 * Parses `value` with `schema`. On failure: 400 with `message`, followed by the names of
 * the offending fields when `nameFields` is set (for texts the contract does not fix).
 */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, message: string, nameFields = false): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  if (!nameFields) throw badRequest(message);
  const fields = result.error.issues.map((i) => (i.path.length ? i.path.join('.') : 'body'));
  throw badRequest(withFields(message, fields));
}

/**
 * The `data` object of a multipart (or JSON) description request: 400 "Data JSON tidak
 * valid" when it is not an object, 400 `message` naming the offending top-level fields
 * when the schema refuses it.
 */
export function parseDataObject<S extends z.ZodType>(schema: S, data: unknown, message: string): z.output<S> {
  if (data === undefined || data === null || typeof data !== 'object' || Array.isArray(data)) throw badRequest(MSG.dataJsonInvalid);
  const result = schema.safeParse(data);
  if (!result.success)
    throw badRequest(
      withFields(
        message,
        result.error.issues.map((i) => String(i.path[0] ?? 'data')),
      ),
    );
  return result.data;
}
