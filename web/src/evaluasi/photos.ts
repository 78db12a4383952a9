/**
 * Evidence files as they are sent: a photo is shrunk in the browser to at most 2,048 px on its
 * longest side (a JPEG), so a phone's 4–8 MB photo becomes a few hundred KB and fits one
 * request on AWS; a PDF goes as it is, refused before upload when it is larger than one
 * request can carry.
 */

/** The longest side of a photo as uploaded. */
export const PHOTO_MAX_SIDE = 2048;
/** The largest file one upload carries (API Gateway and Lambda: ~4.4 MB of file per request; the API's limit). */
export const FILE_MAX_BYTES = 4 * 1024 * 1024;
const JPEG_QUALITY = 0.85;

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const ACCEPT = [...PHOTO_TYPES, 'application/pdf'].join(',');

export type Prepared = { ok: true; file: File } | { ok: false; why: 'type' | 'unreadable' | 'size' };

const isPdf = (f: File) => f.type === 'application/pdf' || /\.pdf$/i.test(f.name);
const isPhoto = (f: File) => PHOTO_TYPES.includes(f.type) || /\.(jpe?g|png|webp)$/i.test(f.name);

/** The file as it will be uploaded, or why it cannot be. */
export async function prepare(file: File): Promise<Prepared> {
  if (isPdf(file)) return file.size <= FILE_MAX_BYTES ? { ok: true, file } : { ok: false, why: 'size' };
  if (!isPhoto(file)) return { ok: false, why: 'type' };
  let shrunk: Blob | undefined;
  try {
    shrunk = await shrink(file);
  } catch {
    // a photo this browser cannot decode: sent as it is if it fits (the API reads its type from the bytes)
    return file.size <= FILE_MAX_BYTES ? { ok: true, file } : { ok: false, why: 'unreadable' };
  }
  if (!shrunk) return file.size <= FILE_MAX_BYTES ? { ok: true, file } : { ok: false, why: 'size' };
  if (shrunk.size > FILE_MAX_BYTES) return { ok: false, why: 'size' };
  const name = file.name.replace(/\.[^.]*$/, '') + '.jpg';
  return { ok: true, file: new File([shrunk], name, { type: 'image/jpeg' }) };
}

/** A JPEG of the photo at most PHOTO_MAX_SIDE px on its longest side; undefined when it is small already. */
async function shrink(file: File): Promise<Blob | undefined> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = bitmap;
    const longest = Math.max(width, height);
    if (longest <= PHOTO_MAX_SIDE && file.size <= FILE_MAX_BYTES) return undefined;
    const scale = Math.min(1, PHOTO_MAX_SIDE / longest);
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    ctx.fillStyle = '#fff'; // a PNG's transparency on white, not black
    ctx.fillRect(0, 0, w, h);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, w, h);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/jpeg', JPEG_QUALITY),
    );
  } finally {
    bitmap.close();
  }
}
