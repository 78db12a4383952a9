/**
 * The history's three reads: a village's timeline (owner, dinas, admin; after deletion
 * dinas and admin), a score's trajectory (public, without the evaluator), and the feed
 * (admin; dinas without account-security events), newest first, cursor-paginated.
 * Entries are written here through the same transaction item the writes use.
 */
import { describe, expect, it } from 'vitest';
import { handler as villageHistory } from '../../functions/history/village';
import { handler as scoreHistory } from '../../functions/history/score';
import { handler as feed } from '../../functions/history/feed';
import { MSG } from '../../lib/contract/messages';
import { transactWrite } from '../../lib/db/transact';
import { historyOf, whoIs, type Change } from '../../lib/db/history';
import { setClock } from '../../lib/platform/clock';
import { invoke } from '../support/api';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

let tick = Date.parse('2026-01-01T00:00:00.000Z');
async function record(change: Change) {
  setClock(() => (tick += 1000));
  try {
    await transactWrite([historyOf(change)]);
  } finally {
    setClock();
  }
}
const path = (kd: string) => ({ pathParameters: { kd_desa: kd } });

describe('history reads', () => {
  it('a village timeline: newest first, paged by cursor, for its owner, dinas and admin; others 403', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const admin = await makeUser('admin');
    const other = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    for (let i = 0; i <= 5; i++)
      await record({
        who: whoIs(dinas),
        action: 'status.updated',
        kd_desa,
        record: 'STAT-x',
        before: { status: `s${i - 1}` },
        after: { status: `s${i}` },
      });
    const first = await invoke(villageHistory, {
      method: 'GET',
      resource: '/api/desa-wisata/{kd_desa}/riwayat',
      ...path(kd_desa),
      query: { limit: '3' },
      token: owner.token,
    });
    expect(first.statusCode).toBe(200);
    expect(first.body.status).toBe('success');
    expect(first.body.data.map((e: any) => e.changes.status?.after ?? e.action)).toEqual(['village.created', 's5', 's4']);
    expect(first.body.data[1]).toMatchObject({
      action: 'status.updated',
      actor_id: String(dinas.id),
      actor_role: 'dinas',
      kd_desa,
      record: 'STAT-x',
    });
    const second = await invoke(villageHistory, {
      method: 'GET',
      resource: '/api/desa-wisata/{kd_desa}/riwayat',
      ...path(kd_desa),
      query: { limit: '3', cursor: first.body.next_cursor },
      token: dinas.token,
    });
    // (the village's own creation is real, stamped now; the recorded entries are dated 2026-01-01)
    expect(second.body.data.map((e: any) => e.changes.status.after)).toEqual(['s3', 's2', 's1']);
    for (const who of [admin])
      expect(
        (
          await invoke(villageHistory, {
            method: 'GET',
            resource: '/api/desa-wisata/{kd_desa}/riwayat',
            ...path(kd_desa),
            token: who.token,
          })
        ).statusCode,
      ).toBe(200);
    const refused = await invoke(villageHistory, {
      method: 'GET',
      resource: '/api/desa-wisata/{kd_desa}/riwayat',
      ...path(kd_desa),
      token: other.token,
    });
    expect(refused.body).toEqual({ status: 'fail', message: MSG.villageOwnerOnly });
    const bad = await invoke(villageHistory, {
      method: 'GET',
      resource: '/api/desa-wisata/{kd_desa}/riwayat',
      ...path(kd_desa),
      query: { cursor: 'garbage!' },
      token: admin.token,
    });
    expect(bad.body).toEqual({ status: 'fail', message: MSG.historyQueryInvalid });
    const badLimit = await invoke(villageHistory, {
      method: 'GET',
      resource: '/api/desa-wisata/{kd_desa}/riwayat',
      ...path(kd_desa),
      query: { limit: '0' },
      token: admin.token,
    });
    expect(badLimit.statusCode).toBe(400);
  });

  it('a score trajectory is public and names no evaluator', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const { kd_desa } = await makeVillage(owner);
    await record({
      who: whoIs(dinas),
      action: 'score.created',
      kd_desa,
      record: kd_desa,
      after: { rata_rata: 60 },
      snapshot: { rata_rata: 60, kategori_desa: 'Berkembang' },
    });
    await record({
      who: whoIs(dinas),
      action: 'village.updated',
      kd_desa,
      record: kd_desa,
      before: { alamat: 'a' },
      after: { alamat: 'b' },
    });
    await record({
      who: whoIs(dinas),
      action: 'score.updated',
      kd_desa,
      record: kd_desa,
      before: { rata_rata: 60 },
      after: { rata_rata: 80 },
      snapshot: { rata_rata: 80, kategori_desa: 'Maju' },
    });
    const res = await invoke(scoreHistory, { method: 'GET', resource: '/api/skor/{kd_desa}/riwayat', ...path(kd_desa) });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.map((p: any) => [p.action, p.kategori_desa])).toEqual([
      ['score.updated', 'Maju'],
      ['score.created', 'Berkembang'],
    ]);
    expect(JSON.stringify(res.body)).not.toContain(String(dinas.username));
  });

  it('the feed: admin sees everything (security events with security=true), dinas no security events; filters by actor, action and village', async () => {
    const admin = await makeUser('admin');
    const dinas = await makeUser('dinas');
    const owner = await makeUser('pengelola');
    const { kd_desa } = await makeVillage(owner);
    await record({
      who: { actor: 'anonymous', source: '203.0.113.9' },
      action: 'account.login_locked',
      record: owner.email,
      scope: `USER#${owner.email}`,
      security: true,
    });
    await record({ who: whoIs(dinas), action: 'score.created', kd_desa, record: kd_desa, after: { rata_rata: 70 } });
    await record({
      who: whoIs(owner),
      action: 'village.updated',
      kd_desa,
      record: kd_desa,
      before: { alamat: 'a' },
      after: { alamat: 'b' },
    });
    const get = (token: string, query: Record<string, string> = {}) =>
      invoke(feed, { method: 'GET', resource: '/api/riwayat', query, token });
    const all = await get(admin.token, { limit: '100' });
    expect(all.body.data.some((e: any) => e.action === 'village.updated')).toBe(true);
    expect(all.body.data.some((e: any) => e.security)).toBe(false);
    const security = await get(admin.token, { security: 'true' });
    expect(security.body.data.find((e: any) => e.record === owner.email)).toMatchObject({
      action: 'account.login_locked',
      source: '203.0.113.9',
    });
    expect((await get(dinas.token, { security: 'true' })).body).toEqual({ status: 'fail', message: MSG.historySecurityAdminOnly });
    const byActor = await get(dinas.token, { actor: String(dinas.id) });
    expect(byActor.body.data.map((e: any) => e.action)).toEqual(['score.created']);
    const byAction = await get(admin.token, { action: 'village.updated', kd_desa });
    expect(byAction.body.data).toHaveLength(1);
    const byVillage = await get(admin.token, { kd_desa });
    // newest first: the village's real creation (now), then the entries recorded as of 2026-01-01
    expect(byVillage.body.data.map((e: any) => e.action)).toEqual(['village.created', 'village.updated', 'score.created']);
    expect((await get(owner.token)).statusCode).toBe(403);
  });
});
