/**
 * Every route's input is declared once: the schemas its handler parses with (the route
 * spec, kept as `handler.input`: lib/http/input.ts) are the very objects the OpenAPI
 * catalogue documents (lib/openapi/catalogue/), so what the document says a route takes
 * cannot drift from what the route enforces. What a failed parse answers is declared with
 * those schemas (lib/contract/validation.ts), so the errors the catalogue derives are the
 * route's own.
 */
import { join } from 'node:path';
import type * as z from 'zod';
import { describe, expect, it } from 'vitest';
import type { RouteHandler } from '../../lib/http/handler';
import { declaredRefusal } from '../../lib/contract/validation';
import { ROUTE_DOCS } from '../../lib/openapi/catalogue';
import { ROUTE_KEYS, ROUTES, splitRouteKey } from '../../lib/routes';
import { ROOT } from '../../scripts/local-stack';

const handlerOf = async (key: (typeof ROUTE_KEYS)[number]) =>
  ((await import(join(ROOT, 'functions', `${ROUTES[key].handler}.ts`))) as { handler: RouteHandler }).handler;

describe('route inputs: the handler parses with exactly what the catalogue documents', () => {
  it.each(ROUTE_KEYS)('%s', async (key) => {
    const input = (await handlerOf(key)).input;
    expect(input, 'route(…) keeps the spec on the handler').toBeDefined();
    if (key === 'ANY /{proxy+}') return expect(input).toEqual({});
    const doc = ROUTE_DOCS[key];

    // Path parameters: a schema naming exactly the template's parameters, documented as that same object.
    const names = [...splitRouteKey(key).path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]);
    if (names.length) expect(Object.keys((input.params as z.ZodObject | undefined)?.shape ?? {})).toEqual(names);
    else expect(input.params).toBeUndefined();
    expect(doc.params === input.params, 'params').toBe(true);
    expect(doc.query === input.query, 'query').toBe(true);

    // A route names its own refusal only where none is declared with its schemas (a refusal that is not a 400: lib/http/input.ts).
    if (input.invalid) expect(declaredRefusal(input.body, input.query, input.form?.data), 'two refusals').toBeUndefined();

    // The body: JSON, a form (its `data` schema and file fields) or one upload, or none.
    const request = doc.request;
    if (input.body) {
      expect(request?.kind).toBe('json');
      // (so the refusals declared with it, which the catalogue lists, are the ones the route answers)
      expect(request?.kind === 'json' && request.schema === input.body, 'JSON body schema').toBe(true);
    } else if (input.form) {
      expect(request?.kind).toBe('form');
      if (request?.kind !== 'form') return;
      expect(request.schema === input.form.data, 'form data schema').toBe(true);
      for (const f of request.files) expect(input.form.limits.fileFields).toContain(f.field.replace(/\[\]$/, ''));
      // the refusals the catalogue derives come from the form's own limits and the refusal declared with its `data` schema
      // (the web-app dialect adds file fields, checked above; the figures the refusals name are the same)
      const figures = (l: typeof input.form.limits) => ({ ...l, fileFields: undefined });
      expect(figures(request.limits), 'form limits').toEqual(figures(input.form.limits));
    } else if (input.upload) {
      expect(request?.kind).toBe('file');
      expect(request?.kind === 'file' && request.limits === input.upload.limits, 'upload limits').toBe(true);
    } else {
      expect(request).toBeUndefined();
    }
  });
});
