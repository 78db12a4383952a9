/**
 * Injected faults: every AWS call of every multi-step operation is made to fail once,
 * in turn. Each time the response is a clean 500 (or the contract's 500 text), nothing
 * is half-written, nothing that existed is lost, no reference breaks, and every object
 * left in the bucket is removed by the documented sweep. When the fault hits a clean-up
 * step after the change committed, the change stands (200) and the sweep removes the
 * leftover. Figures go to .local/reliability/faults.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handler as register } from '../../functions/auth/register';
import { handler as requestReset } from '../../functions/auth/request-reset';
import { handler as resetPassword } from '../../functions/auth/reset-password';
import { handler as createVillage } from '../../functions/villages/create';
import { handler as updateVillage } from '../../functions/villages/update';
import { handler as deleteVillage } from '../../functions/villages/delete';
import { handler as tourismCreate } from '../../functions/tourism/create';
import { handler as tourismUpdate } from '../../functions/tourism/update';
import { handler as tourismAppend } from '../../functions/tourism/append-items';
import { handler as tourismRemoveItem } from '../../functions/tourism/remove-item';
import { handler as tourismDelete } from '../../functions/tourism/delete';
import { handler as vdCreate } from '../../functions/village-descriptions/create';
import { handler as vdUpdate } from '../../functions/village-descriptions/update';
import { handler as vdDelete } from '../../functions/village-descriptions/delete';
import { handler as upload } from '../../functions/uploads/upload-image';
import { handler as createStatus } from '../../functions/statuses/create';
import { handler as createScore } from '../../functions/scores/create';
import { createStatus as createStatusRecord } from '../../lib/domain/statuses';
import { SYSTEM } from '../../lib/db/history';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { newCode } from '../../lib/contract/codes';
import { db, tableName } from '../../lib/db/client';
import { keys } from '../../lib/db/keys';
import { regionCounts, tallyChange } from '../../lib/db/stats';
import { getVillage as getVillageRecord } from '../../lib/db/villages';
import { MSG } from '../../lib/contract/messages';
import { ROOT } from '../../scripts/local-stack';
import { invoke, mailsTo, uniqueEmail, uniqueName, type ApiResponse } from './api';
import { bucketKeys } from './bucket';
import { withFaultAt } from './faults';
import { expectConsistent, tableState } from './invariants';
import { multipart, png } from './multipart';
import { makeUser } from './users';
import { makeVillage, villageBody } from './villages';

type Owner = Awaited<ReturnType<typeof makeUser>>;
interface Ctx {
  owner: Owner;
  kd: string;
  extra: Record<string, any>;
}
interface Operation {
  name: string;
  setup(): Promise<Ctx>;
  act(ctx: Ctx): Promise<ApiResponse>;
  /** Contract texts a 500 may carry besides "Internal server error". */
  error500?: string[];
  /** Items a failed run may legitimately leave changed (e.g. a reset code's try counter). */
  mayChange?: (key: string, ctx: Ctx) => boolean;
  /** For operations done in ordered steps (not one transaction): a retry must complete them. */
  retry?: boolean;
  /** History entries a success writes (default 1: its change's entry; an upload or a reset request: none). */
  entries?: number;
}

const path = (kd: string) => ({ pathParameters: { kd_desa: kd } });
const form = (data: unknown, files: { field: string; data: Buffer }[] = []) => multipart({ data: JSON.stringify(data) }, files);

