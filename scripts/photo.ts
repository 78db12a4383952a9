/**
 * A phone photo made in code (tests and the bench): a photo-like JPEG with the EXIF a
 * phone writes — GPS position, camera make and model, orientation.
 */
import sharp from 'sharp';

/** Where the photo was taken: 7°37′ S, 110°26′ E (a village on Merapi's slope). */
export const GPS = { lat: '7/1 37/1 0/1', lon: '110/1 26/1 0/1' };
export const CAMERA = { make: 'Fotoponsel', model: 'Fotoponsel X12 Pro' };

/**
 * A photo-like JPEG (smooth colour fields with fine grain, so it compresses like a photo,
 * not like a flat test card) of `width`×`height` stored pixels: the left half reddish, the
 * right half bluish. With `orientation` 6 the camera means it turned 90° clockwise (its
 * displayed left half is then the stored top). EXIF: GPS, make and model, orientation.
 */
export async function phonePhoto(
  opts: { width?: number; height?: number; orientation?: number; quality?: number; seed?: number } = {},
): Promise<Buffer> {
  const width = opts.width ?? 1200;
  const height = opts.height ?? 900;
  const raw = Buffer.alloc(width * height * 3);
  let seed = opts.seed ?? 12345;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 23) - 11;
  // the shading is a product of a column's and a row's factor: each computed once
  const columns = Float64Array.from({ length: width }, (_, x) => 40 * Math.sin(x / 37));
  const rows = Float64Array.from({ length: height }, (_, y) => Math.cos(y / 53));
  for (let y = 0, i = 0; y < height; y++) {
    const row = rows[y]!;
    for (let x = 0; x < width; x++, i += 3) {
      const left = x < width / 2;
      const shade = Math.round(columns[x]! * row);
      raw[i] = clamp((left ? 200 : 40) + shade + noise());
      raw[i + 1] = clamp(90 + shade / 2 + noise());
      raw[i + 2] = clamp((left ? 40 : 200) - shade + noise());
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: CAMERA.make, Model: CAMERA.model, Copyright: 'Pengelola Desa' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: GPS.lat, GPSLongitudeRef: 'E', GPSLongitude: GPS.lon },
    })
    .withMetadata({ orientation: opts.orientation ?? 1 })
    .jpeg({ quality: opts.quality ?? 92 })
    .toBuffer();
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
