/**
 * Each function's IAM role (scripts/serverless-roles.ts) against what the function does:
 * every route's valid sample request (tests/robustness/support/samples.ts; a write also
 * with an Idempotency-Key), a hand-over, and the maintenance functions run against the
 * emulators with their AWS calls recorded (DynamoDB actions, indexes and partitions; S3
 * objects and listings; SES senders), and each call is checked against the role as IAM
 * evaluates it. A right a role lacks fails here, not as AccessDenied on a deployed stage.
 */
import '../robustness/support/own-bucket';
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import { ACCESS_RULES, type AccessRule } from '../../lib/auth/access-rules';
import { db } from '../../lib/db/client';
import type { LambdaHandler } from '../../lib/http/handler';
import { IDEMPOTENCY_HEADER } from '../../lib/http/idempotency';
import { ses } from '../../lib/mail/ses';
import { setClock } from '../../lib/platform/clock';
import { config } from '../../lib/platform/config';
import { routeNeeds, type Need, type RouteKey } from '../../lib/routes';
import { s3 } from '../../lib/storage/s3';
import { ROOT } from '../../scripts/local-stack';
import { MAINTENANCE_NEEDS, statementsOf } from '../../scripts/serverless-roles';
import { apiEvent } from '../support/api';
import { phonePhoto } from '../support/images';
import { ACCOUNT, allows, REGION, type IamRequest } from '../support/iam';
import { multipart } from '../support/multipart';
import { declaredRoutes, type DeclaredRoute } from '../support/routes';
import { villageBody } from '../support/villages';
import { day, newRound } from '../support/evaluations';
import { makeFixture, newVillage, type Fixture } from '../robustness/support/fixture';
import { SAMPLES, type SampleRequest } from '../robustness/support/samples';

const TABLE = `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${config().tableName}`;
const BUCKET = `arn:aws:s3:::${config().bucketName}`;
const ARNS = { Table: TABLE, ImagesBucket: BUCKET };

interface Call {
  service: 'dynamodb' | 's3' | 'ses';
  command: string;
  input: Record<string, any>;
}

/** A DynamoDB key attribute as sent by the document client or, marshalled, by the plain one (Powertools). */
const value = (v: unknown) => (typeof v === 'object' && v !== null && 'S' in v ? String((v as { S: unknown }).S) : String(v));
const item = (action: string, key: Record<string, unknown>): IamRequest => ({
  action: `dynamodb:${action}`,
  resource: TABLE,
  context: { 'dynamodb:LeadingKeys': [value(key.PK)] },
});

/** What IAM authorizes for one SDK call. */
function requestsOf({ service, command, input }: Call): IamRequest[] {
  const name = command.replace(/Command$/, '');
  if (service === 'dynamodb') {
    if (name === 'GetItem' || name === 'UpdateItem' || name === 'DeleteItem') return [item(name, input.Key)];
    if (name === 'PutItem') return [item(name, input.Item)];
    if (name === 'Query') return [{ action: 'dynamodb:Query', resource: input.IndexName ? `${TABLE}/index/${input.IndexName}` : TABLE }];
    if (name === 'TransactWriteItems') {
      const actions: Record<string, [string, string]> = {
        Put: ['PutItem', 'Item'],
        Update: ['UpdateItem', 'Key'],
        Delete: ['DeleteItem', 'Key'],
        ConditionCheck: ['ConditionCheckItem', 'Key'],
      };
      return (input.TransactItems as Record<string, any>[]).map((t) => {
        const [kind, body] = Object.entries(t)[0]!;
        const [action, key] = actions[kind]!;
        return item(action, body[key]);
      });
    }
    return [{ action: `dynamodb:${name}`, resource: TABLE }];
  }
  if (service === 's3') {
    const object = (key: string) => `${BUCKET}/${key}`;
    if (name === 'PutObject') return [{ action: 's3:PutObject', resource: object(input.Key) }];
    if (name === 'GetObject' || name === 'HeadObject') return [{ action: 's3:GetObject', resource: object(input.Key) }];
    if (name === 'DeleteObjects')
      return (input.Delete.Objects as { Key: string }[]).map((o) => ({ action: 's3:DeleteObject', resource: object(o.Key) }));
    if (name === 'ListObjectsV2')
      return [{ action: 's3:ListBucket', resource: BUCKET, context: input.Prefix === undefined ? {} : { 's3:prefix': input.Prefix } }];
    return [{ action: `s3:${name}`, resource: object(input.Key ?? '') }];
  }
  return [
    {
      action: `ses:${name}`,
      resource: `arn:aws:ses:${REGION}:${ACCOUNT}:identity/${input.Source}`,
      context: { 'ses:FromAddress': input.Source },
    },
  ];
}

/** The part of an SDK client's middleware stack used here (the three clients' stacks differ only in their types). */
interface Stack {
  add(
    middleware: (
      next: (args: { input: object }) => Promise<unknown>,
      context: { commandName?: string },
    ) => (args: { input: object }) => Promise<unknown>,
    options: { step: 'initialize'; name: string },
  ): void;
  remove(name: string): boolean;
}
const stacks = async () =>
  [
    ['dynamodb', db().middlewareStack],
    ['s3', (await s3()).client.middlewareStack],
    ['ses', (await ses()).client.middlewareStack],
  ] as unknown as [Call['service'], Stack][];