async function withVillage(): Promise<Ctx> {
  const owner = await makeUser('pengelola');
  const { kd_desa } = await makeVillage(owner);
  return { owner, kd: kd_desa, extra: {} };
}
async function withTourism(): Promise<Ctx> {
  const ctx = await withVillage();
  const res = await invoke(tourismCreate, {
    method: 'POST',
    resource: '/api/deskripsi-wisata',
    ...form({ kd_desa: ctx.kd, atraksi: [{ nama_atraksi: 'A' }, { nama_atraksi: 'B' }] }, [
      { field: 'atraksi[]', data: png() },
      { field: 'atraksi[]', data: png() },
    ]),
    token: ctx.owner.token,
  });
  expect(res.statusCode).toBe(201);
  ctx.extra.atraksi = JSON.parse(res.body.data.atraksi);
  return ctx;
}
async function withVillageDescription(): Promise<Ctx> {
  const ctx = await withVillage();
  const res = await invoke(vdCreate, {
    method: 'POST',
    resource: '/api/deskripsi-desa',
    ...form(vdData(ctx.kd), [
      { field: 'galeri_gambar[]', data: png() },
      { field: 'galeri_gambar[]', data: png() },
    ]),
    token: ctx.owner.token,
  });
  expect(res.statusCode).toBe(201);
  ctx.extra.galeri = res.body.data.galeri_gambar;
  return ctx;
}
/** Many statuses of one village, written in bulk (test setup only; the service writes one per transaction). */
async function bulkStatuses(kd: string, count: number) {
  const now = new Date().toISOString();
  const codes = Array.from({ length: count }, () => newCode.status());
  for (let i = 0; i < codes.length; i += 25) {
    await db().send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: codes.slice(i, i + 25).map((code) => ({
            PutRequest: {
              Item: {
                ...keys.status(code),
                ...keys.statusList(now, code),
                type: 'STAT',
                kd_status: code,
                kd_desa: kd,
                status: 'pending',
                keterangan: '',
                tanggal_update: now,
                created_at: now,
              },
            },
          })),
        },
      }),
    );
  }
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.village(kd),
      // (its tally, as a status create keeps it: lib/db/stats.ts)
      UpdateExpression: 'ADD status_codes :codes, child_rev :one, nstat_pending :n',
      ExpressionAttributeValues: { ':codes': new Set(codes), ':one': 1, ':n': count },
    }),
  );
  // and its region's counts, as status creates keep them
  const village = (await getVillageRecord(kd, true))!;
  const t = tallyChange({}, { nstat_pending: count });
  for (const item of regionCounts(village, t.region)) await db().send(new UpdateCommand(item.Update as never));
}

const vdData = (kd: string) => ({ kd_desa: kd, lokasi_desa: 'L', deskripsi_desa: 'D', jenis_desa: 'Budaya', latitude: -7, longitude: 110 });

