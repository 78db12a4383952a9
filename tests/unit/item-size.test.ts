import { describe, expect, it } from 'vitest';
import { assertItemFits, itemSize, ItemTooLargeError, MAX_ITEM_BYTES } from '../../lib/db/item-size';

describe('itemSize (as DynamoDB counts an item)', () => {
  it('counts attribute names and string values by their UTF-8 bytes', () => {
    expect(itemSize({})).toBe(0);
    expect(itemSize({ a: 'b' })).toBe(2);
    expect(itemSize({ nama: 'é' })).toBe(4 + 2);
    expect(itemSize({ é: 'x' })).toBe(2 + 1);
    expect(itemSize({ e: '😀' })).toBe(1 + 4);
    expect(itemSize({ kota: 'Yogyakarta' })).toBe(4 + 10);
  });

  it('counts numbers as one byte per two significant digits plus one', () => {
    expect(itemSize({ n: 0 })).toBe(1 + 1);
    expect(itemSize({ n: 7 })).toBe(1 + 2);
    expect(itemSize({ n: 12345 })).toBe(1 + 4);
    expect(itemSize({ n: -1.5 })).toBe(1 + 2);
    expect(itemSize({ n: 0.001 })).toBe(1 + 2);
  });

  it('counts booleans and null as one byte and skips undefined attributes', () => {
    expect(itemSize({ b: true, f: false, z: null })).toBe(3 * 2);
    expect(itemSize({ u: undefined, a: 'b' })).toBe(2);
  });

  it('counts lists and maps as 3 bytes, plus 1 per element, plus their contents', () => {
    expect(itemSize({ l: [] })).toBe(1 + 3);
    expect(itemSize({ l: [7, 'ab'] })).toBe(1 + 3 + (1 + 2) + (1 + 2));
    expect(itemSize({ m: { k: 'v' } })).toBe(1 + 3 + (1 + 1 + 1));
    expect(itemSize({ m: { k: undefined } })).toBe(1 + 3);
    expect(itemSize({ m: { l: [{ x: 'y' }] } })).toBe(1 + 3 + (1 + 1 + (3 + 1 + (3 + 1 + 1 + 1))));
  });

  it('counts binaries by their bytes and sets by their elements', () => {
    expect(itemSize({ b: Buffer.alloc(10) })).toBe(1 + 10);
    expect(itemSize({ b: new Uint8Array(3) })).toBe(1 + 3);
    expect(itemSize({ s: new Set(['ab', 'c']) })).toBe(1 + 2 + 1);
  });
});

describe('assertItemFits (400 KB)', () => {
  it('is 400 × 1024 bytes', () => {
    expect(MAX_ITEM_BYTES).toBe(409_600);
  });

  it('admits an item of exactly the limit and returns it unchanged', () => {
    const item = { k: 'x'.repeat(MAX_ITEM_BYTES - 1) };
    expect(itemSize(item)).toBe(MAX_ITEM_BYTES);
    expect(assertItemFits(item)).toBe(item);
  });

  it('refuses one byte more with ItemTooLargeError naming the size', () => {
    const item = { k: 'x'.repeat(MAX_ITEM_BYTES) };
    expect(() => assertItemFits(item)).toThrow(ItemTooLargeError);
    try {
      assertItemFits(item);
    } catch (err) {
      expect((err as ItemTooLargeError).bytes).toBe(409_601);
      expect((err as Error).message).toBe('item of 409601 bytes exceeds 409600');
    }
  });

  it('measures non-Latin text by bytes, not characters', () => {
    // 204,800 characters, 409,600 bytes of value, plus the one-byte name
    const item = { k: 'é'.repeat(MAX_ITEM_BYTES / 2) };
    expect(item.k.length).toBe(204_800);
    expect(() => assertItemFits(item)).toThrow(ItemTooLargeError);
    expect(() => assertItemFits({ k: 'é'.repeat(MAX_ITEM_BYTES / 2 - 1) })).not.toThrow();
  });

  it('counts nested items (a description with many tourism items)', () => {
    const item = { atraksi: Array.from({ length: 100 }, (_, i) => ({ id: i + 1, nama_atraksi: 'a'.repeat(4050), gambar: [] })) };
    // "atraksi" 7 + list 3 + 100 × (1 + map 3 + id 1+2+2 + nama_atraksi 1+12+4050 + gambar 1+6+3), id 100 one byte more
    expect(itemSize(item)).toBe(408_211);
    expect(assertItemFits(item)).toBe(item);
    item.atraksi.push({ id: 101, nama_atraksi: 'a'.repeat(4050), gambar: [] });
    expect(() => assertItemFits(item)).toThrow(ItemTooLargeError);
  });
});
