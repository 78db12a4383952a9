import { describe, expect, it } from 'vitest';
import { handler as deleteVillage } from '../../functions/villages/delete';
import { handler as getVillage } from '../../functions/villages/get';
import { handler as bySlug } from '../../functions/villages/by-slug';
import { handler as createRequest } from '../../functions/requests/create';
import { handler as getRequest } from '../../functions/requests/get';
import { handler as listRequests } from '../../functions/requests/list';
import { handler as createStatus } from '../../functions/statuses/create';
import { handler as listStatuses } from '../../functions/statuses/list';
import { handler as createScore } from '../../functions/scores/create';
import { handler as getScore } from '../../functions/scores/get';
import { handler as listScores } from '../../functions/scores/list';
import { createStatus as createStatusRecord } from '../../lib/domain/statuses';
import { SYSTEM } from '../../lib/db/history';
import { recordRequest } from '../support/journal';
import { MSG } from '../../lib/contract/messages';
import { invoke } from '../support/api';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';
import { withFaultAtNth } from '../support/faults';
import { expectCountersMatchRecount } from '../support/statistics';
import { finishPendingDeletions } from '../../lib/domain/villages';

const del = (kd: string, token?: string) =>
  invoke(deleteVillage, { method: 'DELETE', resource: '/api/desa-wisata/{kd_desa}', pathParameters: { kd_desa: kd }, token });
const scores = (kd: string) => ({
  kd_desa: kd,
  partisipasi_masyarakat: 80,
  keragaman_paket_wisata: 70,
  akses_tempat_wisata: 60,
  keramahan_difabel: 90,
  fasilitas_tempat_wisata: 85,
  produk_tempat_wisata: 75,
});

type Item = Record<string, any>;

/** Every item that belongs to village `kd`, however it is linked. */
function itemsOf(items: Item[], kd: string, codes: string[]): Item[] {
  return items.filter(
    (i) =>
      // (its history is kept on purpose: tests/history; so are the pending mails about it, which the drain
      // sends or drops once the village is gone: tests/notifications)
      !String(i.PK).startsWith('HIST#') &&
      !String(i.PK).startsWith('OUTBOX#') &&
      !String(i.PK).startsWith('SENT#') &&
      (i.kd_desa === kd ||
        String(i.PK).startsWith(`DESA#${kd}`) ||
        codes.some((c) => i.PK === `REQ#${c}` || i.PK === `STAT#${c}`) ||
        JSON.stringify(i, (_k, v) => (v instanceof Set ? [...v] : v)).includes(kd)),
  );
}

/** A village with extra requests, several statuses and a score, all through the handlers. */
async function populatedVillage(owner: { email: string; token: string }, dinas: { token: string }) {
  const v = await makeVillage(owner);
  const requests: string[] = [];
  for (const status of ['diterima', 'ditolak', 'selesai']) {
    const res = await invoke(createRequest, {
      method: 'POST',
      resource: '/api/permintaan',
      body: { kd_desa: v.kd_desa, status_permintaan: status },
      token: owner.token,
    });
    expect(res.statusCode).toBe(201);
    requests.push(res.body.data.kd_permintaan);
  }
  const statuses: string[] = [];
  for (const status of ['aktif', 'nonaktif', 'ditinjau', 'pending']) {
    const res = await invoke(createStatus, {
      method: 'POST',
      resource: '/api/status-desa',
      body: { kd_desa: v.kd_desa, status, keterangan: status },
      token: dinas.token,
    });
    expect(res.statusCode).toBe(201);
    statuses.push(res.body.data.kd_status);
  }
  const score = await invoke(createScore, { method: 'POST', resource: '/api/skor', body: scores(v.kd_desa), token: dinas.token });
  expect(score.statusCode).toBe(201);
  return { ...v, requests, statuses };
}

