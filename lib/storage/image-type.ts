import { JPG } from 'image-size/types/jpg';
import { PNG } from 'image-size/types/png';
import { WEBP } from 'image-size/types/webp';

/**
 * Image formats the service accepts, recognised by their bytes — never by the client's
 * Content-Type or file name. The magic number picks the format; the image's header must
 * then parse as that format with real dimensions (image-size), so a file that only starts
 * like a JPEG (e.g. `FF D8 FF E0` followed by HTML) is refused.
 */
export interface ImageType {
  ext: 'jpg' | 'png' | 'webp';
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function claimedType(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return { ext: 'png', contentType: 'image/png' };
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return { ext: 'webp', contentType: 'image/webp' };
  }
  return null;
}

/** image-size's parser of each accepted format only (its full entry loads every format: slower cold starts). */
const PARSERS = { jpg: JPG, png: PNG, webp: WEBP } as const;

export function detectImageType(data: Buffer): ImageType | null {
  const claimed = claimedType(data);
  if (!claimed) return null;
  try {
    const parser = PARSERS[claimed.ext];
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (!parser.validate(bytes)) return null;
    const size = parser.calculate(bytes);
    return (size.width ?? 0) > 0 && (size.height ?? 0) > 0 ? claimed : null;
  } catch {
    return null; // the header does not parse as what the magic number claims
  }
}
