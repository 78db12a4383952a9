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
 * The renditions stored beside every image, as WebP, at `<image key without extension>.<name>.webp`
 * (lib/storage/images.ts): a card for lists and pages that show a card, a thumbnail for
 * small previews. `edge`: the longest side in pixels (never enlarged).
 */
export const IMAGE_VARIANTS = [
  { name: 'card', edge: 800 },
  { name: 'thumb', edge: 320 },
] as const;
export type VariantName = (typeof IMAGE_VARIANTS)[number]['name'];