const stripSets = (items: Item[]) => JSON.parse(JSON.stringify(items, (_k, v) => (v instanceof Set ? [...v].sort() : v)));
const byKey = (a: Item, b: Item) => `${a.PK}|${a.SK}`.localeCompare(`${b.PK}|${b.SK}`);

describe('DELETE /api/desa-wisata/{kd} cascade', () => {
  it('removes the village, its slug marker, all its requests, statuses and score; another village is untouched', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const victim = await populatedVillage(owner, dinas);
    const neighbour = await populatedVillage(owner, dinas);

    const before = await allItems();
    const victimItems = itemsOf(before, victim.kd_desa, [...victim.requests, ...victim.statuses]);
    // village + slug marker + 4 requests (creation + 3) + 4 statuses + score
    expect(victimItems.length).toBe(1 + 1 + 4 + 4 + 1);
    const neighbourBefore = stripSets(itemsOf(before, neighbour.kd_desa, [...neighbour.requests, ...neighbour.statuses])).sort(byKey);
    expect(neighbourBefore.length).toBe(11);

    const res = await del(victim.kd_desa, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: MSG.villageDeleted });

    const after = await allItems();
    expect(itemsOf(after, victim.kd_desa, [...victim.requests, ...victim.statuses])).toEqual([]);
    expect(after.filter((i) => i.SK === 'SLUG' && i.kd_desa === victim.kd_desa)).toEqual([]);
    expect(after.filter((i) => i.PK === `SLUG#${victim.slug}`)).toEqual([]);
    expect(after.filter((i) => (i.type === 'REQ' || i.type === 'STAT' || i.SK === 'SKOR') && i.kd_desa === victim.kd_desa)).toEqual([]);
    // the neighbour's items are exactly as before
    expect(stripSets(itemsOf(after, neighbour.kd_desa, [...neighbour.requests, ...neighbour.statuses])).sort(byKey)).toEqual(
      neighbourBefore,
    );
    // nothing else disappeared: the only items gone are the victim's
    // (plus the deletion's history entry)
    expect(after.length).toBe(before.length - victimItems.length + 1);

    // and the API forgets it everywhere
    expect(
      (await invoke(getVillage, { method: 'GET', resource: '/api/desa-wisata/{kd_desa}', pathParameters: { kd_desa: victim.kd_desa } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await invoke(bySlug, { method: 'GET', resource: '/api/desa-wisata/slug/{slug}', pathParameters: { slug: victim.slug } })).statusCode,
    ).toBe(404);
    expect(
      (await invoke(getScore, { method: 'GET', resource: '/api/skor/{kd_desa}', pathParameters: { kd_desa: victim.kd_desa } })).statusCode,
    ).toBe(404);
    for (const kd of victim.requests) {
      const r = await invoke(getRequest, {
        method: 'GET',
        resource: '/api/permintaan/{kd_permintaan}',
        pathParameters: { kd_permintaan: kd },
        token: owner.token,
      });
      expect(r.statusCode).toBe(404);
    }
    const reqs = (await invoke(listRequests, { method: 'GET', resource: '/api/permintaan', token: owner.token })).body.data;
    expect(reqs.filter((r: any) => r.kd_desa === victim.kd_desa)).toEqual([]);
    expect(reqs.filter((r: any) => r.kd_desa === neighbour.kd_desa)).toHaveLength(4);
    const stats = (await invoke(listStatuses, { method: 'GET', resource: '/api/status-desa' })).body.data;
    expect(stats.filter((s: any) => s.kd_desa === victim.kd_desa)).toEqual([]);
    expect(stats.filter((s: any) => s.kd_desa === neighbour.kd_desa)).toHaveLength(4);
    const list = (await invoke(listScores, { method: 'GET', resource: '/api/skor' })).body.data;
    expect(list.map((s: any) => s.kd_desa)).not.toContain(victim.kd_desa);
    expect(list.find((s: any) => s.kd_desa === neighbour.kd_desa).rata_rata).toBe(77);

    // a second delete is a 404
    const again = await del(victim.kd_desa, owner.token);
    expect(again.statusCode).toBe(404);
    expect(again.body).toEqual({ status: 'fail', message: MSG.villageNotFound });
  });

  it('a village with more than 100 children (120 statuses, 5 requests, a score) is deleted completely', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const v = await makeVillage(owner);
    const neighbour = await populatedVillage(owner, dinas);
    const statuses: string[] = [];
    // statuses all touch the village item: a few at a time
    for (let i = 0; i < 120; i += 4) {
      const batch = await Promise.all(
        Array.from({ length: 4 }, (_, j) =>
          createStatusRecord({ kd_desa: v.kd_desa, status: 'aktif', keterangan: `status ${i + j}` }, SYSTEM),
        ),
      );
      statuses.push(...batch.map((s) => s.kd_status));
    }
    const requests: string[] = [];
    for (let i = 0; i < 4; i++)
      requests.push((await recordRequest({ kd_desa: v.kd_desa, email: owner.email, status_permintaan: 'diproses' })).kd_permintaan);
    expect(
      (await invoke(createScore, { method: 'POST', resource: '/api/skor', body: scores(v.kd_desa), token: dinas.token })).statusCode,
    ).toBe(201);

    const before = await allItems();
    const mine = itemsOf(before, v.kd_desa, [...statuses, ...requests]);
    expect(mine.length).toBe(1 + 1 + 120 + 5 + 1);
    const village = before.find((i) => i.PK === `DESA#${v.kd_desa}` && i.SK === 'DESA')!;
    expect((village.status_codes as Set<string>).size).toBe(120);
    const neighbourBefore = stripSets(itemsOf(before, neighbour.kd_desa, [...neighbour.requests, ...neighbour.statuses])).sort(byKey);

    const res = await del(v.kd_desa, owner.token);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: MSG.villageDeleted });

    const after = await allItems();
    expect(itemsOf(after, v.kd_desa, [...statuses, ...requests])).toEqual([]);
    expect(after.filter((i) => i.type === 'STAT' && i.kd_desa === v.kd_desa)).toEqual([]);
    expect(after.filter((i) => i.PK === `SLUG#${v.slug}`)).toEqual([]);
    expect(stripSets(itemsOf(after, neighbour.kd_desa, [...neighbour.requests, ...neighbour.statuses])).sort(byKey)).toEqual(
      neighbourBefore,
    );
    expect(after.length).toBe(before.length - mine.length + 1); // + the deletion's history entry
    expect(
      (await invoke(listStatuses, { method: 'GET', resource: '/api/status-desa' })).body.data.filter((s: any) => s.kd_desa === v.kd_desa),
    ).toEqual([]);
  }, 120_000);

  it('only the owning pengelola deletes: nothing is removed on 401 / 403', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const v = await populatedVillage(owner, dinas);
    const before = stripSets(await allItems()).sort(byKey);
    const other = await makeUser('pengelola');
    const r1 = await del(v.kd_desa, other.token);
    expect(r1.statusCode).toBe(403);
    expect(r1.body).toEqual({ status: 'fail', message: MSG.villageOwnerOnly });
    const r2 = await del(v.kd_desa, dinas.token);
    expect(r2.statusCode).toBe(403);
    expect(r2.body).toEqual({ status: 'fail', message: MSG.pengelolaOnlyVillage });
    const r3 = await del(v.kd_desa);
    expect(r3.statusCode).toBe(401);
    expect(r3.body).toEqual({ status: 'fail', message: MSG.tokenMissing });
    const after = stripSets(await allItems())
      .filter(
        (i: Item) => i.email !== other.email && i.PK !== 'COUNTER#USER' && i.PK !== `HIST#USER#${other.email}` && i.PK !== 'STATS#ACCOUNTS',
      )
      .sort(byKey);
    expect(after).toEqual(before.filter((i: Item) => i.PK !== 'COUNTER#USER' && i.PK !== 'STATS#ACCOUNTS'));
  });
});

