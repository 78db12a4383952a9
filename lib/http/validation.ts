import type { z } from 'zod';
import { withFields } from '../messages';
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