let fx: Fixture;
let recording: Call[] | null = null;

beforeAll(async () => {
  fx = await makeFixture({ resetCode: true });
  for (const [service, stack] of await stacks())
    stack.add(
      (next, context) => async (args) => {
        recording?.push({ service, command: String(context.commandName), input: args.input as Record<string, any> });
        return next(args);
      },
      { step: 'initialize', name: 'rightsRecorder' },
    );
}, 60_000);

afterAll(async () => {
  for (const [, stack] of await stacks()) stack.remove('rightsRecorder');
});
afterEach(() => setClock());

/** Runs `fn` recording its AWS calls, and expects its role (what `needs` gives) to allow each of them. */
async function expectAllowed(fn: string, needs: readonly Need[], run: () => Promise<unknown>): Promise<Call[]> {
  const calls: Call[] = [];
  recording = calls;
  try {
    await run();
  } finally {
    recording = null;
  }
  const statements = statementsOf(needs, { mailFrom: config().mailFrom, tracing: true });
  const refused = calls.flatMap(requestsOf).filter((r) => !allows(statements, r, ARNS));
  expect(refused, `${fn} makes calls its role does not allow`).toEqual([]);
  return calls;
}

function callerOf(rule: AccessRule) {
  if (rule.kind === 'public') return undefined;
  const role = rule.roles?.[0] ?? 'pengelola';
  return role === 'admin' ? fx.admin : role === 'dinas' ? fx.dinas : fx.owner;
}

function eventOf(route: DeclaredRoute, s: SampleRequest, token: string | undefined) {
  const method = route.method === 'ANY' ? (s.method ?? 'GET') : route.method;
  const form = s.form ? multipart(s.form.data === undefined ? {} : { data: JSON.stringify(s.form.data) }, s.form.files) : undefined;
  // a write runs once per key: its record is kept in the table too
  const headers: Record<string, string> = method === 'GET' ? {} : { [IDEMPOTENCY_HEADER]: randomUUID() };
  return apiEvent({
    method,
    resource: route.path,
    pathParameters: s.pathParameters,
    query: s.query,
    token,
    headers,
    ...(form ?? { body: s.json }),
  });
}

const handlerOf = async (file: string) => ((await import(join(ROOT, `${file}.ts`))) as { handler: LambdaHandler }).handler;

