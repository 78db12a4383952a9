/**
 * npm run docs:api: writes docs/api.md, the API reference, from the OpenAPI document the
 * service serves at GET /openapi.json (lib/openapi/document.ts, `buildOpenApiDocument`).
 * The Markdown is derived only from that document, so it cannot say something the code
 * does not do: tests/unit/api-docs.test.ts fails when docs/api.md differs from what this
 * script renders now. Deterministic: the document's own order (tags, then the route
 * table's order), no dates.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { OpenApiDocument } from '../lib/openapi/document';

// The same defaults as the other scripts: configuration is read lazily by lib/, and the
// document does not depend on it, but nothing imported may trip over a missing variable.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.STAGE ??= 'local';
process.env.TABLE_NAME ??= 'tourism-village-local';
process.env.BUCKET_NAME ??= 'tourism-village-images-local';
process.env.AWS_REGION ??= 'ap-southeast-3';

export const API_DOCS_PATH = join(__dirname, '..', 'docs', 'api.md');

type Schema = { [key: string]: unknown };
type Operation = OpenApiDocument['paths'][string][string];

const SAFE_INT = Number.MAX_SAFE_INTEGER;
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces → hyphens, repeats numbered. */
class Slugger {
  private readonly seen = new Map<string, number>();
  slug(heading: string): string {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = this.seen.get(base) ?? 0;
    this.seen.set(base, n + 1);
    return n === 0 ? base : `${base}-${n}`;
  }
}

const code = (s: string) => (s.includes('`') ? `\`\` ${s} \`\`` : `\`${s}\``);
/** Text fit for one table cell: one line, pipes escaped. */
const cell = (s: string) => s.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

class Renderer {
  private readonly slugger = new Slugger();
  private readonly schemaAnchors = new Map<string, string>();

  constructor(private readonly doc: OpenApiDocument) {}

