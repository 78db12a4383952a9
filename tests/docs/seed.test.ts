/**
 * `npm run seed`: the demo data it creates (through lib/, into this file's table and the
 * test bucket), and that running it again adds nothing.
 */
import { describe, expect, it } from 'vitest';
import { handler as login } from '../../functions/auth/login';
import { handler as scoreList } from '../../functions/scores/list';
import { handler as scoreHistory } from '../../functions/history/score';
import { handler as villageDetails } from '../../functions/villages/details';
import { sniffImageType } from '../../lib/storage/image-type';
import { DEMO_LOGINS, SEED_VILLAGES, seedDemoData } from '../../scripts/seed-data';
import { invoke } from '../support/api';
import { bucketKeys, fetchImage } from '../support/bucket';
import { allItems } from '../support/table';

/** Items of the table by kind (the part of the key before '#'), and the bucket's objects. */
async function counts() {
  const byKind: Record<string, number> = {};
  for (const item of await allItems()) {
    const kind = `${String(item.PK).split('#')[0]}/${String(item.SK).split('#')[0]}`;
    byKind[kind] = (byKind[kind] ?? 0) + 1;
  }
  return { items: byKind, objects: (await bucketKeys()).length };
}

describe('seed', () => {
  it('creates the demo data once; a second run adds nothing', { timeout: 180_000 }, async () => {
    const lines: string[] = [];
    const first = await seedDemoData({ log: (l) => lines.push(l) });
    expect(first.created.villages).toBe(SEED_VILLAGES.length);
    expect(first.created.users).toBe(DEMO_LOGINS.length + SEED_VILLAGES.filter((v) => v.owner !== 'demo').length);
    expect(first.created.tourismDescriptions).toBe(SEED_VILLAGES.length);
    expect(first.created.villageDescriptions).toBe(SEED_VILLAGES.length);
    expect(first.created.images).toBeGreaterThan(50);
    expect(lines.length).toBeGreaterThan(0);
    const after1 = await counts();
    expect(after1.objects).toBe(first.created.images);

    const second = await seedDemoData();
    expect(
      Object.values(second.created).every((n) => n === 0),
      JSON.stringify(second.created),
    ).toBe(true);
    expect(second.villages).toEqual(first.villages);
    expect(await counts()).toEqual(after1);

    // A dozen villages across several provinces, with covers from their galleries.
    const details = await invoke(villageDetails, { method: 'GET', resource: '/api/desa-wisata/details' });
    expect(details.body.data).toHaveLength(SEED_VILLAGES.length);
    expect(new Set(details.body.data.map((v: { provinsi: string }) => v.provinsi)).size).toBeGreaterThanOrEqual(6);
    // (the details list shows cards: its cover points at the cover's WebP card)
    const cover = await fetchImage(details.body.data[0].gambar_cover);
    expect(cover && sniffImageType(cover)?.ext).toBe('webp');

    // Scores in all four categories, and an unscored village.
    const scores = await invoke(scoreList, { method: 'GET', resource: '/api/skor' });
    const categories = new Set(
      scores.body.data.filter((s: { rata_rata: number }) => s.rata_rata > 0).map((s: { kategori_desa: string }) => s.kategori_desa),
    );
    expect([...categories].sort()).toEqual(['Berkembang', 'Maju', 'Mandiri', 'Rintisan']);
    expect(scores.body.data.some((s: { rata_rata: number }) => s.rata_rata === 0)).toBe(true);

    // A history to look at: each scored village evaluated in three rounds, two of them in past years.
    const scored = scores.body.data.find((s: { rata_rata: number }) => s.rata_rata > 0) as { kd_desa: string };
    const trajectory = await invoke(scoreHistory, {
      method: 'GET',
      resource: '/api/skor/{kd_desa}/riwayat',
      pathParameters: { kd_desa: scored.kd_desa },
    });
    expect(trajectory.body.data.map((e: { action: string }) => e.action)).toEqual(['score.updated', 'score.updated', 'score.created']);
    const years = trajectory.body.data.map((e: { at: string }) => Number(e.at.slice(0, 4)));
    expect(years[0]! - years[2]!).toBe(2);
    expect(trajectory.body.data[0].rata_rata).toBeGreaterThan(trajectory.body.data[2].rata_rata);

    // Requests and statuses in every state; the printed logins work.
    const items = await allItems();
    const requestStates = new Set(items.filter((i) => i.kd_permintaan && i.status_permintaan).map((i) => i.status_permintaan));
    expect([...requestStates].sort()).toEqual(['diproses', 'diterima', 'ditolak', 'selesai']);
    const villageStates = new Set(items.filter((i) => i.kd_status).map((i) => i.status));
    expect([...villageStates].sort()).toEqual(['aktif', 'ditinjau', 'nonaktif', 'pending']);
    for (const l of first.logins) {
      const res = await invoke(login, { method: 'POST', resource: '/auth/login', body: { email: l.email, password: l.password } });
      expect(res.statusCode, l.email).toBe(200);
      expect(res.body.data.user.role).toBe(l.role);
    }
  });
});