describe('an interrupted deletion of a large village', () => {
  /** A village with 130 accepted requests: more than one transaction can delete. */
  async function largeVillage() {
    const owner = await makeUser('pengelola');
    const v = await makeVillage(owner);
    const codes: string[] = [];
    for (let i = 0; i < 130; i++) {
      codes.push((await recordRequest({ kd_desa: v.kd_desa, email: owner.email, status_permintaan: 'diterima' })).kd_permintaan);
    }
    return { ...v, owner, codes };
  }
  /** The DELETE with DynamoDB failing after the first batch of children (the village retired, then one batch). */
  const interruptedDelete = (kd: string, token: string) => withFaultAtNth('DynamoDB:TransactWriteItemsCommand', 3, () => del(kd, token));

  /** What a caller sees of a village whose deletion began: gone everywhere, counted nowhere, deleted once in its history. */
  async function expectRetired(v: { kd_desa: string; slug: string; codes: string[] }) {
    expect(
      (await invoke(getVillage, { method: 'GET', resource: '/api/desa-wisata/{kd_desa}', pathParameters: { kd_desa: v.kd_desa } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await invoke(bySlug, { method: 'GET', resource: '/api/desa-wisata/slug/{slug}', pathParameters: { slug: v.slug } })).statusCode,
    ).toBe(404);
    await expectCountersMatchRecount('after the interruption:');
    const items = await allItems();
    const entries = items.filter((i) => i.PK === `HIST#${v.kd_desa}` && i.action === 'village.deleted');
    expect(entries).toHaveLength(1);
    expect(items.some((i) => i.type === 'DESA' && i.kd_desa === v.kd_desa && !i.deleting)).toBe(false);
  }

  it("stopped between batches: the village reads as gone, counters equal a recount, one history entry; the owner's retry completes it", async () => {
    const v = await largeVillage();
    const run = await interruptedDelete(v.kd_desa, v.owner.token);
    expect(run.faulted).toBe('DynamoDB:TransactWriteItemsCommand');
    expect(run.result.statusCode).toBeGreaterThanOrEqual(500);
    await expectRetired(v);
    // some requests are already gone, the rest wait for the retry
    const left = (await allItems()).filter((i) => i.type === 'REQ' && i.kd_desa === v.kd_desa).length;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(130);

    const other = await makeUser('pengelola');
    expect((await del(v.kd_desa, other.token)).statusCode).toBe(403);
    const retry = await del(v.kd_desa, v.owner.token);
    expect(retry.statusCode, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toEqual({ status: 'success', message: MSG.villageDeleted });
    const after = await allItems();
    expect(itemsOf(after, v.kd_desa, v.codes)).toEqual([]);
    expect(after.filter((i) => i.PK === 'CASCADE#PENDING')).toEqual([]);
    expect(after.filter((i) => i.PK === `HIST#${v.kd_desa}` && i.action === 'village.deleted')).toHaveLength(1);
    await expectCountersMatchRecount('after the retry:');
    expect((await del(v.kd_desa, v.owner.token)).statusCode).toBe(404);
  }, 180_000);

  it('stopped between batches and never retried: the maintenance sweep completes it', async () => {
    const v = await largeVillage();
    await interruptedDelete(v.kd_desa, v.owner.token);
    await expectRetired(v);
    expect(await finishPendingDeletions()).toEqual([v.kd_desa]);
    const after = await allItems();
    expect(itemsOf(after, v.kd_desa, v.codes)).toEqual([]);
    expect(after.filter((i) => i.PK === 'CASCADE#PENDING')).toEqual([]);
    await expectCountersMatchRecount('after the sweep:');
    expect(await finishPendingDeletions()).toEqual([]);
  }, 180_000);
});
