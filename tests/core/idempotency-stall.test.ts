/**
 * A retry with the same Idempotency-Key never applies a change twice, whatever the first
 * attempt answered (lib/db/applied-once.ts). The real emulators cannot stall on demand, so
 * the stall is injected in the SDK's middleware, in the two shapes a frozen DynamoDB gives:
 *
 * - the answer lost: the k-th call of the request reaches DynamoDB (or S3) and applies, then
 *   its caller sees a timeout (every k of the request, in turn);
 * - the write late: the change's transaction is answered with a timeout at once and reaches
 *   DynamoDB `d` ms later (d from 0 to 800 ms), while the retry is already running.
 *
 * Each first attempt is retried with its key; afterwards exactly one change is there.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler as createStatus } from '../../functions/statuses/create';
import { handler as createVillage } from '../../functions/villages/create';
import { handler as appendItems } from '../../functions/tourism/append-items';
import { handler as tourismCreate } from '../../functions/tourism/create';
import { handler as upload } from '../../functions/uploads/upload-image';
import { db } from '../../lib/db/client';
import { keys } from '../../lib/db/keys';
import { getTourismDescription } from '../../lib/db/tourism-descriptions';
import { MSG } from '../../lib/contract/messages';
import { s3 } from '../../lib/storage/s3';
import { invoke, type ApiResponse, type EventInput } from '../support/api';
import { bucketKeys } from '../support/bucket';
import { multipart, png } from '../support/multipart';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage, villageBody } from '../support/villages';

type Stack = { add(mw: unknown, opts: unknown): void; remove(name: string): boolean };
type Next = (args: unknown) => Promise<unknown>;

const timeout = () => Object.assign(new Error('socket timed out (injected)'), { name: 'TimeoutError' });

/** Runs `fn` with `fault` deciding each call of `stack` (its command name and number, 1-based). */
async function withFault<T>(
  stack: Stack,
  fault: (command: string, n: number, next: () => Promise<unknown>) => Promise<unknown>,
  fn: () => Promise<T>,
) {
  const name = `stall-${Math.random()}`;
  let n = 0;
  stack.add(
    (next: Next, context: { commandName?: string }) => (args: unknown) => fault(context.commandName ?? '?', ++n, () => next(args)),
    { step: 'initialize', name, priority: 'high' },
  );
  try {
    return await fn();
  } finally {
    stack.remove(name);
  }
}

/** The event with a new Idempotency-Key beside its own headers. */
const keyed = (e: EventInput): EventInput => ({ ...e, headers: { ...e.headers, 'Idempotency-Key': randomUUID() } });

const dynamo = () => db().middlewareStack as unknown as Stack;

/** The k-th call applies, and its caller sees a timeout instead of its answer. */
const answerLost = (k: number) => async (_c: string, n: number, next: () => Promise<unknown>) => {
  const out = await next();
  if (n === k) throw timeout();
  return out;
};

/** The change's transaction (the TransactWriteItems that is not an Idempotency-Key record's) reaches DynamoDB `ms` late; its caller times out at once. */
function lateWrite(ms: number, landed: Promise<unknown>[]) {
  let done = false;
  return async (command: string, _n: number, next: () => Promise<unknown>) => {
    if (done || command !== 'TransactWriteItemsCommand') return next();
    done = true;
    landed.push(new Promise((r) => setTimeout(r, ms)).then(next).catch(() => undefined));
    throw timeout();
  };
}

interface Case {
  name: string;
  /** A fresh subject: the request, and how many of its change exist. */
  setup: () => Promise<{ event: EventInput; handler: Parameters<typeof invoke>[0]; count: () => Promise<number> }>;
}

const CASES: Case[] = [
  {
    name: 'append: POST /api/status-desa',
    setup: async () => {
      const owner = await makeUser('pengelola');
      const { kd_desa } = await makeVillage(owner);
      const dinas = await makeUser('dinas');
      return {
        handler: createStatus,
        event: {
          method: 'POST',
          resource: '/api/status-desa',
          body: { kd_desa, status: 'aktif', keterangan: 'Dibuka' },
          token: dinas.token,
        },
        count: async () => (await allItems()).filter((i) => i.SK === 'STAT' && i.kd_desa === kd_desa).length,
      };
    },
  },
  {
    name: 'create: POST /api/desa-wisata',
    setup: async () => {
      const owner = await makeUser('pengelola');
      return {
        handler: createVillage,
        event: { method: 'POST', resource: '/api/desa-wisata', body: villageBody(owner.email), token: owner.token },
        count: async () => (await allItems()).filter((i) => i.SK === keys.village('x').SK && i.email === owner.email).length,
      };
    },
  },
  {
    name: 'append with an image: PATCH /api/deskripsi-wisata/{kd_desa}',
    setup: async () => {
      const owner = await makeUser('pengelola');
      const { kd_desa } = await makeVillage(owner);
      const made = await invoke(tourismCreate, {
        method: 'POST',
        resource: '/api/deskripsi-wisata',
        ...multipart({ data: JSON.stringify({ kd_desa, atraksi: [{ nama_atraksi: 'A' }] }) }, []),
        token: owner.token,
      });
      expect(made.statusCode).toBe(201);
      return {
        handler: appendItems,
        event: {
          method: 'PATCH',
          resource: '/api/deskripsi-wisata/{kd_desa}',
          pathParameters: { kd_desa },
          ...multipart({ data: JSON.stringify({ suvenir: [{ nama_suvenir: 'S', harga_suvenir: 1 }] }) }, [
            { field: 'suvenir[]', data: png() },
          ]),
          token: owner.token,
        },
        count: async () => (await getTourismDescription(kd_desa, true))!.suvenir.length,
      };
    },
  },
];

