import { describe, expect, it } from 'vitest';
import { changesOf, historyOf, SYSTEM } from '../../lib/db/history';

describe('history: changed fields as before → after', () => {
  it('keeps only changed fields, never secrets or bookkeeping', () => {
    expect(
      changesOf(
        { status: 'diproses', version: 1, updated_at: 'a', password_hash: 'x', keterangan: 'sama' },
        { status: 'selesai', version: 2, updated_at: 'b', password_hash: 'y', keterangan: 'sama' },
      ),
    ).toEqual({ status: { before: 'diproses', after: 'selesai' } });
  });

  it('a created record has no before, a deleted one no after', () => {
    expect(changesOf(undefined, { nama: 'A' })).toEqual({ nama: { before: undefined, after: 'A' } });
    expect(changesOf({ nama: 'A' }, undefined)).toEqual({ nama: { before: 'A', after: undefined } });
  });

  it('summarises long texts by length, image lists by count and added/removed URLs, item lists by count and added/removed ids', () => {
    const long = 'x'.repeat(500);
    expect(changesOf({ deskripsi: 'pendek' }, { deskripsi: long })).toEqual({ deskripsi: { before: 'pendek', after: { length: 500 } } });
    expect(changesOf({ galeri_gambar: ['a', 'b'] }, { galeri_gambar: ['b', 'c'] })).toEqual({
      galeri_gambar: { before: { count: 2 }, after: { count: 2, added: ['c'], removed: ['a'] } },
    });
    expect(changesOf({ atraksi: [{ id: 1 }] }, { atraksi: [{ id: 1 }, { id: 2 }] })).toEqual({
      atraksi: { before: { count: 1 }, after: { count: 2, added: [2], removed: [] } },
    });
    expect(changesOf({ atraksi: [{ id: 1 }, { id: 2 }] }, { atraksi: [{ id: 2 }] })).toEqual({
      atraksi: { before: { count: 2 }, after: { count: 1, added: [], removed: [1] } },
    });
  });

  it('expires only security events: after 180 days unless the stage sets another retention', () => {
    const item = (security: boolean, days?: number) =>
      historyOf({ who: SYSTEM, action: 'x.y', record: 'r', security }, days).Put!.Item as Record<string, unknown>;
    const inDays = (n: number) => Date.now() / 1000 + n * 86_400;
    expect(Math.abs(Number(item(true, 30).expiresAt) - inDays(30))).toBeLessThan(5);
    expect(Math.abs(Number(item(true).expiresAt) - inDays(180))).toBeLessThan(5);
    expect(item(false, 30).expiresAt).toBeUndefined();
    expect(item(false).expiresAt).toBeUndefined();
    expect(item(true, 30).GSI1PK).toBe('HISTSEC');
    expect(item(false, 30).GSI1PK).toBe('HIST');
  });

  it('keeps the source address only where it is evidence (security events, anonymous changes)', () => {
    const user = { id: 7, username: 'u', role: 'dinas' as const, full_name: 'U' };
    const item = (who: Parameters<typeof historyOf>[0]['who'], security = false) =>
      historyOf({ who, action: 'x.y', record: 'r', security }, undefined).Put!.Item as Record<string, unknown>;
    expect(item({ actor: user, source: '192.0.2.1' }).source).toBeUndefined();
    expect(item({ actor: user, source: '192.0.2.1' }, true).source).toBe('192.0.2.1');
    expect(item({ actor: 'anonymous', source: '192.0.2.1' }).source).toBe('192.0.2.1');
    expect(item({ actor: user }).actor_id).toBe('7');
  });
});
