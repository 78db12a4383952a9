/**
 * A finding of the third outside test, 500 on competing renames: a write that loses every retry answers 409
 * `{status:'fail', message}` (RetriesExhaustedError, a `conflict`), never 500 — in
 * withRetries (lib/platform/retry.ts), in transactWrite's own TransactionConflict retries
 * (lib/db/transact.ts), and through the route wrapper's one table.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { handler as getVillage } from '../../functions/villages/get';
import { handler as updateVillage } from '../../functions/villages/update';
import { handler as verifyAccount } from '../../functions/auth/verify-account';
import { handler as tourismCreate } from '../../functions/tourism/create';
import { handler as tourismUpdate } from '../../functions/tourism/update';
import { db, tableName } from '../../lib/db/client';
import { keys } from '../../lib/db/keys';
import { getUserByEmail } from '../../lib/db/users';
import { DomainError } from '../../lib/contract/errors';
import { MSG } from '../../lib/contract/messages';
import { RetriesExhaustedError, withRetries } from '../../lib/platform/retry';
import { invoke } from '../support/api';
import { multipart } from '../support/multipart';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage, villageBody } from '../support/villages';

const put = (kd: string, body: unknown, token: string) =>
  invoke(updateVillage, { method: 'PUT', resource: '/api/desa-wisata/{kd_desa}', pathParameters: { kd_desa: kd }, body, token });
const getOne = async (kd: string) =>
  (await invoke(getVillage, { method: 'GET', resource: '/api/desa-wisata/{kd_desa}', pathParameters: { kd_desa: kd } })).body.data;

/** Runs `fn` with a middleware on the service's DynamoDB client that sees every TransactWriteItems first. */
async function beforeEveryTransaction<T>(
  onTransaction: () => Promise<void>,
  fn: () => Promise<T>,
): Promise<{ result: T; transactions: number }> {
  let transactions = 0;
  const name = `before-transaction-${Math.random()}`;
  db().middlewareStack.add(
    (next: (args: any) => Promise<any>, context: { commandName?: string }) => async (args: any) => {
      if (context.commandName === 'TransactWriteItemsCommand') {
        transactions++;
        await onTransaction();
      }
      return next(args);
    },
    { step: 'initialize', name, priority: 'high' },
  );
  try {
    return { result: await fn(), transactions };
  } finally {
    db().middlewareStack.remove(name);
  }
}

/**
 * Every transaction is cancelled as having lost to another transaction. A mock, because
 * DynamoDB Local cannot be made to produce TransactionConflict on demand.
 */
const everyTransactionConflicts = <T>(fn: () => Promise<T>) =>
  beforeEveryTransaction(async () => {
    throw new TransactionCanceledException({
      message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]',
      $metadata: {},
      CancellationReasons: [{ Code: 'TransactionConflict' }],
    });
  }, fn);

/** Jittered backoff without the waiting: the retry counts are what these tests are about. */
const noBackoff = () => vi.spyOn(Math, 'random').mockReturnValue(0);

afterEach(() => vi.restoreAllMocks());

describe('withRetries', () => {
  it('returns what a later attempt returns; passes a non-retryable error through at once', async () => {
    let n = 0;
    expect(
      await withRetries(
        async () => (++n < 3 ? Promise.reject(new Error('lost')) : 'won'),
        () => true,
      ),
    ).toBe('won');
    expect(n).toBe(3);
    const other = new Error('not a race');
    let calls = 0;
    await expect(
      withRetries(
        async () => (calls++, Promise.reject(other)),
        () => false,
      ),
    ).rejects.toBe(other);
    expect(calls).toBe(1);
  });

  it('after the last attempt lost: RetriesExhaustedError, a 409 `conflict` carrying the last error', async () => {
    noBackoff();
    let calls = 0;
    const lost = new Error('lost again');
    const err = await withRetries(
      async () => (calls++, Promise.reject(lost)),
      () => true,
      4,
    ).catch((e: unknown) => e);
    expect(calls).toBe(4);
    expect(err).toBeInstanceOf(RetriesExhaustedError);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ kind: 'conflict', message: MSG.writeBusy, attempts: 4, last: lost });
    const named = await withRetries(
      () => Promise.reject(lost),
      () => true,
      2,
      MSG.villageBusy,
    ).catch((e: unknown) => e);
    expect(named).toMatchObject({ kind: 'conflict', message: MSG.villageBusy });
  });
});