/** A run this long counts as in flight (its record's lease): a retry within it gets 409, after it runs again. */
const LEASE_MS = 3000;
const withLease = () => {
  const deadline = Date.now() + LEASE_MS;
  return { getRemainingTimeInMillis: () => deadline - Date.now() };
};

/**
 * Sends the keyed request again as a client would after a 5xx: a 409 (the first attempt's
 * record still in flight, its release lost too) is retried once its lease is over.
 */
async function retried(s: { handler: Parameters<typeof invoke>[0]; event: EventInput }): Promise<ApiResponse> {
  let again = await invoke(s.handler, s.event, withLease());
  if (again.statusCode === 409 && again.body.message === MSG.idempotencyInProgress) {
    await new Promise((r) => setTimeout(r, LEASE_MS + 100));
    again = await invoke(s.handler, s.event, withLease());
  }
  return again;
}

describe('a retry with the same Idempotency-Key after a stall applies the change once', { timeout: 300_000 }, () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s: the answer of each call lost in turn, then retried', async (_name, c) => {
    // how many DynamoDB calls a keyed request makes
    const probe = await c.setup();
    let calls = 0;
    await withFault(
      dynamo(),
      (_c, _n, next) => (calls++, next()),
      () => invoke(probe.handler, keyed(probe.event)),
    );
    expect(calls).toBeGreaterThan(2);
    for (let k = 1; k <= calls; k++) {
      const s = await c.setup();
      const event = keyed(s.event);
      const first = await withFault(dynamo(), answerLost(k), () => invoke(s.handler, event, withLease()));
      expect([200, 201, 503], `call ${k}: ${JSON.stringify(first.body)}`).toContain(first.statusCode);
      const again = await retried({ handler: s.handler, event });
      expect(again.statusCode, `call ${k}: ${first.statusCode} then ${JSON.stringify(again.body)}`).toBeLessThan(300);
      expect(await s.count(), `call ${k} of ${calls}: ${first.statusCode} then ${again.statusCode} ${JSON.stringify(again.body)}`).toBe(1);
    }
  });

  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: the change reaching DynamoDB 0–800 ms late, the retry meanwhile',
    async (_name, c) => {
      for (const ms of [0, 25, 50, 100, 200, 400, 800]) {
        const s = await c.setup();
        const event = keyed(s.event);
        const landed: Promise<unknown>[] = [];
        const first = await withFault(dynamo(), lateWrite(ms, landed), () => invoke(s.handler, event));
        expect(first.statusCode).toBe(503);
        const again = await invoke(s.handler, event);
        await Promise.all(landed);
        expect(again.statusCode, JSON.stringify(again.body)).toBeLessThan(300);
        if (again.body.message === MSG.idempotencyAlreadyApplied) expect(again.headers['Idempotent-Replayed']).toBe('true');
        expect(await s.count(), `${ms} ms late`).toBe(1);
        // and a third try replays the second answer
        const third = await invoke(s.handler, event);
        expect(third.statusCode).toBe(again.statusCode);
        expect(await s.count()).toBe(1);
      }
    },
  );

  it('an upload whose storing answers were lost, retried with its key: the same image, stored once', async () => {
    const client = (await s3()).client.middlewareStack as unknown as Stack;
    const image = png(4000);
    // three objects (the image and its variants), then the clean-up of a failed store
    for (let k = 1; k <= 4; k++) {
      const owner = await makeUser('pengelola');
      const event: EventInput = {
        method: 'POST',
        resource: '/api/upload/gambar',
        ...multipart({}, [{ field: 'file', data: image }]),
        token: owner.token,
      };
      event.headers = { ...event.headers, 'Idempotency-Key': randomUUID() };
      const first = await withFault(client, answerLost(k), () => invoke(upload, event));
      const again = await invoke(upload, event);
      expect(again.statusCode, JSON.stringify(again.body)).toBe(200);
      if (first.statusCode === 200) expect(again.body.url).toBe(first.body.url);
      const mine = (await bucketKeys()).filter((key) => key.includes(`/u/${owner.id}/`));
      expect(mine, `S3 call ${k}`).toHaveLength(1);
    }
  });

  it('the same key with another request after a lost answer: 422, nothing applied again', async () => {
    const s = await CASES[0]!.setup();
    const event = keyed(s.event);
    const landed: Promise<unknown>[] = [];
    expect((await withFault(dynamo(), lateWrite(0, landed), () => invoke(s.handler, event))).statusCode).toBe(503);
    await Promise.all(landed);
    const other = await invoke(s.handler, { ...event, body: { ...(event.body as object), keterangan: 'Lain' } });
    expect(other.statusCode).toBe(422);
    expect(other.body.message).toBe(MSG.idempotencyKeyReused);
    expect(await s.count()).toBe(1);
  });
});
