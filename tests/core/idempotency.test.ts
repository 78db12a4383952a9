/**
 * Safe retries with an `Idempotency-Key` header (lib/http/idempotency.ts, records through
 * Powertools in the service's table, lib/db/idempotency.ts): a write sent again with its
 * key is answered from the first run and made once; a different request with the key is a
 * 422, one still running a 409, a malformed key a 400; keys are the caller's own; a 5xx
 * is not kept. And an upload that finishes past its deadline leaves no image behind.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler as createStatus } from '../../functions/statuses/create';
import { handler as listStatuses } from '../../functions/statuses/list';
import { handler as upload } from '../../functions/uploads/upload-image';
import { db } from '../../lib/db/client';
import { IDEMPOTENCY_TTL_SECONDS } from '../../lib/db/applied-once';
import { keys } from '../../lib/db/keys';
import { MSG } from '../../lib/contract/messages';
import { apiEvent, invoke } from '../support/api';
import { bucketKeys } from '../support/bucket';
import { withFaultAt } from '../support/faults';
import { multipart, png } from '../support/multipart';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

const post = (body: unknown, token: string, key?: string) =>
  invoke(createStatus, {
    method: 'POST',
    resource: '/api/status-desa',
    body,
    token,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });

async function setup() {
  const owner = await makeUser('pengelola');
  const village = await makeVillage(owner);
  const dinas = await makeUser('dinas');
  return { village, dinas, body: { kd_desa: village.kd_desa, status: 'aktif', keterangan: 'Dibuka kembali' } };
}

/** The village's statuses and the history entries of their creation. */
async function written(kd: string) {
  const items = await allItems();
  return {
    statuses: items.filter((i) => i.SK === 'STAT' && i.kd_desa === kd).length,
    entries: items.filter((i) => i.type === 'HIST' && String(i.action).startsWith('status.') && i.kd_desa === kd).length,
  };
}

const idempotencyRecords = async () => (await allItems()).filter((i) => i.PK === keys.idempotencyPartition);

/** Runs `fn` with every TransactWriteItems held back `ms` first, so that a request stays in flight. */
async function slowTransactions<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const name = `slow-${Math.random()}`;
  db().middlewareStack.add(
    (next: (args: any) => Promise<any>, context: { commandName?: string }) => async (args: any) => {
      if (context.commandName === 'TransactWriteItemsCommand') await new Promise((r) => setTimeout(r, ms));
      return next(args);
    },
    { step: 'initialize', name, priority: 'high' },
  );
  try {
    return await fn();
  } finally {
    db().middlewareStack.remove(name);
  }
}