  private resolve(schema: Schema): Schema {
    let s = schema;
    for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) s = (this.doc.components.schemas[refName(s.$ref)] ?? {}) as Schema;
    return s;
  }

  /** A schema's type in words, with its limits: "string, 3–50 chars", "array of Village", "`"a"` or `"b"`". */
  typeOf(schema: Schema, link = true): string {
    if (typeof schema.$ref === 'string') {
      const name = refName(schema.$ref);
      const anchor = this.schemaAnchors.get(name);
      return link && anchor ? `[${name}](#${anchor})` : name;
    }
    if ('const' in schema) return code(JSON.stringify(schema.const));
    if (Array.isArray(schema.enum)) {
      const values = schema.enum.map((v) => code(JSON.stringify(v)));
      return values.length > 2 ? `one of ${values.join(', ')}` : values.join(' or ');
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      const alternatives = schema[key];
      if (Array.isArray(alternatives)) return (alternatives as Schema[]).map((s) => this.typeOf(s, link)).join(' or ');
    }
    // A form field holding JSON text: its fields are listed below it.
    if (typeof schema.contentSchema === 'object' && schema.contentSchema) return 'string (JSON)';
    const type = schema.type;
    const limits = this.limits(schema);
    if (type === 'array') {
      const items = this.typeOf((schema.items ?? {}) as Schema, link);
      return limits.length ? `array (${limits.join(', ')}) of ${items}` : `array of ${items}`;
    }
    let base: string;
    if (Array.isArray(type)) base = type.join(' or ');
    else if (type === 'string' && schema.format === 'binary') base = 'file';
    else if (typeof type === 'string') base = type;
    else base = 'any';
    return limits.length ? `${base} (${limits.join(', ')})` : base;
  }

  private limits(s: Schema): string[] {
    const out: string[] = [];
    if (typeof s.format === 'string' && s.format !== 'binary') out.push(s.format);
    const range = (min: unknown, max: unknown, unit: string) => {
      const lo = typeof min === 'number' && min > -SAFE_INT ? min : undefined;
      const hi = typeof max === 'number' && max < SAFE_INT ? max : undefined;
      if (lo !== undefined && hi !== undefined) out.push(`${lo}–${hi}${unit}`);
      else if (lo !== undefined) out.push(`≥ ${lo}${unit}`);
      else if (hi !== undefined) out.push(`≤ ${hi}${unit}`);
    };
    range(s.minLength, s.maxLength, ' chars');
    range(s.minimum, s.maximum, '');
    if (typeof s.exclusiveMinimum === 'number') out.push(`> ${s.exclusiveMinimum}`);
    if (typeof s.exclusiveMaximum === 'number') out.push(`< ${s.exclusiveMaximum}`);
    range(s.minItems, s.maxItems, ' items');
    if (typeof s.pattern === 'string' && s.format === undefined) out.push(`pattern ${code(s.pattern)}`);
    return out;
  }

  /** The fields of an object schema, nested ones as `a.b` and `a[].b`. */
  fields(schema: Schema, prefix = '', depth = 0): { name: string; type: string; required: boolean; description: string }[] {
    const s = this.resolve(schema);
    const props = (s.properties ?? {}) as Record<string, Schema>;
    const required = new Set((s.required as string[] | undefined) ?? []);
    const rows: { name: string; type: string; required: boolean; description: string }[] = [];
    for (const [name, prop] of Object.entries(props)) {
      const notes = [prop.description, this.resolve(prop).description].filter((d): d is string => typeof d === 'string' && d !== '');
      if ('default' in prop) notes.push(`Default ${code(JSON.stringify(prop.default))}.`);
      const full = `${prefix}${name}`;
      rows.push({ name: full, type: this.typeOf(prop), required: required.has(name), description: [...new Set(notes)].join(' ') });
      if (depth >= 3) continue;
      // A JSON-text field (multipart `data`) and inline objects are listed field by field.
      const inner = (prop.contentSchema ?? prop) as Schema;
      if (inner.$ref && inner === prop) continue;
      const resolved = this.resolve(inner);
      if (resolved.properties) rows.push(...this.fields(resolved, `${full}.`, depth + 1));
      else if (resolved.type === 'array' && resolved.items) {
        const items = resolved.items as Schema;
        if (!items.$ref && this.resolve(items).properties) rows.push(...this.fields(items, `${full}[].`, depth + 1));
      }
    }
    return rows;
  }

  fieldTable(rows: ReturnType<Renderer['fields']>): string[] {
    if (!rows.length) return [];
    return [
      '| field | type | required | description |',
      '| --- | --- | --- | --- |',
      ...rows.map((r) => `| ${code(r.name)} | ${cell(r.type)} | ${r.required ? 'yes' : 'no'} | ${cell(r.description)} |`),
      '',
    ];
  }

  /** A one-line shape of a response body: `{ status: "success", data: Village[] }`. */
  shape(schema: Schema, depth = 0): string {
    if (typeof schema.$ref === 'string') return refName(schema.$ref);
    if ('const' in schema) return JSON.stringify(schema.const);
    if (schema.type === 'array') return `${this.shape((schema.items ?? {}) as Schema, depth)}[]`;
    for (const key of ['anyOf', 'oneOf'] as const) {
      const alternatives = schema[key];
      if (Array.isArray(alternatives)) return (alternatives as Schema[]).map((s) => this.shape(s, depth)).join(' | ');
    }
    if (schema.properties) {
      if (depth >= 2) return 'object';
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const parts = Object.entries(schema.properties as Record<string, Schema>).map(
        ([name, prop]) => `${name}${required.has(name) ? '' : '?'}: ${this.shape(prop, depth + 1)}`,
      );
      return `{ ${parts.join(', ')}${schema.additionalProperties ? ', …' : ''} }`;
    }
    if (Array.isArray(schema.type)) return schema.type.join(' | ');
    return typeof schema.type === 'string' ? schema.type : 'any';
  }

  /** Names of the component schemas a value refers to, directly or through other components. */
  private refsIn(value: unknown, into: Set<string>): Set<string> {
    if (Array.isArray(value)) for (const v of value) this.refsIn(v, into);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string') {
          const name = refName(v);
          if (!into.has(name)) {
            into.add(name);
            this.refsIn(this.doc.components.schemas[name], into);
          }
        } else this.refsIn(v, into);
      }
    }
    return into;
  }

  private operations(): { tag: string; method: string; path: string; op: Operation }[] {
    const out: { tag: string; method: string; path: string; op: Operation }[] = [];
    for (const [path, ops] of Object.entries(this.doc.paths)) {
      for (const method of METHODS) {
        const op = ops[method];
        if (op) out.push({ tag: op.tags[0] ?? 'Other', method: method.toUpperCase(), path, op });
      }
    }
    return out;
  }

  private accessShort(op: Operation): string {
    const a = op['x-access'];
    if (!a) return '';
    const who =
      a.kind === 'public' ? 'public' : a.kind === 'optional' ? 'token optional' : a.roles ? `token: ${a.roles.join(', ')}` : 'any token';
    return a.owner ? `${who} (owner)` : who;
  }

  render(): string {
    const ops = this.operations();
    const tags = [...this.doc.tags.map((t) => t.name), ...ops.map((o) => o.tag)].filter((t, i, all) => all.indexOf(t) === i);
    const byTag = tags.map((tag) => ({ tag, ops: ops.filter((o) => o.tag === tag) })).filter((g) => g.ops.length);
    // Response schemas get a section at the end; request bodies are expanded in place.
    const responseSchemas = this.refsIn(
      ops.map((o) => o.op.responses),
      new Set(),
    );
    const schemaNames = Object.keys(this.doc.components.schemas).filter((n) => responseSchemas.has(n));

    // Anchors in the order the headings appear, as GitHub numbers repeated ones.
    this.slugger.slug('API reference');
    this.slugger.slug('Routes');
    const tagAnchor = new Map<string, string>();
    const opAnchor = new Map<Operation, string>();
    for (const g of byTag) {
      tagAnchor.set(g.tag, this.slugger.slug(g.tag));
      for (const o of g.ops) opAnchor.set(o.op, this.slugger.slug(`${o.method} ${o.path}`));
    }
    this.slugger.slug('Schemas');
    for (const name of schemaNames) this.schemaAnchors.set(name, this.slugger.slug(name));

    const lines: string[] = [
      '# API reference',
      '',
      '<!-- Generated by `npm run docs:api` (scripts/api-docs.ts) from the OpenAPI document. Do not edit: change the code, then run `npm run docs:api`. -->',
      '',
      `The contract of the ${this.doc.info.title}: every route, what it takes, what it answers, and the exact message texts. ` +
        'It is rendered from the OpenAPI document the service itself serves (`GET /openapi.json`, viewable at `GET /docs`), ' +
        'which is generated from the code, and a unit test fails when this file falls behind it. ' +
        'Access is shown as the route table declares it; an operator can tighten routes with `ACCESS_OVERRIDES`.',
      '',
      this.doc.info.description,
      '',
      '## Routes',
      '',
      '| area | route | summary | access |',
      '| --- | --- | --- | --- |',
      ...byTag.flatMap((g) =>
        g.ops.map(
          (o) =>
            `| [${g.tag}](#${tagAnchor.get(g.tag)}) | [${code(`${o.method} ${o.path}`)}](#${opAnchor.get(o.op)}) | ${cell(o.op.summary)} | ${this.accessShort(o.op)} |`,
        ),
      ),
      '',
    ];
    for (const g of byTag) {
      const tag = this.doc.tags.find((t) => t.name === g.tag);
      lines.push(`## ${g.tag}`, '');
      if (tag?.description) lines.push(tag.description, '');
      for (const o of g.ops) lines.push(...this.operation(o.method, o.path, o.op));
    }
    if (schemaNames.length) {
      lines.push('## Schemas', '', 'The objects the responses above refer to.', '');
      for (const name of schemaNames) {
        const schema = this.doc.components.schemas[name] as Schema;
        lines.push(`### ${name}`, '');
        if (typeof schema.description === 'string') lines.push(schema.description, '');
        const rows = this.fields(schema);
        if (rows.length) lines.push(...this.fieldTable(rows));
        else lines.push(`${this.typeOf(schema)}`, '');
      }
    }
    return `${lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd()}\n`;
  }

  private operation(method: string, path: string, op: Operation): string[] {
    const lines = [`### ${method} ${path}`, '', `**${op.summary}**`, ''];
    if (op.description) lines.push(op.description, '');

    const params = (op.parameters ?? []) as Schema[];
    if (params.length) {
      lines.push('**Parameters**', '', '| name | in | required | type | description |', '| --- | --- | --- | --- | --- |');
      for (const p of params) {
        const schema = (p.schema ?? {}) as Schema;
        const notes = [p.description, 'default' in schema ? `Default ${code(JSON.stringify(schema.default))}.` : undefined];
        lines.push(
          `| ${code(String(p.name))} | ${p.in} | ${p.required ? 'yes' : 'no'} | ${cell(this.typeOf(schema))} | ${cell(notes.filter(Boolean).join(' '))} |`,
        );
      }
      lines.push('');
    }

    const body = op.requestBody as Schema | undefined;
    if (body) {
      const content = (body.content ?? {}) as Record<string, { schema?: Schema }>;
      const [primary, ...others] = Object.keys(content);
      const also = others.length ? `; also ${others.map(code).join(', ')}` : '';
      lines.push(`**Request body** (${primary ? code(primary) : 'none'}${also}${body.required ? '' : ', optional'})`, '');
      if (typeof body.description === 'string') lines.push(body.description, '');
      const schema = primary ? content[primary]?.schema : undefined;
      if (schema) {
        const rows = this.fields(schema);
        if (rows.length) lines.push(...this.fieldTable(rows));
        else lines.push(`Type: ${this.typeOf(schema)}`, '');
      }
    }

    const statuses = Object.keys(op.responses).sort((a, b) => Number(a) - Number(b));
    for (const status of statuses.filter((s) => s.startsWith('2'))) {
      const res = op.responses[status] as Schema;
      const content = (res.content ?? {}) as Record<string, { schema?: Schema }>;
      // one body per media type the status answers (an export: the file, or its link as JSON)
      const bodies = Object.keys(content).map((type) => {
        const schema = content[type]?.schema;
        const shape =
          type === 'application/json' && schema
            ? code(this.shape(schema))
            : `${code(type)}${schema ? ` (${this.typeOf(schema, false)})` : ''}`;
        const refs = schema ? [...this.refsIn(schema, new Set())].filter((n) => this.schemaAnchors.has(n)) : [];
        const see = refs.length ? `; see ${refs.map((n) => `[${n}](#${this.schemaAnchors.get(n)})`).join(', ')}` : '';
        return `${shape}${see}`;
      });
      const body = bodies.length ? bodies.join('; or ') : 'no body';
      lines.push(`**Success:** ${status} — ${String(res.description).replace(/\.$/, '')}. Body: ${body}.`, '');
      const headers = Object.keys((res.headers ?? {}) as object);
      if (headers.length) lines.push(`Headers: ${headers.map(code).join(', ')}.`, '');
    }
    for (const status of statuses.filter((s) => s.startsWith('3'))) {
      lines.push(`**${status}:** ${(op.responses[status] as Schema).description}`, '');
    }

    const errors = statuses.filter((s) => Number(s) >= 400);
    if (errors.length) {
      lines.push('**Errors**', '', '| status | message | when |', '| --- | --- | --- |');
      for (const status of errors) {
        const res = op.responses[status] as Schema;
        const withHeaders = Object.keys((res.headers ?? {}) as object);
        const label = withHeaders.length ? `${status} (${withHeaders.join(', ')})` : status;
        for (const e of errorTexts(res)) lines.push(`| ${label} | ${cell(code(e.message))} | ${cell(e.when)} |`);
      }
      lines.push('');
    }
    return lines;
  }
}

