/**
 * The fuzz harness catches what it is meant to catch: it is run, briefly, on one route
 * with deliberately faulty handlers wrapped around the real one, and must report each
 * kind of fault. Without this, "0 responses >= 500" could also mean a harness that
 * looks away.
 */
import './support/own-bucket';
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { handler as realHandler } from '../../functions/requests/create';
import { db, tableName } from '../../lib/db/client';
import { putImage } from '../../lib/storage/images';
import { config } from '../../lib/platform/config';
import { s3 } from '../../lib/storage/s3';
import type { LambdaHandler } from '../../lib/http/handler';
import { declaredRoutes } from '../support/routes';
import { allItems } from '../support/table';
import { freshFixture } from './support/fixture';
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

  it('each route starts from the fixture exactly as its build left it, whatever the last route changed', { timeout: 120_000 }, async () => {
    /** The whole table (list versions and counters included) and every object with its bytes and headers. */
    const state = async () => {
      const items = (await allItems({ withListVersions: true })).sort((a, b) => `${a.PK} ${a.SK}`.localeCompare(`${b.PK} ${b.SK}`));
      const bucket = config().bucketName;
      const { client } = await s3();
      const listed = (await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'images/' }))).Contents ?? [];
      const objects = await Promise.all(
        listed.map(async ({ Key }) => {
          const o = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
          return {
            Key,
            type: o.ContentType,
            cache: o.CacheControl,
            meta: o.Metadata,
            body: Buffer.from(await o.Body!.transformToByteArray()),
          };
        }),
      );
      return { items, objects };
    };
    await freshFixture();
    const built = await state();
    expect(built.items.length).toBeGreaterThan(10);
    expect(built.objects.length).toBeGreaterThan(2);
    // what a route's cases may leave: an item added, one changed, one deleted; an object added, one rewritten, one deleted
    const [changed, gone] = built.items.filter((i) => !String(i.PK).startsWith('LISTVER#'));
    await db().send(new PutCommand({ TableName: tableName(), Item: { PK: `EXTRA#${randomUUID()}`, SK: 'X' } }));
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...changed, extra: 1 } }));
    await db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: gone!.PK, SK: gone!.SK } }));
    const [rewritten, removed] = built.objects;
    const bucket = config().bucketName;
    const { client } = await s3();
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: rewritten!.Key, Body: 'other bytes', ContentType: 'image/png' }));
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: removed!.Key }));
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: `images/extra-${randomUUID()}.png`, Body: 'stray' }));
    await freshFixture();
    expect(await state()).toEqual(built);
  });
});
