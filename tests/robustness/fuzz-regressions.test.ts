/**
 * Focused tests for the bugs the fuzzer found (tests/robustness/fuzz-*.test.ts), each
 * reduced to deterministic requests. Both were fixed in 606b32e ("over-long key values
 * answer as unknown instead of 500; multipart parts without a name are 400"); these
 * tests keep them fixed, for every route they concern (found from the declared routes,
 * so a new route of the same kind is covered too).
 */
import './support/own-bucket';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_RULES, type AccessRule } from '../../lib/auth/access-rules';
import type { LambdaHandler } from '../../lib/http/handler';
import { ROOT } from '../../scripts/local-stack';
import { apiEvent } from '../support/api';
import { multipart } from '../support/multipart';
import { declaredRoutes, type DeclaredRoute } from '../support/routes';
import { makeFixture, type Fixture } from './support/fixture';
import { SAMPLES, type SampleRequest } from './support/samples';

async function call(route: DeclaredRoute, s: SampleRequest, token: string | undefined) {
  const mod = (await import(join(ROOT, `${route.handler.replace(/\.handler$/, '')}.ts`))) as { handler: LambdaHandler };
  const form = s.form ? multipart(s.form.data === undefined ? {} : { data: JSON.stringify(s.form.data) }, s.form.files) : undefined;
  const event = apiEvent({
    method: route.method,
    resource: route.path,
    pathParameters: s.pathParameters,
    query: s.query,
    token,
    ...(form ?? { body: s.json }),
  });
  const result = await mod.handler(event, { awsRequestId: randomUUID() });
  return { statusCode: result.statusCode, body: JSON.parse(result.body) as unknown };
}

/** The token the route's valid sample is sent with: the caller its access rule admits. */
function tokenFor(route: DeclaredRoute, fx: Fixture): string {
  const rule = (ACCESS_RULES as Record<string, AccessRule>)[route.key];
  const role = rule?.kind === 'token' ? rule.roles?.[0] : undefined;
  return role === 'dinas' ? fx.dinas.token : role === 'admin' ? fx.admin.token : fx.owner.token;
}

/**
 * Was a bug: a key value longer than DynamoDB's key limit (2048 bytes for a partition key)
 * answered 500 "Internal server error" (DynamoDB ValidationException "Hash primary key
 * values must be under 2048 bytes…"). Path parameters, and e-mails (and POST /api/skor's
 * kd_desa) in bodies, go into keys (DESA#<kd>, REQ#<kd>, STAT#<kd>, SLUG#<slug>,
 * USER#<email>, RESET#<email>, LOGIN#<email>). A 2 100-character value fits in any URL
 * API Gateway accepts. It cannot name anything that exists, so the answer must be the one
 * for any unknown value.
 */
describe('fuzz finding: over-long key values get the "unknown" answer, not 500', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await makeFixture();
  }, 60_000);

  const LONG = 'D'.repeat(2_100);
  const LONG_EMAIL = `${'a'.repeat(2_100)}@example.com`;
  const routes = declaredRoutes().filter(
    (r) =>
      /\{(kd_desa|kd_permintaan|kd_status|slug|email)\}/.test(r.path) ||
      ['POST /auth/login', 'POST /auth/password', 'POST /auth/password/verify', 'PUT /auth/password', 'POST /api/skor'].includes(r.key),
  );

  it('every route that puts a path parameter or a body e-mail / kd_desa into a key: 2 100 characters get the answer of an unknown value', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const sample = await SAMPLES[route.key]!({ fx, owner: fx.owner });
      const withValue = (value: string, email: string): SampleRequest => ({
        ...sample,
        pathParameters:
          sample.pathParameters && Object.fromEntries(Object.keys(sample.pathParameters).map((k) => [k, k === 'email' ? email : value])),
        json:
          sample.json && !sample.pathParameters
            ? { ...sample.json, ...('email' in sample.json ? { email } : {}), ...('kd_desa' in sample.json ? { kd_desa: value } : {}) }
            : sample.json,
      });
      const token = tokenFor(route, fx);
      const unknown = await call(route, withValue('DTIDAKADA123', 'tidak-ada@example.com'), token);
      const long = await call(route, withValue(LONG, LONG_EMAIL), token);
      expect(unknown.statusCode, `${route.key} with an unknown short value`).toBeLessThan(500);
      if (JSON.stringify(long) !== JSON.stringify(unknown))
        wrong.push(`${route.key}: ${JSON.stringify(long)} instead of ${JSON.stringify(unknown)}`);
    }
    expect(wrong, `${wrong.length} of ${routes.length} routes`).toEqual([]);
  });
});

/**
 * Was a bug: a multipart part whose Content-Disposition has no `name` (e.g. `form-data` or
 * `form-data; filename="a.png"`) answered 500: busboy reports the part with an undefined
 * name and lib/http/multipart.ts `fieldName(name)` called `name.replace(…)` on it
 * (TypeError "Cannot read properties of undefined (reading 'replace')"). Every route that
 * reads multipart was affected. A malformed form is a client error (400).
 */
describe('fuzz finding: a multipart part without a name is a 400, not 500', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await makeFixture();
  }, 60_000);

  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  const bodies = {
    'a text part': Buffer.from('--B\r\nContent-Disposition: form-data\r\n\r\nnilai\r\n--B--\r\n'),
    'a file part': Buffer.concat([
      Buffer.from('--B\r\nContent-Disposition: form-data; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
      png,
      Buffer.from('\r\n--B--\r\n'),
    ]),
  };
  it('every route that reads multipart/form-data (its sample is a form): a text part or a file part without a name → 400 fail', async () => {
    const wrong: string[] = [];
    let routes = 0;
    for (const route of declaredRoutes()) {
      if (!SAMPLES[route.key]) continue;
      const sample = await SAMPLES[route.key]!({ fx, owner: fx.owner });
      if (!sample.form) continue;
      routes++;
      const mod = (await import(join(ROOT, `${route.handler.replace(/\.handler$/, '')}.ts`))) as { handler: LambdaHandler };
      for (const [what, bytes] of Object.entries(bodies)) {
        const event = apiEvent({
          method: route.method,
          resource: route.path,
          pathParameters: sample.pathParameters,
          token: tokenFor(route, fx),
          headers: { 'Content-Type': 'multipart/form-data; boundary=B' },
          body: bytes.toString('base64'),
          isBase64Encoded: true,
        });
        const result = await mod.handler(event, { awsRequestId: randomUUID() });
        const body = JSON.parse(result.body) as { status?: string; message?: string };
        if (result.statusCode !== 400 || body.status !== 'fail' || !body.message?.trim())
          wrong.push(`${route.key}, ${what}: ${result.statusCode} ${result.body}`);
      }
    }
    expect(routes).toBeGreaterThan(0);
    expect(wrong, `${wrong.length} of ${routes * 2} requests`).toEqual([]);
  });
});
