import { describe, expect, it } from 'vitest';
import { categoryOf, computeScore, KATEGORI, pickScoreValues, scoreResponse, scoreValuesSchema } from '../../lib/domain/scores';
import { SCORE_FIELDS, type ScoreValues } from '../../lib/db/scores';

/** Six values in SCORE_FIELDS order. */
const values = (...v: number[]): ScoreValues => Object.fromEntries(SCORE_FIELDS.map((f, i) => [f, v[i]])) as ScoreValues;
const all = (n: number) => values(n, n, n, n, n, n);

describe('categoryOf (the average → kategori_desa)', () => {
  it('has four categories, best first', () => {
    expect(KATEGORI).toEqual(['Mandiri', 'Maju', 'Berkembang', 'Rintisan']);
  });

  it.each([
    [100, 'Mandiri'],
    [91, 'Mandiri'],
    [90, 'Maju'],
    [75, 'Maju'],
    [74, 'Berkembang'],
    [50, 'Berkembang'],
    [49, 'Rintisan'],
    [1, 'Rintisan'],
    [0, 'Rintisan'],
  ])('%i → %s', (avg, category) => {
    expect(categoryOf(avg)).toBe(category);
  });
});

describe('computeScore', () => {
  it('sums the six values, rounds the average to an integer and categorises that integer', () => {
    expect(computeScore(all(90))).toEqual({ total_skor: 540, rata_rata: 90, kategori_desa: 'Maju' });
    expect(computeScore(all(100))).toEqual({ total_skor: 600, rata_rata: 100, kategori_desa: 'Mandiri' });
    expect(computeScore(all(1))).toEqual({ total_skor: 6, rata_rata: 1, kategori_desa: 'Rintisan' });
    expect(computeScore(values(10, 20, 30, 40, 50, 60))).toEqual({ total_skor: 210, rata_rata: 35, kategori_desa: 'Rintisan' });
  });

  it('rounds halves up, which can lift a village into the next category', () => {
    // 297 / 6 = 49.5 → 50: Berkembang, although no value reached 50 on average
    expect(computeScore(values(50, 50, 50, 50, 50, 47))).toEqual({ total_skor: 297, rata_rata: 50, kategori_desa: 'Berkembang' });
    // 447 / 6 = 74.5 → 75: Maju
    expect(computeScore(values(75, 75, 75, 75, 75, 72))).toEqual({ total_skor: 447, rata_rata: 75, kategori_desa: 'Maju' });
    // 543 / 6 = 90.5 → 91: Mandiri
    expect(computeScore(values(91, 91, 91, 90, 90, 90))).toEqual({ total_skor: 543, rata_rata: 91, kategori_desa: 'Mandiri' });
  });

  it('stays below a boundary when the average rounds down', () => {
    // 296 / 6 = 49.33 → 49; 446 / 6 = 74.33 → 74; 542 / 6 = 90.33 → 90
    expect(computeScore(values(50, 50, 50, 50, 50, 46)).kategori_desa).toBe('Rintisan');
    expect(computeScore(values(75, 75, 75, 75, 75, 71)).kategori_desa).toBe('Berkembang');
    expect(computeScore(values(91, 91, 90, 90, 90, 90)).kategori_desa).toBe('Maju');
  });

  it('keeps fractional values in the total (the schema accepts any number from 1 to 100)', () => {
    expect(computeScore(values(80.5, 80.5, 80, 80, 80, 80))).toEqual({ total_skor: 481, rata_rata: 80, kategori_desa: 'Maju' });
  });
});

describe('scoreValuesSchema (the six values of POST/PUT /api/skor)', () => {
  it('accepts JSON numbers from 1 to 100 and keeps only the six fields', () => {
    const parsed = scoreValuesSchema.safeParse({ ...values(1, 100, 50, 50.5, 2, 99), kd_desa: 'DESA-x', extra: true });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(values(1, 100, 50, 50.5, 2, 99));
  });

  it.each([
    ['a value of 0', { ...all(50), partisipasi_masyarakat: 0 }],
    ['a value of 101', { ...all(50), produk_tempat_wisata: 101 }],
    ['a numeric string', { ...all(50), akses_tempat_wisata: '50' }],
    ['a missing value', { ...all(50), keramahan_difabel: undefined }],
    ['null', { ...all(50), fasilitas_tempat_wisata: null }],
    ['Infinity', { ...all(50), keragaman_paket_wisata: Infinity }],
  ])('refuses %s', (_name, body) => {
    expect(scoreValuesSchema.safeParse(body).success).toBe(false);
  });
});

describe('score responses', () => {
  it('pickScoreValues keeps the six values only, in their order', () => {
    const picked = pickScoreValues({ ...all(60), rata_rata: 60, kd_desa: 'DESA-x' } as ScoreValues);
    expect(Object.keys(picked)).toEqual([...SCORE_FIELDS]);
    expect(picked).toEqual(all(60));
  });

  it('scoreResponse puts the score under data and repeats the computed values at the top', () => {
    const score = { kd_desa: 'DESA-abc', ...all(80), ...computeScore(all(80)) };
    const res = scoreResponse(score);
    expect(res).toEqual({
      data: { kd_desa: 'DESA-abc', ...all(80), total_skor: 480, rata_rata: 80, kategori_desa: 'Maju' },
      total_skor: 480,
      rata_rata: 80,
      kategori_desa: 'Maju',
    });
    expect(Object.keys(res.data)).toEqual(['kd_desa', ...SCORE_FIELDS, 'total_skor', 'rata_rata', 'kategori_desa']);
  });
});