describe('Idempotency-Key on writes', () => {
  it('the same key with the same body replays the first answer; the status and its history entry are written once', async () => {
    const { village, dinas, body } = await setup();
    const key = randomUUID();
    const first = await post(body, dinas.token, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['Idempotent-Replayed']).toBeUndefined();
    const again = await post(body, dinas.token, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['Content-Type']).toBe(first.headers['Content-Type']);
    expect(again.headers['Idempotent-Replayed']).toBe('true');
    expect(await written(village.kd_desa)).toEqual({ statuses: 1, entries: 1 });

    // the record lives in the table's IDEM partition and expires through the table's TTL attribute
    const record = (await idempotencyRecords()).find((r) => r.data?.body === first.rawBody)!;
    expect(record).toMatchObject({ SK: expect.stringMatching(/^request#/), status: 'COMPLETED' });
    expect(record.expiresAt).toBeGreaterThan(Date.now() / 1000 + IDEMPOTENCY_TTL_SECONDS - 60);
    expect(record.expiresAt).toBeLessThanOrEqual(Date.now() / 1000 + IDEMPOTENCY_TTL_SECONDS + 1);
  });

  it('a deterministic 4xx is replayed too', async () => {
    const { dinas, body } = await setup();
    const key = randomUUID();
    const first = await post({ ...body, status: 'selesai' }, dinas.token, key);
    expect(first.statusCode).toBe(400);
    const again = await post({ ...body, status: 'selesai' }, dinas.token, key);
    expect(again).toMatchObject({ statusCode: 400, body: first.body });
    expect(again.headers['Idempotent-Replayed']).toBe('true');
  });

  it('the same key with a different body: 422, nothing written', async () => {
    const { village, dinas, body } = await setup();
    const key = randomUUID();
    expect((await post(body, dinas.token, key)).statusCode).toBe(201);
    const other = await post({ ...body, keterangan: 'Ditutup' }, dinas.token, key);
    expect(other.statusCode).toBe(422);
    expect(other.body).toEqual({ status: 'fail', message: MSG.idempotencyKeyReused });
    expect(await written(village.kd_desa)).toEqual({ statuses: 1, entries: 1 });
  });

  it('two requests with one key at once: one runs, the other gets 409; afterwards the key replays the one', async () => {
    const { village, dinas, body } = await setup();
    const key = randomUUID();
    const both = await slowTransactions(400, () => Promise.all([post(body, dinas.token, key), post(body, dinas.token, key)]));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [ran, refused] = both[0]!.statusCode === 201 ? both : [both[1]!, both[0]!];
    expect(refused!.body).toEqual({ status: 'fail', message: MSG.idempotencyInProgress });
    const later = await post(body, dinas.token, key);
    expect(later).toMatchObject({ statusCode: 201, body: ran!.body });
    expect(await written(village.kd_desa)).toEqual({ statuses: 1, entries: 1 });
  });

  it('without the header nothing changes: the same body twice makes two statuses, and no record', async () => {
    const { village, dinas, body } = await setup();
    const records = (await idempotencyRecords()).length;
    const [a, b] = [await post(body, dinas.token), await post(body, dinas.token)];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.body.data.kd_status).not.toBe(b.body.data.kd_status);
    expect(await written(village.kd_desa)).toEqual({ statuses: 2, entries: 2 });
    expect((await idempotencyRecords()).length).toBe(records);
  });

  it('a malformed key is a 400 and nothing is written; 255 printable characters are fine; a GET ignores the header', async () => {
    const { village, dinas, body } = await setup();
    for (const bad of ['', ' ', 'x'.repeat(256), 'kunci-é', 'a\tb', ' awal', 'akhir ', 'baris\nbaru']) {
      const res = await post(body, dinas.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.body).toEqual({ status: 'fail', message: MSG.idempotencyKeyInvalid });
    }
    expect(await written(village.kd_desa)).toEqual({ statuses: 0, entries: 0 });
    expect((await post(body, dinas.token, `~ ${'k'.repeat(251)} !`)).statusCode).toBe(201);
    const list = await invoke(listStatuses, { method: 'GET', resource: '/api/status-desa', headers: { 'Idempotency-Key': '' } });
    expect(list.statusCode).toBe(200);
  });

  it("two users' equal keys never collide: each gets their own write", async () => {
    const { village, dinas, body } = await setup();
    const other = await makeUser('dinas');
    const key = 'kunci-bersama-1';
    const [a, b] = [await post(body, dinas.token, key), await post(body, other.token, key)];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['Idempotent-Replayed']).toBeUndefined();
    expect(a.body.data.kd_status).not.toBe(b.body.data.kd_status);
    expect(await written(village.kd_desa)).toEqual({ statuses: 2, entries: 2 });
  });

  it('a 5xx is not kept: the key is released and a retry runs the write', async () => {
    const { village, dinas, body } = await setup();
    // the order of a status creation's AWS calls, from a request like it on another village
    const probeVillage = await makeVillage(await makeUser('pengelola'));
    const probe = await withFaultAt(0, () => post({ ...body, kd_desa: probeVillage.kd_desa }, dinas.token, randomUUID()));
    const step = probe.calls.indexOf('DynamoDB:TransactWriteItemsCommand') + 1;
    expect(step).toBeGreaterThan(0);

    const key = randomUUID();
    const failed = await withFaultAt(step, () => post(body, dinas.token, key));
    expect(failed.faulted).toBe('DynamoDB:TransactWriteItemsCommand');
    expect(failed.result).toMatchObject({ statusCode: 500, body: { status: 'error', message: MSG.internalError } });
    expect(await written(village.kd_desa)).toEqual({ statuses: 0, entries: 0 });

    const retry = await post(body, dinas.token, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['Idempotent-Replayed']).toBeUndefined();
    expect(await written(village.kd_desa)).toEqual({ statuses: 1, entries: 1 });
  });
});

describe('POST /api/upload/gambar and the deadline', () => {
  const send = (form: ReturnType<typeof multipart>, token: string, timeLeftMs: number, key?: string) =>
    upload(
      apiEvent({
        method: 'POST',
        resource: '/api/upload/gambar',
        ...form,
        headers: { ...form.headers, ...(key ? { 'Idempotency-Key': key } : {}) },
        token,
      }),
      { awsRequestId: randomUUID(), getRemainingTimeInMillis: () => timeLeftMs },
    );

  it('an image stored with under a second left is removed again and the upload fails; a retry with the key runs again', async () => {
    const user = await makeUser('pengelola');
    const image = png(2048);
    const before = await bucketKeys();
    const key = randomUUID();
    const late = await send(multipart({}, [{ field: 'file', data: image }]), user.token, 500, key);
    expect(late.statusCode).toBe(500);
    expect(JSON.parse(late.body)).toEqual({ status: 'error', message: MSG.uploadTimedOut });
    expect(await bucketKeys()).toEqual(before);

    const retry = await send(multipart({}, [{ field: 'file', data: image }]), user.token, 10_000, key);
    expect(retry.statusCode).toBe(200);
    expect((await bucketKeys()).length).toBe(before.length + 1);
  });

  it('the same upload sent again with its key (a new multipart boundary) gets the same URL, stored once', async () => {
    const user = await makeUser('pengelola');
    const image = png(2048);
    const before = await bucketKeys();
    const key = randomUUID();
    const first = await send(multipart({}, [{ field: 'file', data: image }]), user.token, 10_000, key);
    const again = await send(multipart({}, [{ field: 'file', data: image }]), user.token, 10_000, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(JSON.parse(again.body).url).toBe(JSON.parse(first.body).url);
    expect(again.headers?.['Idempotent-Replayed']).toBe('true');
    expect((await bucketKeys()).length).toBe(before.length + 1);
  });
});
