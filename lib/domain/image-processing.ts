import type { Sharp, SharpOptions } from 'sharp';
import { DomainError, invalid } from '../contract/errors';
import { MSG } from '../contract/messages';
import { count } from '../platform/metrics';
import { IMAGE_VARIANTS, sniffImageType, type ImageType, type VariantName } from '../storage/image-type';

/**
 * Every image this service stores is made here, from the bytes a client sent:
 * - refused before decoding when its header is not the format its first bytes claim, or
 *   it declares more than MAX_PIXELS (a decompression bomb is a few bytes declaring
 *   gigapixels); refused while decoding when it is truncated or corrupt;
 * - turned as its EXIF orientation says, converted to sRGB (CMYK JPEGs too), its long
 *   edge capped at MAX_EDGE, and re-encoded in the format it came in: every piece of
 *   metadata (EXIF with GPS and camera, XMP, IPTC, ICC, thumbnails) is left behind,
 *   and so is anything appended to or hidden in the file (a polyglot);
 * - an animated WebP or PNG keeps its first frame;
 * - with WebP variants beside it: a card and a thumbnail (IMAGE_VARIANTS).
 * The original is not kept (docs/decisions.md). sharp (libvips) is loaded on first use,
 * so only the functions that store images load it.
 */
export const MAX_PIXELS = 50_000_000;
export const MAX_EDGE = 2048;

/** The encoders: quality that looks the same on a screen; mozjpeg for smaller JPEGs. */
const QUALITY = { jpg: 82, webp: 80, variant: 76 } as const;

export interface PreparedImage {
  type: ImageType;
  data: Buffer;
  width: number;
  height: number;
  variants: Record<VariantName, Buffer>;
}

const FORMAT_OF: Record<ImageType['ext'], string> = { jpg: 'jpeg', png: 'png', webp: 'webp' };

let sharpModule: Promise<typeof import('sharp')> | undefined;
const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default ?? m) as Promise<typeof import('sharp')>);

function refused(message: string): never {
  count('ImagesRejected');
  throw invalid(message);
}

/** The bytes as a stored image and its variants, or a 400 naming what is wrong (nothing is stored by this). */
export async function prepareImage(input: Buffer): Promise<PreparedImage> {
  const type = sniffImageType(input);
  if (!type) refused(MSG.imageTypeInvalid);
  const sharp = await loadSharp();
  // the header alone: format and declared size, before a single pixel is decoded
  const options: SharpOptions = { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 };
  let width: number;
  let height: number;
  try {
    const meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
    if (meta.format !== FORMAT_OF[type.ext]) refused(MSG.imageTypeInvalid);
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch (err) {
    if (err instanceof DomainError) throw err;
    refused(MSG.imageTypeInvalid);
  }
  if (!(width > 0 && height > 0)) refused(MSG.imageTypeInvalid);
  if (width * height > MAX_PIXELS) refused(MSG.imageTooManyPixels);

  const base = sharp(input, options).rotate().toColourspace('srgb');
  const fit = (edge: number) => ({ width: edge, height: edge, fit: 'inside' as const, withoutEnlargement: true });
  const encode = (s: Sharp): Sharp =>
    type.ext === 'jpg'
      ? s.jpeg({ quality: QUALITY.jpg, mozjpeg: true })
      : type.ext === 'png'
        ? s.png({ compressionLevel: 9, adaptiveFiltering: true })
        : s.webp({ quality: QUALITY.webp });
  try {
    const [main, ...variants] = await Promise.all([
      encode(base.clone().resize(fit(MAX_EDGE))).toBuffer({ resolveWithObject: true }),
      ...IMAGE_VARIANTS.map((v) => base.clone().resize(fit(v.edge)).webp({ quality: QUALITY.variant }).toBuffer()),
    ]);
    return {
      type,
      data: main.data,
      width: main.info.width,
      height: main.info.height,
      variants: Object.fromEntries(IMAGE_VARIANTS.map((v, i) => [v.name, variants[i]!])) as Record<VariantName, Buffer>,
    };
  } catch {
    // truncated, corrupt pixel data, or a header that lied about the data after it
    refused(MSG.imageCorrupt);
  }
}
