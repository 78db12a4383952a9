import { describe, expect, it } from 'vitest';
import { numberedSlug, slugify } from '../../lib/contract/slug';

describe('slugify', () => {
  it('lower-cases, strips diacritics and joins words with one hyphen', () => {
    expect(slugify('Désa Wisata  Pentingsari!')).toBe('desa-wisata-pentingsari');
    expect(slugify('Café 2024')).toBe('cafe-2024');
    expect(slugify('Ñusa Penída')).toBe('nusa-penida');
  });

  it('trims hyphens at both ends and collapses runs of other characters', () => {
    expect(slugify('  --Kampung--Kopi--  ')).toBe('kampung-kopi');
    expect(slugify('Desa_Wisata/Ubud.Bali')).toBe('desa-wisata-ubud-bali');
  });

  it('folds compatibility characters (ligatures, roman numerals) into letters', () => {
    expect(slugify('Desa ﬁlm Ⅻ')).toBe('desa-film-xii');
  });

  it('gives "desa-wisata" to a name without letters or digits', () => {
    expect(slugify('')).toBe('desa-wisata');
    expect(slugify('!!! ---')).toBe('desa-wisata');
    expect(slugify('日本の村')).toBe('desa-wisata');
  });

  it('keeps at most 80 characters and never ends on a hyphen after the cut', () => {
    expect(slugify('a'.repeat(100))).toBe('a'.repeat(80));
    // 79 letters, a space, then more: the cut falls right after the hyphen
    expect(slugify(`${'a'.repeat(79)} bcd`)).toBe('a'.repeat(79));
  });
});

describe('numberedSlug', () => {
  it('is the base for n ≤ 1 and base-n after', () => {
    expect(numberedSlug('pentingsari', 0)).toBe('pentingsari');
    expect(numberedSlug('pentingsari', 1)).toBe('pentingsari');
    expect(numberedSlug('pentingsari', 2)).toBe('pentingsari-2');
    expect(numberedSlug('pentingsari', 13)).toBe('pentingsari-13');
  });
});
