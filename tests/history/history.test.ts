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
    expect(bad.body).toEqual({ status: 'fail', message: MSG.historyCursorInvalid });
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

const timeline = (kd: string, query: Record<string, string>, token?: string) =>
  invoke(villageHistory, { method: 'GET', resource: '/api/desa-wisata/{kd_desa}/riwayat', ...path(kd), query, token });
const trajectory = (kd: string, query: Record<string, string>) =>
  invoke(scoreHistory, { method: 'GET', resource: '/api/skor/{kd_desa}/riwayat', ...path(kd), query });
const feedOf = (query: Record<string, string>, token: string) => invoke(feed, { method: 'GET', resource: '/api/riwayat', query, token });
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('history reads: only villages, only their own cursors, only ranges in order', () => {
  it('account events are admin-only: an account scope or a code that never was a village is 404 on every village read', async () => {
    const dinas = await makeUser('dinas');
    const admin = await makeUser('admin');
    // makeUser records `account.registered` (anonymous) in the account's timeline
    const victim = await makeUser('pengelola');
    const account = `USER#${victim.email}`;
    for (const action of ['account.login_locked', 'account.password_reset'])
      await record({ who: { actor: 'anonymous', source: '203.0.113.9' }, action, record: victim.email, scope: account, security: true });
    const notFound = { status: 'fail', message: MSG.villageNotFound };
    for (const kd of [account, 'DESA-neverwas00', 'SERVICE', 'desa-x']) {
      for (const who of [dinas, admin]) {
        expect((await timeline(kd, {}, who.token)).body, `${kd} timeline`).toEqual(notFound);
        expect((await feedOf({ kd_desa: kd }, who.token)).body, `${kd} feed`).toEqual(notFound);
      }
      expect((await trajectory(kd, {})).body, `${kd} trajectory`).toEqual(notFound);
    }
    // nor does dinas read account events any other way (the feed, by actor); admin still does
    const isAccountEvent = (e: { action: string }) => e.action.startsWith('account.');
    for (const query of [{ limit: '100' }, { actor: 'anonymous', limit: '100' }] as Record<string, string>[])
      expect((await feedOf(query, dinas.token)).body.data.filter(isAccountEvent)).toEqual([]);
    const adminFeed = await feedOf({ actor: 'anonymous', limit: '100' }, admin.token);
    expect(adminFeed.body.data.some((e: any) => e.action === 'account.registered' && e.record === victim.email)).toBe(true);
  });

  it('a forged cursor is 400 on every history route', async () => {
    const owner = await makeUser('pengelola');
    const admin = await makeUser('admin');
    const [a, b] = [await makeVillage(owner), await makeVillage(owner)];
    for (const { kd_desa } of [a, b])
      for (let i = 0; i < 3; i++)
        await record({ who: whoIs(admin), action: 'score.updated', kd_desa, record: kd_desa, after: { rata_rata: i } });
    const reads = {
      timeline: (kd: string, q: Record<string, string>) => timeline(kd, q, admin.token),
      trajectory,
      feed: (_kd: string, q: Record<string, string>) => feedOf(q, admin.token),
    };
    // genuine cursors: of another village's timeline, of the feed, of the same timeline with another range
    const otherVillage = (await timeline(b.kd_desa, { limit: '1' }, admin.token)).body.next_cursor as string;
    const ofFeed = (await feedOf({ limit: '1' }, admin.token)).body.next_cursor as string;
    const otherRange = (await timeline(a.kd_desa, { limit: '1', from: '2020-01-01T00:00:00Z' }, admin.token)).body.next_cursor as string;
    for (const c of [otherVillage, ofFeed, otherRange]) expect(c).toEqual(expect.any(String));
    const forged = {
      'e30 ({})': 'e30',
      'numbers as keys': b64({ PK: 1, SK: 2 }),
      "another partition's key": b64({ PK: `HIST#${b.kd_desa}`, SK: '2026-01-01T00:00:01.000Z#00000000' }),
      'a key without its index parts': b64({ PK: `HIST#${a.kd_desa}`, SK: '2026-01-01T00:00:01.000Z#00000000' }),
      'index parts of another index': b64({ PK: 'x', SK: 'y', GSI2PK: 'HISTBY#1', GSI2SK: 'z' }),
      'an empty key value': b64({ PK: '', SK: '' }),
      'an unsigned key of this very page': otherVillage.split('.')[0]!,
      "another village's cursor": otherVillage,
      "the feed's cursor": ofFeed,
      'a cursor of another time range': otherRange,
      'a tampered signature': `${otherVillage.slice(0, -2)}AA`,
    };
    for (const [route, read] of Object.entries(reads))
      for (const [what, cursor] of Object.entries(forged)) {
        // the feed's own cursor is valid on the feed
        if (route === 'feed' && cursor === ofFeed) continue;
        const res = await read(a.kd_desa, { limit: '1', cursor });
        expect([res.statusCode, res.body], `${route}: ${what}`).toEqual([400, { status: 'fail', message: MSG.historyCursorInvalid }]);
      }
    // the cursor a read hands out goes on with the same read
    const first = await timeline(a.kd_desa, { limit: '1' }, admin.token);
    const next = await timeline(a.kd_desa, { limit: '1', cursor: first.body.next_cursor }, admin.token);
    expect(next.statusCode).toBe(200);
    expect(next.body.data[0].at < first.body.data[0].at).toBe(true);
    expect((await feedOf({ limit: '1', cursor: ofFeed }, admin.token)).statusCode).toBe(200);
  });

  it('a reversed time range is 400 on every history route, even anonymously; equal bounds however spelled are one instant', async () => {
    const owner = await makeUser('pengelola');
    const admin = await makeUser('admin');
    const { kd_desa } = await makeVillage(owner);
    await record({ who: whoIs(admin), action: 'score.created', kd_desa, record: kd_desa, after: { rata_rata: 50 } });
    const reversed = { from: '2030-01-01T00:00:00Z', to: '2020-01-01T00:00:00Z' };
    const refused = { status: 'fail', message: MSG.historyRangeReversed };
    expect((await trajectory(kd_desa, reversed)).body).toEqual(refused);
    expect((await timeline(kd_desa, reversed, admin.token)).body).toEqual(refused);
    expect((await feedOf(reversed, admin.token)).body).toEqual(refused);
    expect((await feedOf({ ...reversed, kd_desa }, admin.token)).body).toEqual(refused);
    // an entry stamped …:07.000Z is inside from = to = …:07Z (the bounds are inclusive)
    const at = (await trajectory(kd_desa, {})).body.data[0].at as string;
    const instant = at.replace(/\.\d{3}Z$/, 'Z');
    for (const range of [
      { from: instant, to: instant },
      { from: at, to: instant },
    ]) {
      const res = await trajectory(kd_desa, range);
      expect([res.statusCode, res.body.data.map((p: any) => p.at)], JSON.stringify(range)).toEqual([200, [at]]);
    }
  });
});
