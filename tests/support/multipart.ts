import sharp from 'sharp';
import { chunk } from '../../scripts/png';
import { noisePng } from './images';
import { randomBytes } from 'node:crypto';
export { multipart, type FilePart } from './form-body';

/**
 * Small real images of each format (they decode: the service re-encodes every image it
 * stores, lib/domain/image-processing.ts); the helpers below make every call unique.
 */
const [BASE_JPEG, ...WEBP_POOL] = await Promise.all([
  sharp({ create: { width: 2, height: 3, channels: 3, background: '#4a8' } })
    .jpeg()
    .toBuffer(),
  ...Array.from({ length: 16 }, () =>
    sharp(randomBytes(2 * 3 * 3), { raw: { width: 2, height: 3, channels: 3 } })
      .webp({ lossless: true })
      .toBuffer(),
  ),
]);
let webpTurn = 0;

export const IMAGE_HEADERS = { png: noisePng(2, 3), jpeg: BASE_JPEG!, webp: WEBP_POOL[0]! };

/** A PNG of random pixels of exactly `size` bytes (from 160; an ancillary chunk fills the rest), unique each call. */
export function png(size = 256): Buffer {
  const rows = Math.max(1, Math.floor((size - 160) / (16 * 3 + 1)));
  let image = noisePng(16, rows);
  // (stored deflate blocks add a few bytes each: take off the rows they overshoot by)
  if (image.length + 12 > size && rows > 1) image = noisePng(16, Math.max(1, rows - Math.ceil((image.length + 12 - size) / 49)));
  const fill = size - image.length - 12;
  if (fill < 0) return image;
  return Buffer.concat([image.subarray(0, image.length - 12), chunk('fiLl', randomBytes(fill)), image.subarray(image.length - 12)]);
}

/** A JPEG padded to about `size` bytes with a comment segment of random bytes, unique each call. */
export function jpeg(size = 256): Buffer {
  const parts = [BASE_JPEG!.subarray(0, 2)];
  for (let left = Math.max(16, size - BASE_JPEG!.length); left > 0; left -= 65_000) {
    const n = Math.min(65_000, left);
    const head = Buffer.from([0xff, 0xfe, 0, 0]);
    head.writeUInt16BE(n + 2, 2);
    parts.push(head, randomBytes(n));
  }
  return Buffer.concat([...parts, BASE_JPEG!.subarray(2)]);
}
/** A 2×3 WebP of random pixels (one of 16, in turn; `size` is not followed). */
export const webp = (_size = 256) => WEBP_POOL[webpTurn++ % WEBP_POOL.length]!;
