import * as z from 'zod';

export type JsonObject = { [key: string]: unknown };

/** Converts zod schemas to JSON Schema; schemas with a meta `id` become shared components. */
export class Schemas {
  readonly components: Record<string, JsonObject> = {};

  convert(schema: z.ZodType): JsonObject {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonObject;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonObject>;
    delete json.$defs;
    for (const [id, def] of Object.entries(defs)) this.components[id] ??= rewriteRefs(def) as JsonObject;
    return rewriteRefs(json) as JsonObject;
  }
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!value || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === '$ref' && typeof v === 'string' ? v.replace(/^#\/\$defs\//, '#/components/schemas/') : rewriteRefs(v);
  }
  return out;
}
