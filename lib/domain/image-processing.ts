import type { Sharp, SharpOptions } from 'sharp';
import { DomainError, invalid, tooLarge } from '../contract/errors';
import { MSG } from '../contract/messages';
import { count } from '../platform/metrics';
import { IMAGE_VARIANTS, jpegScanCount, sniffImageType, type ImageType, type VariantName } from '../storage/image-type';

/**
 * Every image this service stores is made here, from the bytes a client sent:
 * - refused before decoding when its header is not the format its first bytes claim, it
 *   declares more than MAX_PIXELS (a decompression bomb is a few bytes declaring
 *   gigapixels), or it is a JPEG of more than MAX_JPEG_SCANS scans; the images of one
 *   request together may declare at most REQUEST_MAX_PIXELS (checkImages, before any of
 *   them is decoded); refused while decoding when it is truncated or corrupt;
 * - decoded once, one image at a time in the process (PREPARED_AT_ONCE);
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
/** Pixels the images of one request may declare together (MSG.imageRequestBudget names it). */
export const REQUEST_MAX_PIXELS = 100_000_000;
/**
 * Scans a JPEG may have (MSG.imageTooManyScans names it): encoders write 1 (baseline) to
 * about 20 (libjpeg's progression: 10), a valid file up to about 2,700.
 */
export const MAX_JPEG_SCANS = 100;
/**
 * Images decoded and encoded at once in one process. sharp runs on libuv's threadpool (4
 * threads, shared with DNS lookups, crypto and gzip); one image takes at most three of
 * them (its three encodes), so the rest of the process keeps one.
 */
const PREPARED_AT_ONCE = 1;

/** The encoders: quality that looks the same on a screen; mozjpeg for smaller JPEGs. */
const QUALITY = { jpg: 82, webp: 80, variant: 76 } as const;

export interface PreparedImage {
  type: ImageType;
  data: Buffer;
  width: number;
  height: number;
  variants: Record<VariantName, Buffer>;
}

/** What an image's header declares: its format and its size as shown (orientation applied). */
export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

const FORMAT_OF: Record<ImageType['ext'], string> = { jpg: 'jpeg', png: 'png', webp: 'webp' };
const OPTIONS: SharpOptions = { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 };

let sharpModule: Promise<typeof import('sharp')> | undefined;
const loadSharp = () =>
  (sharpModule ??= import('sharp')
    .then((m) => m.default ?? m)
    .then((sharp: typeof import('sharp')) => {
      // libvips threads per image: sharp already picks 1 on glibc Linux (Lambda); the same everywhere
      sharp.concurrency(1);
      // libvips' cache of recent operations (up to 50 MB) never hits: each call makes new images
      sharp.cache(false);
      return sharp;
    }) as Promise<typeof import('sharp')>);

function refused(message: string, kind: typeof invalid = invalid): never {
  count('ImagesRejected');
  throw kind(message);
}

/** The header alone (not a pixel decoded): refused as prepareImage would refuse it before decoding. */
export async function readImageHeader(input: Buffer): Promise<ImageHeader> {
  const type = sniffImageType(input);
  if (!type) refused(MSG.imageTypeInvalid);
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  try {
    const meta = await sharp(input, { ...OPTIONS, limitInputPixels: false }).metadata();
    if (meta.format !== FORMAT_OF[type.ext]) refused(MSG.imageTypeInvalid);
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch (err) {
    if (err instanceof DomainError) throw err;
    refused(MSG.imageTypeInvalid);
  }
  if (!(width > 0 && height > 0)) refused(MSG.imageTypeInvalid);
  if (width * height > MAX_PIXELS) refused(MSG.imageTooManyPixels);
  if (type.ext === 'jpg' && jpegScanCount(input, MAX_JPEG_SCANS) > MAX_JPEG_SCANS) refused(MSG.imageTooManyScans);
  return { type, width, height };
}

/**
 * The images of one request, before any of them is decoded: each header sound
 * (readImageHeader), and their declared pixels together at most REQUEST_MAX_PIXELS (413).
 * Stops at the first refusal.
 */
export async function checkImages(inputs: readonly Buffer[]): Promise<void> {
  let pixels = 0;
  for (const input of inputs) {
    const { width, height } = await readImageHeader(input);
    pixels += width * height;
    if (pixels > REQUEST_MAX_PIXELS) refused(MSG.imageRequestBudget, tooLarge);
  }
}

let preparing = 0;
const waiting: (() => void)[] = [];
/** Runs `work` when fewer than PREPARED_AT_ONCE images are being made; a finished one hands its turn to the next in line. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (preparing < PREPARED_AT_ONCE) preparing++;
  else await new Promise<void>((go) => waiting.push(go));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else preparing--;
  }
}

/** The bytes as a stored image and its variants, or a 400 naming what is wrong (nothing is stored by this). In turn (PREPARED_AT_ONCE). */
export function prepareImage(input: Buffer): Promise<PreparedImage> {
  return inTurn(async () => {
    const { type } = await readImageHeader(input);
    const sharp = await loadSharp();
    const fit = (edge: number) => ({ width: edge, height: edge, fit: 'inside' as const, withoutEnlargement: true });
    const encode = (s: Sharp): Sharp =>
      type.ext === 'jpg'
        ? s.jpeg({ quality: QUALITY.jpg, mozjpeg: true })
        : type.ext === 'png'
          ? s.png({ compressionLevel: 9, adaptiveFiltering: true })
          : s.webp({ quality: QUALITY.webp });
    try {
      // decoded once: upright, sRGB, web-sized pixels, from which the image and its variants are encoded
      const web = await sharp(input, OPTIONS)
        .rotate()
        .toColourspace('srgb')
        .resize(fit(MAX_EDGE))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width, height, channels } = web.info;
      const pixels = () => sharp(web.data, { raw: { width, height, channels } });
      const [data, ...variants] = await Promise.all([
        encode(pixels()).toBuffer(),
        ...IMAGE_VARIANTS.map((v) => pixels().resize(fit(v.edge)).webp({ quality: QUALITY.variant }).toBuffer()),
      ]);
      return {
        type,
        data: data!,
        width,
        height,
        variants: Object.fromEntries(IMAGE_VARIANTS.map((v, i) => [v.name, variants[i]!])) as Record<VariantName, Buffer>,
      };
    } catch {
      // truncated, corrupt pixel data, or a header that lied about the data after it
      refused(MSG.imageCorrupt);
    }
  });
}