export const OPERATIONS: Operation[] = [
  {
    name: 'register',
    setup: async () => ({ owner: undefined as unknown as Owner, kd: '', extra: { email: uniqueEmail('reg'), username: uniqueName() } }),
    act: (c) =>
      invoke(register, {
        method: 'POST',
        resource: '/auth/register',
        body: { username: c.extra.username, fullName: 'R', email: c.extra.email, password: 'rahasia-123' },
      }),
  },
  {
    name: 'password reset request (mail)',
    entries: 0,
    setup: async () => ({ owner: await makeUser('pengelola'), kd: '', extra: {} }),
    act: (c) => invoke(requestReset, { method: 'POST', resource: '/auth/password', body: { email: c.owner.email } }),
    error500: [MSG.mailFailed],
  },
  {
    name: 'password reset',
    setup: async () => {
      const owner = await makeUser('pengelola');
      await invoke(requestReset, { method: 'POST', resource: '/auth/password', body: { email: owner.email } });
      const code = /(\d{6})/.exec((await mailsTo(owner.email)).at(-1)!.text)![1]!;
      return { owner, kd: '', extra: { code } };
    },
    act: (c) =>
      invoke(resetPassword, {
        method: 'PUT',
        resource: '/auth/password',
        body: { email: c.owner.email, resetCode: c.extra.code, newPassword: 'baru-sekali-9', confirmPassword: 'baru-sekali-9' },
      }),
    mayChange: (key) => key.startsWith('RESET#'), // a failed attempt still counts as a try
  },
  {
    name: 'create village',
    setup: async () => ({ owner: await makeUser('pengelola'), kd: '', extra: {} }),
    act: (c) =>
      invoke(createVillage, { method: 'POST', resource: '/api/desa-wisata', body: villageBody(c.owner.email), token: c.owner.token }),
  },
  {
    name: 'PUT village with a new slug',
    setup: withVillage,
    act: (c) =>
      invoke(updateVillage, {
        method: 'PUT',
        resource: '/api/desa-wisata/{kd_desa}',
        ...path(c.kd),
        body: villageBody(c.owner.email),
        token: c.owner.token,
      }),
  },
  {
    name: 'POST score',
    setup: async () => ({ ...(await withVillage()), extra: { dinas: await makeUser('dinas') } }),
    act: (c) =>
      invoke(createScore, {
        method: 'POST',
        resource: '/api/skor',
        body: {
          kd_desa: c.kd,
          partisipasi_masyarakat: 80,
          keragaman_paket_wisata: 80,
          akses_tempat_wisata: 80,
          keramahan_difabel: 80,
          fasilitas_tempat_wisata: 80,
          produk_tempat_wisata: 80,
        },
        token: c.extra.dinas.token,
      }),
  },
  {
    name: 'POST status',
    setup: async () => ({ ...(await withVillage()), extra: { dinas: await makeUser('dinas') } }),
    act: (c) =>
      invoke(createStatus, {
        method: 'POST',
        resource: '/api/status-desa',
        body: { kd_desa: c.kd, status: 'aktif', keterangan: 'x' },
        token: c.extra.dinas.token,
      }),
  },
  {
    name: 'upload image',
    entries: 0,
    setup: async () => ({ owner: await makeUser('pengelola'), kd: '', extra: {} }),
    act: (c) =>
      invoke(upload, {
        method: 'POST',
        resource: '/api/upload/gambar',
        ...multipart({}, [{ field: 'file', data: png() }]),
        token: c.owner.token,
      }),
  },
  {
    name: 'POST tourism description with images and a claimed upload',
    setup: async () => {
      const ctx = await withVillage();
      const up = await invoke(upload, {
        method: 'POST',
        resource: '/api/upload/gambar',
        ...multipart({}, [{ field: 'file', data: png() }]),
        token: ctx.owner.token,
      });
      ctx.extra.upload = up.body.url;
      return ctx;
    },
    act: (c) =>
      invoke(tourismCreate, {
        method: 'POST',
        resource: '/api/deskripsi-wisata',
        ...form({ kd_desa: c.kd, atraksi: [{ nama_atraksi: 'A' }, { nama_atraksi: 'B', gambar: [c.extra.upload], jumlah_gambar: 1 }] }, [
          { field: 'atraksi[]', data: png() },
          { field: 'atraksi[]', data: png() },
        ]),
        token: c.owner.token,
      }),
  },
  {
    name: 'PUT tourism description (drops one image, adds one)',
    setup: withTourism,
    act: (c) =>
      invoke(tourismUpdate, {
        method: 'PUT',
        resource: '/api/deskripsi-wisata/{kd_desa}',
        ...path(c.kd),
        ...form({ atraksi: [{ id: c.extra.atraksi[0].id, nama_atraksi: 'A2', gambar: [] }, { nama_atraksi: 'C' }] }, [
          { field: 'atraksi[]', data: png() },
        ]),
        token: c.owner.token,
      }),
  },
  {
    name: 'PATCH append with images',
    setup: withTourism,
    act: (c) =>
      invoke(tourismAppend, {
        method: 'PATCH',
        resource: '/api/deskripsi-wisata/{kd_desa}',
        ...path(c.kd),
        ...form({ suvenir: [{ nama_suvenir: 'S', harga_suvenir: 1 }] }, [{ field: 'suvenir[]', data: png() }]),
        token: c.owner.token,
      }),
  },
  {
    name: 'remove-item',
    setup: withTourism,
    act: (c) =>
      invoke(tourismRemoveItem, {
        method: 'PATCH',
        resource: '/api/deskripsi-wisata/{kd_desa}/remove-item',
        ...path(c.kd),
        body: { entity_type: 'atraksi', item_id: c.extra.atraksi[0].id },
        token: c.owner.token,
      }),
  },
  {
    name: 'DELETE tourism description',
    setup: withTourism,
    act: (c) =>
      invoke(tourismDelete, { method: 'DELETE', resource: '/api/deskripsi-wisata/{kd_desa}', ...path(c.kd), token: c.owner.token }),
  },
  {
    name: 'POST village description with gallery',
    setup: withVillage,
    act: (c) =>
      invoke(vdCreate, {
        method: 'POST',
        resource: '/api/deskripsi-desa',
        ...form(vdData(c.kd), [
          { field: 'galeri_gambar[]', data: png() },
          { field: 'galeri_gambar[]', data: png() },
        ]),
        token: c.owner.token,
      }),
  },
  {
    name: 'gallery replacement (PUT village description)',
    setup: withVillageDescription,
    act: (c) =>
      invoke(vdUpdate, {
        method: 'PUT',
        resource: '/api/deskripsi-desa/{kd_desa}',
        ...path(c.kd),
        ...form({ ...vdData(c.kd), keep_gallery_images: [c.extra.galeri[1]] }, [{ field: 'galeri_gambar[]', data: png() }]),
        token: c.owner.token,
      }),
  },
  {
    name: 'DELETE village description',
    setup: withVillageDescription,
    act: (c) => invoke(vdDelete, { method: 'DELETE', resource: '/api/deskripsi-desa/{kd_desa}', ...path(c.kd), token: c.owner.token }),
  },
  {
    name: 'delete village with descriptions, images, statuses, score',
    setup: async () => {
      const ctx = await withTourism();
      await invoke(vdCreate, {
        method: 'POST',
        resource: '/api/deskripsi-desa',
        ...form(vdData(ctx.kd), [{ field: 'galeri_gambar[]', data: png() }]),
        token: ctx.owner.token,
      });
      await createStatusRecord({ kd_desa: ctx.kd, status: 'aktif', keterangan: '' }, SYSTEM);
      return ctx;
    },
    act: (c) => invoke(deleteVillage, { method: 'DELETE', resource: '/api/desa-wisata/{kd_desa}', ...path(c.kd), token: c.owner.token }),
  },
  {
    name: 'delete village with 101 statuses (ordered batches)',
    setup: async () => {
      const ctx = await withVillage();
      await bulkStatuses(ctx.kd, 101);
      return ctx;
    },
    act: (c) => invoke(deleteVillage, { method: 'DELETE', resource: '/api/desa-wisata/{kd_desa}', ...path(c.kd), token: c.owner.token }),
    mayChange: (key, c) => key.startsWith('STAT#') || key.startsWith('REQ#') || key.startsWith(`DESA#${c.kd}|`),
    retry: true,
  },
];

