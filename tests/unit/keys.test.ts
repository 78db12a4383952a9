import { describe, expect, it } from 'vitest';
import { fitsKey, keys, LIST, MAX_KEY_PART_BYTES, normEmail } from '../../lib/db/keys';
import { scores } from '../../lib/db/scores';

describe('the key schema', () => {
  it('normalises e-mails in every key built from one', () => {
    expect(normEmail('  Budi@Example.COM ')).toBe('budi@example.com');
    expect(keys.user(' Budi@Example.com')).toEqual(keys.user('budi@example.com'));
    expect(keys.villageOwner('A@B.CO', 'DESA-1').GSI2PK).toBe(keys.ownerPartition('a@b.co'));
    expect(keys.usernameMarker(' Budi ')).toEqual(keys.usernameMarker('budi'));
  });

  it("puts a village's score and descriptions in the village's partition", () => {
    const partition = keys.villagePartition('DESA-1');
    expect(keys.village('DESA-1').PK).toBe(partition);
    expect(keys.score('DESA-1').PK).toBe(partition);
    expect(keys.tourismDescription('DESA-1').PK).toBe(partition);
    expect(keys.villageDescription('DESA-1').PK).toBe(partition);
    expect(keys.tourismPosition('DESA-1').PK).toBe(partition);
    const sortKeys = ['village', 'score', 'tourismDescription', 'villageDescription', 'tourismPosition'] as const;
    expect(new Set(sortKeys.map((k) => keys[k]('DESA-1').SK)).size).toBe(sortKeys.length);
  });

  it('pads list positions so that they sort as numbers', () => {
    expect(keys.tourismIndex(7).SK).toBe('0000000007');
    expect(keys.tourismIndex(12).SK > keys.tourismIndex(9).SK).toBe(true);
  });

  it('fitsKey admits key parts up to 1000 UTF-8 bytes', () => {
    expect(MAX_KEY_PART_BYTES).toBe(1000);
    expect(fitsKey('a'.repeat(1000))).toBe(true);
    expect(fitsKey('a'.repeat(1001))).toBe(false);
    expect(fitsKey('é'.repeat(500))).toBe(true);
    expect(fitsKey('é'.repeat(501))).toBe(false);
    expect(fitsKey('short', 'a'.repeat(1001))).toBe(false);
  });
});

describe('an entity (scores) builds its items and transaction writes without sending them', () => {
  const record = {
    kd_desa: 'DESA-1',
    partisipasi_masyarakat: 80,
    keragaman_paket_wisata: 80,
    akses_tempat_wisata: 80,
    keramahan_difabel: 80,
    fasilitas_tempat_wisata: 80,
    produk_tempat_wisata: 80,
    total_skor: 480,
    rata_rata: 80,
    kategori_desa: 'Maju' as const,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };

  it('toItem adds the keys, the list index keys and the type; fromItem drops them again', () => {
    const item = scores.toItem(record);
    expect(item).toEqual({ ...keys.score('DESA-1'), GSI1PK: LIST.scores, GSI1SK: 'DESA-1', type: 'SKOR', ...record });
    expect(scores.fromItem(item)).toEqual(record);
  });

  it('fromItem checks stored items against the schema where the stage validates reads', () => {
    expect(() => scores.fromItem({ ...scores.toItem(record), rata_rata: 80.5 })).toThrow(
      'stored item does not match its schema: rata_rata',
    );
  });

  it('putNew refuses a taken key', () => {
    expect(scores.putNew(record)).toEqual({
      Put: { TableName: 'unit-no-table', Item: scores.toItem(record), ConditionExpression: 'attribute_not_exists(PK)' },
    });
  });

  it('publicView shows the public fields only, in order', () => {
    const view = scores.publicView(record);
    expect(Object.keys(view)).toEqual(scores.public);
    expect(view).not.toHaveProperty('created_at');
  });
});
