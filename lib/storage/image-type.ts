/**
 * Image formats the service accepts, recognised by their bytes — never by the client's
 * Content-Type or file name. The first bytes pick the format; lib/domain/image-processing.ts
 * then requires the header to parse as that format and decodes and re-encodes the image,
 * so a file that only starts like an image (e.g. `FF D8 FF E0` followed by HTML) is refused.
 */
export interface ImageType {
  ext: 'jpg' | 'png' | 'webp';
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format the first bytes claim, or null. */
export function sniffImageType(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return { ext: 'png', contentType: 'image/png' };
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return { ext: 'webp', contentType: 'image/webp' };
  }
  return null;
}

/**
 * The scans (SOS segments) of a JPEG's first image, counted from its markers without
 * decoding; counting stops past `atMost`. A progressive JPEG's scans are each a pass over
 * the whole image, so their number bounds the work of decoding it. Segments are skipped
 * by their length (an EXIF thumbnail's scan is not counted), entropy-coded data up to the
 * next marker; a stream out of step is counted as far as it goes (the decoder refuses it).
 */
export function jpegScanCount(data: Buffer, atMost = Infinity): number {
  let scans = 0;
  let i = 2; // after SOI
  while (i + 3 < data.length && scans <= atMost && data[i] === 0xff) {
    const marker = data[i + 1]!;
    if (marker === 0xd9) break; // EOI
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += marker === 0xff ? 1 : 2; // a fill byte, or a marker without a length
      continue;
    }
    i += 2 + data.readUInt16BE(i + 2);
    if (marker !== 0xda) continue;
    scans++;
    // the scan's data runs to the first 0xFF that is not a stuffed 0xFF00, a restart marker or a fill byte
    for (;;) {
      i = data.indexOf(0xff, i);
      if (i < 0 || i + 1 >= data.length) return scans;
      const next = data[i + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i += 2;
      else if (next === 0xff) i += 1;
      else break;
    }
  }
  return scans;
}

/**
 * The renditions stored beside every image, as WebP, at `<image key without extension>.<name>.webp`
 * (lib/storage/images.ts): a card for lists and pages that show a card, a thumbnail for
 * small previews. `edge`: the longest side in pixels (never enlarged).
 */
export const IMAGE_VARIANTS = [
  { name: 'card', edge: 800 },
  { name: 'thumb', edge: 320 },
] as const;
export type VariantName = (typeof IMAGE_VARIANTS)[number]['name'];
