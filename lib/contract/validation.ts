import * as z from 'zod';
import { DomainError, invalid } from './errors';
import { MSG, withFields } from './messages';

/**
 * How a request's input is parsed and refused. Every route declares its input as zod
 * schemas (its route spec, lib/http/input.ts); the route wrapper parses them with
 * `parseInput` before the route's function runs. A schema carries the texts of its own
 * failures (`error:` params, refinements); a failure whose first issue carries none gets
 * the route's `Refusal`.
 */

/** What a failed parse answers when its first issue carries no text of its own: a 400 text, or an error built from the issues. */
export type Refusal = string | ((issues: readonly z.core.$ZodIssue[]) => DomainError);

/** The message zod gives an issue whose schema names no text (never shown to a client). */
const NO_TEXT = '\u0000no text of its own';

/**
 * Parses `value` with `schema`: on failure, the first issue's own text, else `refusal`, as a
 * 400 (or the refusal's error). A route whose schema can fail without a text of its own
 * names its refusal; the default is "Body JSON tidak valid".
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, refusal: Refusal = MSG.invalidJson): z.output<S> {
  const result = schema.safeParse(value, { error: () => NO_TEXT });
  if (result.success) return result.data;
  const issues = result.error.issues;
  const own = issues[0]?.message;
  const err =
    own !== undefined && own !== NO_TEXT
      ? invalid(own)
      : typeof refusal === 'string'
        ? invalid(refusal)
        : refusal(issues.filter((i) => i.message === NO_TEXT));
  // a schema declared with field texts adds them beside the message, which stays as it is
  const texts = refusals.get(schema)?.fieldTexts;
  throw texts ? new DomainError(err.kind, err.message, err.retryAfterSeconds, fieldsOf(issues, texts)) : err;
}

/**
 * The texts of a refused input's fields, for a page to show each beside its field (`fields` of
 * the 400, beside the unchanged `message`). A field is found by its path with array indices
 * dropped (`bukti.akses_tempat_wisata.tautan`), then with each key of `wildcards` as `*`
 * (`bukti.*.tautan`); a rule that carries its own text (a refinement) by that text (`rules`).
 */
export interface FieldTexts {
  fields: Record<string, string>;
  rules?: Record<string, string>;
  /** Keys that stand for one of many (the criteria): matched as `*`. */
  wildcards?: readonly string[];
}

/** Each offending field (its path, indices included: `bukti.x.tautan.0`; `body` for the body itself) → its text. */
function fieldsOf(issues: readonly z.core.$ZodIssue[], texts: FieldTexts): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k]) : [issue.path];
    for (const path of paths) {
      const key = path.map(String).join('.') || 'body';
      out[key] ??= issue.code === 'unrecognized_keys' ? MSG.fieldUnknown : fieldText(path, issue.message, texts);
    }
  }
  return out;
}

function fieldText(path: readonly PropertyKey[], message: string, texts: FieldTexts): string {
  const own = message !== NO_TEXT ? message : undefined;
  if (own && texts.rules?.[own]) return texts.rules[own];
  const names = path.filter((p) => typeof p === 'string');
  const exact = names.join('.');
  const wild = names.map((n) => (texts.wildcards?.includes(n) ? '*' : n)).join('.');
  return texts.fields[exact] ?? texts.fields[wild] ?? own ?? MSG.fieldInvalid;
}

/**
 * A refusal that names the offending top-level fields after `message` ("…: email, nama_desa";
 * `body` for the body itself); a key a strict object does not take is named with its path
 * ("…: lain", "…: catatan.lain").
 */
export const namingFields =
  (message: string): Refusal =>
  (issues) =>
    invalid(
      withFields(
        message,
        issues.flatMap((i) =>
          i.code === 'unrecognized_keys'
            ? i.keys.map((k) => [...i.path, k].map(String).join('.'))
            : [i.path.length ? String(i.path[0]) : 'body'],
        ),
      ),
    );

/**
 * What a route input's failures answer when their first issue carries no text of its own,
 * declared once with the schema (`refusals.add(schema, {...})`): the route wrapper
 * parses with it (lib/http/input.ts) and the OpenAPI catalogue lists it among the route's
 * errors (lib/openapi/catalogue/shared.ts), so the two cannot drift. A zod registry, not
 * `.meta()`: it stays out of the JSON Schema the document is generated from.
 */
export interface InputRefusal {
  /** The 400 text. */
  message: string;
  /** When it is answered, in the document's words. */
  when: string;
  /** The text names the offending top-level fields after it (`namingFields`). */
  namesFields?: true;
  /** A body that is not JSON is refused with the same text (instead of "Body JSON tidak valid"). */
  malformedToo?: true;
  /** The 400 also carries `fields`: each offending field's own text (the evaluation routes). */
  fieldTexts?: FieldTexts;
}
export const refusals = z.registry<InputRefusal>();

/** A refusal whose text names the offending top-level fields, of a JSON body or of a form's `data`. */
export const namingRefusal = (message: string, of: 'body' | 'form' = 'body', fieldTexts?: FieldTexts): InputRefusal => ({
  message,
  when:
    (of === 'form' ? 'A field of `data` is invalid; the offending fields are named' : 'A field is missing or invalid') +
    (fieldTexts ? fieldTextsDoc(fieldTexts) : ''),
  namesFields: true,
  ...(fieldTexts ? { fieldTexts } : {}),
});

/** What `fields` holds, in the document's words. */
const fieldTextsDoc = (t: FieldTexts) =>
  `. \`fields\` gives each offending field (its path, e.g. \`bukti.akses_tempat_wisata.tautan.0\`) its own text: ${[
    ...Object.entries(t.fields).map(([f, text]) => `${f}: "${text}"`),
    ...Object.entries(t.rules ?? {}).map(([rule, text]) => `the field of "${rule}": "${text}"`),
    `a key it does not take: "${MSG.fieldUnknown}"`,
    `otherwise: "${MSG.fieldInvalid}"`,
  ].join('; ')}`;

/** The refusal a route parses with: the one declared with the first of its schemas that has one. */
export function declaredRefusal(...schemas: (z.ZodType | undefined)[]): InputRefusal | undefined {
  for (const s of schemas) if (s && refusals.has(s)) return refusals.get(s);
  return undefined;
}

/** The declared refusal as `parseInput` takes it. */
export const asRefusal = (r: InputRefusal | undefined): Refusal | undefined => r && (r.namesFields ? namingFields(r.message) : r.message);

/** Object-level refinements run once every field is valid (so a field's own failure comes first). */
export const whenFieldsValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/** A string that is not empty after trimming (the value itself is kept as sent). */
export const nonBlank = z.string().regex(/\S/);