/**
 * Registers one test per operation of `group`: each AWS call of the operation is made to
 * fail in turn, with the checks described at the top of this file. Figures go to
 * .local/reliability/faults-<group>.json.
 */
export function faultSuite(group: string, operations: Operation[]) {
  const figures: Record<string, { steps: number; faults: number; answered500: number; committedDespiteFault: number }> = {};

  afterAll(() => {
    const dir = join(ROOT, '.local', 'reliability');
    mkdirSync(dir, { recursive: true });
    const total = Object.values(figures).reduce((n, f) => n + f.faults, 0);
    writeFileSync(
      join(dir, `faults-${group}.json`),
      JSON.stringify({ operations: figures, faultsInjected: total, orphansLeftAfterSweep: 0 }, null, 2),
    );
  });

  describe(`injected faults at every step: ${group}`, () => {
    for (const op of operations) {
      it(op.name, { timeout: 240_000 }, async () => {
        const cleanCtx = await op.setup();
        const cleanBefore = await tableState();
        const clean = await withFaultAt(0, () => op.act(cleanCtx));
        expect(clean.result.statusCode, JSON.stringify(clean.result.body)).toBeLessThan(300);
        const cleanEntries = [...(await tableState()).keys()].filter((k) => k.startsWith('HIST#') && !cleanBefore.has(k));
        expect(cleanEntries, `${op.name}: the entries of a clean run`).toHaveLength(op.entries ?? 1);
        const steps = clean.calls.length;
        const f = (figures[op.name] = { steps, faults: 0, answered500: 0, committedDespiteFault: 0 });

        for (let step = 1; step <= steps; step++) {
          const ctx = await op.setup();
          const before = await tableState();
          const run = await withFaultAt(step, () => op.act(ctx));
          // the history: an entry exactly when the change landed (none beside a failure, one beside a success)
          const entriesIn = (state: Map<string, string>) => [...state.keys()].filter((k) => k.startsWith('HIST#') && !before.has(k));
          const newEntries = async () => entriesIn(await tableState());
          const res = run.result;
          const where = `${op.name}: fault at step ${step} (${run.faulted}) → ${res.statusCode} ${JSON.stringify(res.body)}`;
          if (!run.faulted) continue; // a parallel step made the count differ; nothing was injected
          f.faults++;
          if (res.statusCode >= 500) {
            f.answered500++;
            expect(res.statusCode, where).toBe(500);
            expect([MSG.internalError, ...(op.error500 ?? [])], where).toContain(res.body.message);
            expect(res.body, where).toEqual({ status: 'error', message: res.body.message });
            const after = await tableState();
            if (!op.retry) {
              // nothing half-written, nothing lost
              const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
                (k) => before.get(k) !== after.get(k) && !op.mayChange?.(k, ctx),
              );
              expect(changed, where).toEqual([]);
              expect(entriesIn(after), `${where}: an entry without its change`).toEqual([]);
            } else {
              // A village deletion too large for one transaction first retires the village (gone for every
              // reader, its counts moved, its entry written: lib/db/cascade.ts); a fault after that leaves
              // the removal of its children to the retry. A fault before it leaves everything as it was.
              const retired = entriesIn(after).length > 0;
              if (retired) {
                expect(entriesIn(after), `${where}: the retired village's entry`).toHaveLength(op.entries ?? 1);
                await expectConsistent();
              } else for (const [k, v] of before) if (!op.mayChange?.(k, ctx)) expect(after.get(k), `${where}: ${k}`).toBe(v);
              const again = await op.act(ctx);
              expect(again.statusCode, `${where}: retry`).toBe(200);
              expect(await newEntries(), `${where}: the completed change's entry`).toHaveLength(op.entries ?? 1);
            }
          } else {
            // the fault hit a clean-up step after the commit: the change stands
            f.committedDespiteFault++;
            expect(res.statusCode, where).toBeLessThan(300);
            // (S3 clean-up, or the deleted village's image marks: the daily sweep finishes either)
            expect(run.faulted, where).toMatch(/^(S3:(DeleteObjects|ListObjectsV2)Command|DynamoDB:TransactWriteItemsCommand)$/);
            expect(await newEntries(), `${where}: a change without its entry`).toHaveLength(op.entries ?? 1);
          }
          await expectConsistent();
        }
        expect(f.faults).toBeGreaterThan(0);
      });
    }

    it(`the bucket holds only referenced images and young uploads at the end (${group})`, async () => {
      await expectConsistent();
      const keys = await bucketKeys();
      expect(keys.every((k) => k.startsWith('images/d/') || k.startsWith('images/u/'))).toBe(true);
    });
  });
}