/** The message texts of an error response: its examples, else the "- `text`: when" lines of its description. */
function errorTexts(res: Schema): { message: string; when: string }[] {
  const content = (res.content ?? {}) as Record<string, { examples?: Record<string, { summary?: string; value?: { message?: string } }> }>;
  const out: { message: string; when: string }[] = [];
  for (const media of Object.values(content)) {
    for (const ex of Object.values(media.examples ?? {})) {
      if (typeof ex.value?.message === 'string') out.push({ message: ex.value.message, when: ex.summary ?? '' });
    }
  }
  if (out.length) return out;
  for (const m of String(res.description ?? '').matchAll(/^- `([^`]+)`: (.*)$/gm)) out.push({ message: m[1]!, when: m[2]! });
  return out.length ? out : [{ message: '', when: String(res.description ?? '') }];
}

/** docs/api.md's Markdown for a document, before Prettier. */
export function renderApiMarkdown(doc: OpenApiDocument): string {
  return new Renderer(doc).render();
}

/** docs/api.md as `npm run docs:api` writes it: the service's document (the route table's access rules), Prettier-formatted. */
export async function renderApiDocs(): Promise<string> {
  const { buildOpenApiDocument } = await import('../lib/openapi/document');
  const markdown = renderApiMarkdown(buildOpenApiDocument());
  const prettier = await import('prettier');
  return prettier.format(markdown, { ...((await prettier.resolveConfig(API_DOCS_PATH)) ?? {}), filepath: API_DOCS_PATH });
}

async function main() {
  const text = await renderApiDocs();
  let before = '';
  try {
    before = readFileSync(API_DOCS_PATH, 'utf8');
  } catch {
    // first run
  }
  mkdirSync(dirname(API_DOCS_PATH), { recursive: true });
  writeFileSync(API_DOCS_PATH, text);
  console.log(`${before === text ? 'Unchanged' : 'Wrote'} docs/api.md (${text.split('\n').length - 1} lines).`);
}

if (process.argv[1] && resolve(process.argv[1]) === join(__dirname, 'api-docs.ts')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
