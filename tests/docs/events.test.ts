/**
 * events/<function>.json: one sample API Gateway (REST, proxy) event per function of
 * serverless.yml, for `serverless invoke local -f NAME -p events/NAME.json --stage local`,
 * written by `npm run events` from the route table and the catalogue (scripts/events.ts).
 * Each is invoked in-process with its function's handler and must not give a 5xx
 * (events that need a token carry a placeholder: 401 is fine).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { LambdaHandler } from '../../lib/http/handler';
import { bodyBytes, parseMultipart } from '../../lib/http/multipart';
import { sniffImageType } from '../../lib/storage/image-type';
import { ROOT } from '../../scripts/local-stack';
import { declaredRoutes } from '../support/routes';
import { eventFile, sampleEvents } from '../../scripts/events';

const EVENTS = join(ROOT, 'events');
const routes = declaredRoutes();
const eventOf = (fn: string) => JSON.parse(readFileSync(join(EVENTS, `${fn}.json`), 'utf8')) as APIGatewayProxyEvent;

describe('events/', () => {
  it('is what `npm run events` writes now (run it after adding or changing a route)', async () => {
    const events = await sampleEvents();
    for (const [fn, event] of Object.entries(events))
      expect(readFileSync(join(EVENTS, `${fn}.json`), 'utf8'), `events/${fn}.json: run npm run events`).toBe(eventFile(event));
  });

  it('has exactly one event file per function, named after it', () => {
    const files = readdirSync(EVENTS)
      .filter((f) => f.endsWith('.json'))
      .sort();
    expect(files).toEqual(routes.map((r) => `${r.fn}.json`).sort());
  });

  it.each(routes.map((r) => [r.fn, r] as const))('%s: the event matches its route and its handler answers without a 5xx', async (fn, r) => {
    const event = eventOf(fn);
    expect(event.resource).toBe(r.path);
    if (r.method !== 'ANY') expect(event.httpMethod).toBe(r.method);
    expect(event.requestContext.resourcePath).toBe(r.path);
    for (const name of [...r.path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]!)) expect(event.pathParameters?.[name], name).toBeTruthy();
    if (event.isBase64Encoded) {
      // A well-formed multipart body: JSON in `data` (when present) and real images.
      const type = event.headers['Content-Type']!;
      expect(type).toMatch(/^multipart\/form-data; boundary=/);
      const form = await parseMultipart(bodyBytes(event), type, {
        fileSize: 5 << 20,
        files: 25,
        filesPerField: 25,
        fileFields: [
          ...Buffer.from(event.body!, 'base64')
            .toString('latin1')
            .matchAll(/name="([^"]+?)(?:\[\])?"; filename=/g),
        ].map((m) => m[1]!),
        fields: 10,
        fieldSize: 1 << 20,
      });
      if (form.fields.data !== undefined) expect(() => JSON.parse(form.fields.data!)).not.toThrow();
      expect(form.files.length).toBeGreaterThan(0);
      for (const f of form.files) expect(sniffImageType(f.data)?.ext).toBe('png');
    } else if (event.body) {
      expect(event.headers['Content-Type']).toBe('application/json');
      expect(() => JSON.parse(event.body!)).not.toThrow();
    }

    const { handler } = (await import(join(ROOT, `${r.handler.replace(/\.handler$/, '')}.ts`))) as { handler: LambdaHandler };
    const res = await handler(event, { awsRequestId: `events-test-${fn}` });
    expect(res.statusCode, `${fn}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    if (event.headers.Authorization?.includes('replace-with-a-token')) expect(res.statusCode).toBe(401);
  });
});
