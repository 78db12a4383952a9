import { describe, expect, it } from 'vitest';
import { detectImageType } from '../../lib/storage/image-type';

/** The smallest headers that parse as a 2×3 image of each format. */
const pngHeader = (width = 2, height = 3) => {
  const ihdr = Buffer.alloc(17);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), ihdr]);
};
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
  // SOF0: 8 bits, height 3, width 2, 3 components
  Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 3, 0, 2, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
]);
const webp = () => {
  const b = Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.alloc(4),
    Buffer.from('WEBPVP8X'),
    Buffer.from([10, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0]),
  ]);
  b.writeUInt32LE(b.length - 8, 4);
  return b;
};

describe('detectImageType', () => {
  it('recognises PNG, JPEG and WebP by their bytes', () => {
    expect(detectImageType(pngHeader())).toEqual({ ext: 'png', contentType: 'image/png' });
    expect(detectImageType(JPEG)).toEqual({ ext: 'jpg', contentType: 'image/jpeg' });
    expect(detectImageType(webp())).toEqual({ ext: 'webp', contentType: 'image/webp' });
  });

  it('reads a buffer that is a view into a larger one (non-zero byteOffset)', () => {
    const big = Buffer.concat([Buffer.from('garbage before'), pngHeader(), Buffer.from('after')]);
    const view = big.subarray(14, 14 + pngHeader().length);
    expect(view.byteOffset).toBeGreaterThan(0);
    expect(detectImageType(view)?.ext).toBe('png');
  });

  it('refuses a file that only starts like an image', () => {
    expect(
      detectImageType(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>x</script></html>')])),
    ).toBeNull();
    expect(detectImageType(Buffer.concat([pngHeader().subarray(0, 8), Buffer.from('<html></html>')]))).toBeNull();
    expect(
      detectImageType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), Buffer.from('not a chunk')])),
    ).toBeNull();
  });

  it('refuses an image with no pixels', () => {
    expect(detectImageType(pngHeader(0, 3))).toBeNull();
    expect(detectImageType(pngHeader(2, 0))).toBeNull();
  });

  it('refuses other formats and too-short data', () => {
    expect(detectImageType(Buffer.from('GIF89a\x02\x00\x03\x00\x00\x00\x00'))).toBeNull();
    expect(detectImageType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
    expect(detectImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});