describe("each route's valid request makes only calls its function's role allows", () => {
  for (const route of declaredRoutes()) {
    it(route.key, { timeout: 60_000 }, async () => {
      const sample = await SAMPLES[route.key]!({ fx, owner: fx.owner });
      const handler = await handlerOf(route.handler.replace(/\.handler$/, ''));
      const token = callerOf((ACCESS_RULES as Record<string, AccessRule>)[route.key]!)?.token;
      let status = 0;
      await expectAllowed(route.fn, routeNeeds(route.key as RouteKey), async () => {
        status = (await handler(eventOf(route, sample, token), { awsRequestId: randomUUID() })).statusCode;
      });
      expect(status, `${route.key}: the valid sample`).toBe(sample.ok);
    });
  }

  // the filtered public lists (lib/domain/list-filters.ts) query another index
  for (const key of ['GET /api/desa-wisata', 'GET /api/desa-wisata/details', 'GET /api/skor', 'GET /api/status-desa'] as const) {
    it(`${key} filtered by region`, async () => {
      const route = declaredRoutes().find((r) => r.key === key)!;
      const handler = await handlerOf(route.handler.replace(/\.handler$/, ''));
      const event = apiEvent({ method: 'GET', resource: route.path, query: { provinsi: 'Jawa Tengah' } });
      const calls = await expectAllowed(route.fn, routeNeeds(key), async () => {
        expect((await handler(event, { awsRequestId: randomUUID() })).statusCode).toBe(200);
      });
      expect(calls.some((c) => c.input.IndexName === 'GSI3')).toBe(true);
    });
  }

  it('a POST to an unknown path with an Idempotency-Key: the catch-all keeps its record', async () => {
    const handler = await handlerOf('functions/common/not-found');
    const event = apiEvent({
      method: 'POST',
      resource: '/{proxy+}',
      pathParameters: { proxy: 'api/tidak-ada' },
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    const calls = await expectAllowed('notFound', routeNeeds('ANY /{proxy+}'), async () => {
      expect((await handler(event, { awsRequestId: randomUUID() })).statusCode).toBe(404);
    });
    expect(calls.map((c) => c.command)).toContain('PutItemCommand');
  });

  it('a village handed over to another manager: its notice goes to the outbox (the drain below mails both), no mail from the route', async () => {
    const { kd_desa } = await newVillage(fx.owner);
    const handler = await handlerOf('functions/villages/update');
    const event = apiEvent({
      method: 'PUT',
      resource: '/api/desa-wisata/{kd_desa}',
      pathParameters: { kd_desa },
      token: fx.owner.token,
      body: villageBody(fx.other.email),
    });
    const calls = await expectAllowed('villageUpdate', routeNeeds('PUT /api/desa-wisata/{kd_desa}'), async () => {
      expect((await handler(event, { awsRequestId: randomUUID() })).statusCode).toBe(200);
    });
    expect(calls.filter((c) => c.service === 'ses')).toHaveLength(0);
  });
});

describe('the maintenance functions make only calls their roles allow', () => {
  it('imagesSweep, two days on (uploads no record lists are deleted)', { timeout: 60_000 }, async () => {
    const { handler } = await import('../../functions/maintenance/sweep-images');
    setClock(() => Date.now() + 2 * 24 * 3_600_000);
    let deleted = 0;
    const calls = await expectAllowed('imagesSweep', MAINTENANCE_NEEDS.imagesSweep!, async () => {
      deleted = (await handler()).deleted;
    });
    expect(deleted).toBeGreaterThan(0);
    expect(calls.map((c) => c.command)).toEqual(expect.arrayContaining(['ListObjectsV2Command', 'DeleteObjectsCommand', 'QueryCommand']));
  });

  it('imagesBackfill, with an image stored before web-sizing', { timeout: 60_000 }, async () => {
    const { handler } = await import('../../functions/maintenance/backfill-images');
    const Body = await phonePhoto({ width: 400, height: 300 });
    const { client } = await s3();
    await client.send(
      new PutObjectCommand({ Bucket: config().bucketName, Key: `images/u/1/${randomUUID()}.jpg`, Body, ContentType: 'image/jpeg' }),
    );
    const calls = await expectAllowed('imagesBackfill', MAINTENANCE_NEEDS.imagesBackfill!, () =>
      handler(undefined, { getRemainingTimeInMillis: () => 900_000 } as Pick<Context, 'getRemainingTimeInMillis'>),
    );
    expect(calls.map((c) => c.command)).toEqual(expect.arrayContaining(['ListObjectsV2Command', 'GetObjectCommand', 'PutObjectCommand']));
  });

  it('importWorker: a file checked, then its rows applied', { timeout: 60_000 }, async () => {
    const { handler } = await import('../../functions/maintenance/import');
    const { handler: start } = await import('../../functions/import/start');
    const { handler: run } = await import('../../functions/import/run');
    const row = [
      `Provinsi Hak ${randomUUID().slice(0, 8)}`,
      'Sleman',
      'Desa Hak',
      'Desa Wisata Hak',
      'Jalan 1',
      'Pak Kades',
      '+62 812-1111-2222',
    ];
    const file = Buffer.from(
      `provinsi,kabupaten,nama_desa,nama_popular,alamat,pengelola,nomor_telepon,email\n${[...row, fx.owner.email].join(',')}\n`,
    );
    const form = multipart({}, [{ field: 'berkas', data: file, filename: 'desa.csv', contentType: 'text/csv' }]);
    const started = await start(
      apiEvent({ method: 'POST', resource: '/api/impor', query: { jenis: 'desa' }, ...form, token: fx.dinas.token }),
      { awsRequestId: randomUUID() },
    );
    expect(started.statusCode).toBe(202);
    const id = (JSON.parse(started.body) as { data: { id_impor: string } }).data.id_impor;
    const needs = MAINTENANCE_NEEDS.importWorker!;
    const context = { getRemainingTimeInMillis: () => 60_000 } as Pick<Context, 'getRemainingTimeInMillis'>;
    await expectAllowed('importWorker', needs, () => handler(undefined, context));
    const ran = await run(
      apiEvent({ method: 'POST', resource: '/api/impor/{id_impor}/jalankan', pathParameters: { id_impor: id }, token: fx.dinas.token }),
      { awsRequestId: randomUUID() },
    );
    expect(ran.statusCode).toBe(202);
    const calls = await expectAllowed('importWorker', needs, () => handler(undefined, context));
    expect(calls.map((c) => c.command)).toEqual(expect.arrayContaining(['QueryCommand', 'GetObjectCommand', 'TransactWriteItemsCommand']));
  });

  it("notificationsOutbox: the day's reminders, then a drain of the notices the routes above left", { timeout: 60_000 }, async () => {
    // (what the function runs, in a smaller batch: its own is a minute's worth at SES's rate)
    const { drainOutbox, remindClosingRounds } = await import('../../lib/domain/notifications');
    const id = await newRound(fx.dinas.token, { batas_mandiri: day(3) });
    const needs = MAINTENANCE_NEEDS.notificationsOutbox!;
    let reminded: string[] = [];
    await expectAllowed('notificationsOutbox', needs, async () => {
      reminded = await remindClosingRounds();
    });
    expect(reminded).toContain(id);
    let sent = 0;
    const calls = await expectAllowed('notificationsOutbox', needs, async () => {
      sent = (await drainOutbox({ limit: 40, rate: 100 })).sent;
    });
    expect(sent).toBeGreaterThan(0);
    expect(calls.map((c) => c.command)).toEqual(
      expect.arrayContaining(['QueryCommand', 'BatchGetItemCommand', 'PutItemCommand', 'SendEmailCommand', 'DeleteItemCommand']),
    );
  });
});
