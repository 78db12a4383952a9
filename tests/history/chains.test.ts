/**
 * The history as a record of the past, through the real routes: concurrent writers leave
 * a chain of before → after without gaps; a deleted village's timeline stays readable by
 * the office; a score's trajectory shows every evaluation round.
 */
import { describe, expect, it } from 'vitest';
import { handler as villageHistory } from '../../functions/history/village';
import { handler as scoreHistory } from '../../functions/history/score';
import { handler as createScore } from '../../functions/scores/create';
import { handler as updateScore } from '../../functions/scores/update';
import { handler as createStatus } from '../../functions/statuses/create';
import { handler as updateStatus } from '../../functions/statuses/update';
import { handler as deleteVillage } from '../../functions/villages/delete';
import { MSG } from '../../lib/contract/messages';
import { sameScores } from '../robustness/support/fixture';
import { invoke } from '../support/api';
import { allItems } from '../support/table';
import { makeUser } from '../support/users';
import { makeVillage } from '../support/villages';

type Change = { before?: unknown; after?: unknown };

describe('history over time', () => {
  it('20 parallel status updates of one village: 20 entries whose before → after chain without gaps', { timeout: 60_000 }, async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const { kd_desa } = await makeVillage(owner);
    const created = await invoke(createStatus, {
      method: 'POST',
      resource: '/api/status-desa',
      body: { kd_desa, status: 'aktif', keterangan: 'awal' },
      token: dinas.token,
    });
    const kd_status = created.body.data.kd_status as string;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        invoke(updateStatus, {
          method: 'PUT',
          resource: '/api/status-desa/{kd_status}',
          pathParameters: { kd_status },
          body: { status: i % 2 ? 'aktif' : 'ditinjau', keterangan: `pembaruan ${i}` },
          token: dinas.token,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));

    const entries = (await allItems()).filter((i) => i.PK === `HIST#${kd_desa}` && i.action === 'status.updated');
    expect(entries).toHaveLength(20);
    // follow the chain from the created state: each entry starts where exactly one other ended
    const stamp = (e: Record<string, unknown>, side: 'before' | 'after') =>
      String(((e.changes as Record<string, Change>).tanggal_update ?? {})[side]);
    const byBefore = new Map(entries.map((e) => [stamp(e, 'before'), e]));
    expect(byBefore.size).toBe(20);
    const status = (await allItems()).find((i) => i.PK === `STAT#${kd_status}`)!;
    const first = (await allItems()).find((i) => i.action === 'status.created' && i.record === kd_status)!;
    let at = String((first.changes as Record<string, Change>).tanggal_update!.after);
    const seen: string[] = [];
    let keterangan = 'awal';
    for (let n = 0; n < 20; n++) {
      const e = byBefore.get(at);
      expect(e, `a gap after ${at}`).toBeDefined();
      const ch = e!.changes as Record<string, Change>;
      // what it replaced is what the previous one left
      if (ch.keterangan) {
        expect(ch.keterangan.before).toBe(keterangan);
        keterangan = String(ch.keterangan.after);
      }
      seen.push(at);
      at = stamp(e!, 'after');
    }
    expect(new Set(seen).size).toBe(20);
    // the chain ends where the status is now
    expect(status.tanggal_update).toBe(at);
    expect(status.keterangan).toBe(keterangan);
  });

  it("a deleted village's timeline ends with its deletion; dinas and admin still read it, its owner gets 404", async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const admin = await makeUser('admin');
    const { kd_desa } = await makeVillage(owner);
    const del = await invoke(deleteVillage, {
      method: 'DELETE',
      resource: '/api/desa-wisata/{kd_desa}',
      pathParameters: { kd_desa },
      token: owner.token,
    });
    expect(del.statusCode).toBe(200);
    const read = (token: string) =>
      invoke(villageHistory, { method: 'GET', resource: '/api/desa-wisata/{kd_desa}/riwayat', pathParameters: { kd_desa }, token });
    for (const who of [dinas, admin]) {
      const res = await read(who.token);
      expect(res.statusCode).toBe(200);
      expect(res.body.data.map((e: { action: string }) => e.action)).toEqual(['village.deleted', 'village.created']);
      expect(res.body.data[0].changes.nama_desa).toEqual({ before: expect.any(String) });
      expect(res.body.data[0]).toMatchObject({ actor_id: String(owner.id), actor_role: 'pengelola' });
    }
    expect((await read(owner.token)).body).toEqual({ status: 'fail', message: MSG.villageNotFound });
  });

  it('a score trajectory: every evaluation round with its values, total and category, no evaluator, public', async () => {
    const owner = await makeUser('pengelola');
    const dinas = await makeUser('dinas');
    const { kd_desa } = await makeVillage(owner);
    const post = await invoke(createScore, {
      method: 'POST',
      resource: '/api/skor',
      body: { kd_desa, ...sameScores(40) },
      token: dinas.token,
    });
    expect(post.statusCode).toBe(201);
    for (const n of [60, 95]) {
      const put = await invoke(updateScore, {
        method: 'PUT',
        resource: '/api/skor/{kd_desa}',
        pathParameters: { kd_desa },
        body: sameScores(n),
        token: dinas.token,
      });
      expect(put.statusCode).toBe(200);
    }
    const res = await invoke(scoreHistory, { method: 'GET', resource: '/api/skor/{kd_desa}/riwayat', pathParameters: { kd_desa } });
    expect(res.statusCode).toBe(200);
    const rounds = res.body.data as Record<string, unknown>[];
    expect(rounds.map((r) => [r.action, r.rata_rata, r.kategori_desa, r.total_skor])).toEqual([
      ['score.updated', 95, 'Mandiri', 570],
      ['score.updated', 60, 'Berkembang', 360],
      ['score.created', 40, 'Rintisan', 240],
    ]);
    expect(rounds[0]).toMatchObject({ partisipasi_masyarakat: 95, changes: { rata_rata: { before: 60, after: 95 } } });
    expect(JSON.stringify(rounds)).not.toMatch(new RegExp(`actor|${dinas.username}|${dinas.email}`));
  });
});
