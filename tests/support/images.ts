/**
 * Images as phones and crafted files make them, for the image tests (and the bench):
 * real encodes by sharp, with EXIF a phone writes (GPS position, camera, orientation),
 * and hand-made headers that declare more than they hold.
 */
import { randomFillSync } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

export { CAMERA, GPS, phonePhoto } from '../../scripts/photo';
import { chunk } from '../../scripts/png';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The mean colour (R, G, B) of a region of an image as stored (no orientation applied). */
export async function meanColour(image: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const { channels } = await sharp(await sharp(image).extract(region).png().toBuffer()).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

/** A width × height PNG of random RGB pixels, stored (not compressed): unique, and about 3 bytes per pixel. */
export function noisePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  // every row: filter type 0, then its random pixels (filled at once: one call per image, not per row)
  const stride = 1 + width * 3;
  const rows = randomFillSync(Buffer.allocUnsafe(height * stride));
  for (let y = 0; y < height; y++) rows[y * stride] = 0;
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG signature and IHDR declaring width × height (no pixel data): a decompression bomb's header. */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width >>> 0, 0);
  ihdr.writeUInt32BE(height >>> 0, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IEND', Buffer.alloc(0))]);
}

/** A PNG declaring width × height whose header parses in full (a few bytes of pixel data follow). */
export function pngBomb(width: number, height: number): Buffer {
  const header = pngDeclaring(width, height).subarray(0, 33);
  return Buffer.concat([header, chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
}

/** A real (small) JPEG whose frame header is rewritten to declare width × height. */
export async function jpegBomb(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** A baseline JPEG header declaring width × height, followed by `tail` (no scan data). */
export function jpegDeclaring(width: number, height: number, tail: Buffer = Buffer.alloc(0)): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
    tail,
  ]);
}

/** A WebP (VP8X) header declaring width × height (up to 16,777,216 each), no image data. */
export function webpDeclaring(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const body = Buffer.concat([Buffer.from('WEBPVP8X'), Buffer.from([10, 0, 0, 0]), vp8x]);
  const riff = Buffer.alloc(4);
  riff.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF'), riff, body]);
}

/**
 * A lossless WebP of one colour declaring width × height (up to 16,384 each): 38 bytes
 * whatever the size, yet decoding it fills every pixel (about 0.5 s and 80 MB at 7,000²).
 */
export async function losslessWebp(width: number, height: number): Promise<Buffer> {
  const webp = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a7' } })
    .webp({ lossless: true })
    .toBuffer();
  // the VP8L header after its signature byte: width − 1 and height − 1 in 14 bits each, then alpha and version
  const at = webp.indexOf('VP8L') + 9;
  const bits = webp.readUInt32LE(at);
  webp.writeUInt32LE(((bits & ~0x0fffffff) | (width - 1) | ((height - 1) << 14)) >>> 0, at);
  return webp;
}

/**
 * A small progressive JPEG whose last scan is repeated until it has `scans` scans: its
 * markers say how many scans it has; decoding it fails (a refinement scan repeated).
 */
export async function jpegWithScans(scans: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
    .jpeg({ progressive: true })
    .toBuffer();
  const sos = Buffer.from([0xff, 0xda]);
  let own = 0;
  for (let i = jpeg.indexOf(sos); i >= 0; i = jpeg.indexOf(sos, i + 2)) own++;
  const eoi = jpeg.length - 2;
  const last = jpeg.subarray(jpeg.lastIndexOf(sos), eoi);
  return Buffer.concat([jpeg.subarray(0, eoi), ...Array<Buffer>(Math.max(0, scans - own)).fill(last), jpeg.subarray(eoi)]);
}

/**
 * True when `stored` (as the service serves it) is `original` made web-sized: the same
 * format and size (upright, capped at 2,048 px) and, for PNG (lossless), the same pixels;
 * with no metadata.
 */
export async function storedFrom(stored: Buffer | null, original: Buffer): Promise<boolean> {
  if (!stored) return false;
  const [a, b] = await Promise.all([sharp(stored).metadata(), sharp(original).rotate().toBuffer({ resolveWithObject: true })]);
  const scale = Math.min(1, 2048 / Math.max(b.info.width, b.info.height));
  const sameSize = a.width === Math.round(b.info.width * scale) && a.height === Math.round(b.info.height * scale);
  const origFormat = (await sharp(original).metadata()).format;
  if (a.format !== origFormat || !sameSize || a.exif || a.xmp || a.icc) return false;
  if (a.format !== 'png') return true;
  const [pa, pb] = await Promise.all([sharp(stored).raw().toBuffer(), sharp(original).raw().toBuffer()]);
  return pa.equals(pb);
}