describe('a write that loses every retry answers 409, never 500', () => {
  it('PUT /api/desa-wisata/{kd}: a rival writes the village before each of its transactions → 409 after 10 attempts, nothing lost', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const before = await getOne(kd_desa);
    const body = villageBody(owner.email, { nama_popular: 'Desa Wisata Tak Pernah Menang' });
    // a real lost race each time: the rival bumps the version the PUT read, in DynamoDB Local
    const rival = () =>
      db()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.village(kd_desa),
            UpdateExpression: 'SET version = version + :one',
            ExpressionAttributeValues: { ':one': 1 },
          }),
        )
        .then(() => undefined);
    const { result: res, transactions } = await beforeEveryTransaction(rival, () => put(kd_desa, body, owner.token));
    expect(res.statusCode).toBe(409);
    expect(res.body).toEqual({ status: 'fail', message: MSG.villageBusy });
    expect(transactions).toBe(10);
    expect(await getOne(kd_desa)).toEqual(before); // the failed PUT changed nothing
    expect((await put(kd_desa, body, owner.token)).statusCode).toBe(200); // and once the rival stops, it goes through
  });

  it('PUT /api/desa-wisata/{kd}: every transaction loses to another one (TransactionConflict) → 409', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const before = await getOne(kd_desa);
    const body = villageBody(owner.email);
    noBackoff();
    const { result: res, transactions } = await everyTransactionConflicts(() => put(kd_desa, body, owner.token));
    expect(res.statusCode).toBe(409);
    expect(res.body).toEqual({ status: 'fail', message: MSG.villageBusy });
    expect(transactions).toBe(8); // transactWrite's 8 tries, never nested in the unit of work's race retries
    expect(await getOne(kd_desa)).toEqual(before);
  });

  it('a transactWrite without an outer retry (PUT /auth/verify/{email}) → 409 after its 8 tries', async () => {
    const admin = await makeUser('admin');
    const user = await makeUser('pengelola', { verified: false });
    noBackoff();
    const { result: res, transactions } = await everyTransactionConflicts(() =>
      invoke(verifyAccount, { method: 'PUT', resource: '/auth/verify/{email}', pathParameters: { email: user.email }, token: admin.token }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.body).toEqual({ status: 'fail', message: MSG.writeBusy });
    expect(transactions).toBe(8);
    expect((await getUserByEmail(user.email))!.is_verified).toBe(false);
  });

  it('a description write (writeWithImages, lib/domain/image-writes.ts) → 409 through the same error', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const data = (penjelasan_umum: string) =>
      multipart({ data: JSON.stringify({ kd_desa, penjelasan_umum, atraksi: [{ nama_atraksi: 'Jeep' }] }) });
    const created = await invoke(tourismCreate, { method: 'POST', resource: '/api/deskripsi-wisata', ...data('awal'), token: owner.token });
    expect(created.statusCode).toBe(201);
    noBackoff();
    const { result: res } = await everyTransactionConflicts(() =>
      invoke(tourismUpdate, {
        method: 'PUT',
        resource: '/api/deskripsi-wisata/{kd_desa}',
        pathParameters: { kd_desa },
        ...data('diubah'),
        token: owner.token,
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.body.status).toBe('fail');
    expect([MSG.writeBusy, MSG.tourismDescriptionBusy]).toContain(res.body.message);
  });
});

describe('competing renames (the finding, for real)', () => {
  it('3 clients rename a village continuously while a 4th renames it to a taken slug: every answer 200 or 409, never 500', async () => {
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    const taken = `Desa Wisata Sudah Dipakai ${Math.random().toString(36).slice(2, 7)}`;
    const holder = await makeVillage(owner, { nama_popular: taken });
    const deadline = Date.now() + 3000;
    const statuses: number[][] = [[], [], [], []];
    const bodies: Record<string, any>[] = [];
    const client = async (i: number) => {
      for (let n = 0; Date.now() < deadline; n++) {
        const res = await put(
          kd_desa,
          villageBody(owner.email, { nama_popular: i === 3 ? taken : `Desa Wisata Putar ${i} ${n}` }),
          owner.token,
        );
        statuses[i]!.push(res.statusCode);
        if (res.statusCode !== 200) bodies.push(res.body);
      }
    };
    await Promise.all([0, 1, 2, 3].map(client));
    const all = statuses.flat();
    expect(
      all.filter((s) => s !== 200 && s !== 409),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(statuses[3]!.length).toBeGreaterThan(0);
    for (const b of bodies) expect(b).toEqual({ status: 'fail', message: MSG.villageBusy });

    // consistent: the village has exactly one slug marker, its own; the holder keeps its slug
    const village = await getOne(kd_desa);
    const markers = (await allItems()).filter((i) => i.SK === 'SLUG' && i.kd_desa === kd_desa);
    expect(markers.map((m) => m.PK)).toEqual([`SLUG#${village.slug}`]);
    expect(village.slug).not.toBe(holder.slug);
    expect((await getOne(holder.kd_desa)).slug).toBe(holder.slug);
  });
});
