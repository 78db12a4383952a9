/**
 * The fuzz harness catches what it is meant to catch: it is run, briefly, on one route
 * with deliberately faulty handlers wrapped around the real one, and must report each
 * kind of fault. Without this, "0 responses >= 500" could also mean a harness that
 * looks away.
 */
import './support/own-bucket';
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as realHandler } from '../../functions/requests/create';
import { db, tableName } from '../../lib/db/client';
import { putImage } from '../../lib/storage/images';
import type { LambdaHandler } from '../../lib/http/handler';
import { declaredRoutes } from '../support/routes';
import { fuzzRoute } from './support/fuzz';

const route = declaredRoutes().find((r) => r.key === 'POST /api/permintaan')!;
const RUNS = 40;

/** The real handler, with `fault` applied to each of its results. */
const faulty =
  (
    fault: (
      result: Awaited<ReturnType<LambdaHandler>>,
      n: number,
    ) => Promise<Awaited<ReturnType<LambdaHandler>>> | Awaited<ReturnType<LambdaHandler>>,
  ): LambdaHandler =>
  async (event, context) => {
    const result = await realHandler(event, context);
    return fault(result, calls++);
  };
let calls = 0;
const refused = (r: { statusCode: number }) => r.statusCode >= 400 && r.statusCode < 500;

describe('fuzz harness self-test (faults planted in POST /api/permintaan)', () => {
  it('the real handler passes', { timeout: 120_000 }, async () => {
    const { violations, figures } = await fuzzRoute(route, { runs: RUNS });
    expect(violations).toEqual([]);
    expect(figures.refusedWritesChecked).toBeGreaterThan(0);
  });

  it('reports a 500, a body that is not JSON, and a 4xx with an extra key', { timeout: 120_000 }, async () => {
    const handler = faulty((r, n) => {
      if (n % 7 === 0) return { ...r, statusCode: 500, body: JSON.stringify({ status: 'error', message: 'Internal server error' }) };
      if (n % 7 === 1 && refused(r)) return { ...r, body: '<html>oops</html>' };
      if (n % 7 === 2 && refused(r)) return { ...r, body: JSON.stringify({ ...JSON.parse(r.body), stack: 'at x' }) };
      return r;
    });
    const { figures, violations } = await fuzzRoute(route, { handler, runs: RUNS });
    expect(figures.responses5xx).toBeGreaterThan(0);
    expect(figures.nonJsonBodies).toBeGreaterThan(0);
    expect(figures.badEnvelopes).toBeGreaterThan(0);
    expect(violations.length).toBe(figures.violations);
  });

  it('reports a refused request that wrote to the table through lib/', { timeout: 120_000 }, async () => {
    const handler = faulty(async (r) => {
      if (refused(r)) await db().send(new PutCommand({ TableName: tableName(), Item: { PK: `PLANTED#${randomUUID()}`, SK: 'X' } }));
      return r;
    });
    const { figures, violations } = await fuzzRoute(route, { handler, runs: RUNS });
    expect(figures.refusedWritesChangedState).toBeGreaterThan(0);
    expect(violations.some((v) => v.problems.some((p) => p.includes('item added: PLANTED#')))).toBe(true);
  });

  it('reports a refused request that stored an object in the bucket', { timeout: 120_000 }, async () => {
    const handler = faulty(async (r) => {
      if (refused(r))
        await putImage(
          {
            data: Buffer.from('planted'),
            type: { ext: 'png', contentType: 'image/png' },
            variants: { card: Buffer.from('c'), thumb: Buffer.from('t') },
          },
          'images/planted/',
        );
      return r;
    });
    const { figures, violations } = await fuzzRoute(route, { handler, runs: RUNS });
    expect(figures.refusedWritesChangedState).toBeGreaterThan(0);
    expect(violations.some((v) => v.problems.some((p) => p.includes('object added: images/planted/')))).toBe(true);
  });

  it(
    'reports a refused request that wrote through a client the observer does not see (periodic full comparison)',
    { timeout: 120_000 },
    async () => {
      const hidden = DynamoDBDocumentClient.from(
        new DynamoDBClient({
          region: process.env.AWS_REGION,
          endpoint: process.env.DYNAMODB_ENDPOINT,
          credentials: { accessKeyId: process.env.AWS_ACCESS_KEY_ID!, secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY! },
        }),
      );
      const handler = faulty(async (r) => {
        if (refused(r)) await hidden.send(new PutCommand({ TableName: tableName(), Item: { PK: `HIDDEN#${randomUUID()}`, SK: 'X' } }));
        return r;
      });
      const { figures, violations } = await fuzzRoute(route, { handler, runs: RUNS });
      expect(figures.refusedWritesChangedState).toBeGreaterThan(0);
      expect(
        violations.some((v) => v.problems.some((p) => p.includes('although no write command was seen') && p.includes('HIDDEN#'))),
      ).toBe(true);
    },
  );
});
