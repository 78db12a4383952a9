/**
 * lib/domain/image-processing.ts with real sharp: what a phone photo becomes (no metadata,
 * turned upright, web-sized, same format, WebP variants), and what is refused before or
 * while decoding (bombs, truncated files, polyglots) — 400 with a message naming it.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { checkImages, MAX_EDGE, MAX_JPEG_SCANS, MAX_PIXELS, prepareImage, REQUEST_MAX_PIXELS } from '../../lib/domain/image-processing';
import { IMAGE_VARIANTS, jpegScanCount, sniffImageType } from '../../lib/storage/image-type';
import { gradientPng } from '../../scripts/png';
import {
  CAMERA,
  jpegBomb,
  jpegDeclaring,
  jpegWithScans,
  losslessWebp,
  meanColour,
  phonePhoto,
  pngBomb,
  pngDeclaring,
  webpDeclaring,
} from '../support/images';

async function refusedWith(input: Buffer): Promise<string> {
  try {
    await prepareImage(input);
  } catch (err) {
    const e = err as { kind?: string; message: string };
    expect(e.kind).toBe('invalid');
    return e.message;
  }
  throw new Error('not refused');
}

/** Every metadata block sharp can see, and the camera's strings anywhere in the bytes. */
async function metadataOf(image: Buffer) {
  const m = await sharp(image).metadata();
  return {
    exif: m.exif,
    xmp: m.xmp,
    iptc: m.iptc,
    icc: m.icc,
    orientation: m.orientation,
    camera: image.includes(Buffer.from(CAMERA.model)),
  };
}

describe('prepareImage', () => {
  it('a phone JPEG with GPS, camera and orientation 6: no metadata at all, upright, long edge capped, still JPEG', async () => {
    const photo = await phonePhoto({ width: 4000, height: 3000, orientation: 6 });
    const before = await metadataOf(photo);
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(before.camera).toBe(true);

    const out = await prepareImage(photo);
    expect(out.type).toEqual({ ext: 'jpg', contentType: 'image/jpeg' });
    expect(sniffImageType(out.data)?.ext).toBe('jpg');
    expect(await metadataOf(out.data)).toEqual({
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
      icc: undefined,
      orientation: undefined,
      camera: false,
    });
    // stored 4000×3000 turned 90° clockwise: 3000×4000 shown, capped to 1536×2048
    const meta = await sharp(out.data).metadata();
    expect([meta.width, meta.height]).toEqual([1536, 2048]);
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(MAX_EDGE);
    // the stored left half (red) is now the top, the right half (blue) the bottom
    const [top, bottom] = await Promise.all([
      meanColour(out.data, { left: 0, top: 0, width: 1536, height: 900 }),
      meanColour(out.data, { left: 0, top: 1148, width: 1536, height: 900 }),
    ]);
    expect(top[0]!).toBeGreaterThan(top[2]! + 80);
    expect(bottom[2]!).toBeGreaterThan(bottom[0]! + 80);
    expect(out.data.length).toBeLessThan(photo.length / 3);
  });

  it('makes each variant as WebP with its long edge, upright and without metadata', async () => {
    const out = await prepareImage(await phonePhoto({ width: 1600, height: 1200, orientation: 6 }));
    for (const v of IMAGE_VARIANTS) {
      const m = await sharp(out.variants[v.name]).metadata();
      expect(m.format).toBe('webp');
      expect([m.width, m.height]).toEqual([Math.round((v.edge * 3) / 4), v.edge]);
      expect(m.exif).toBeUndefined();
    }
  });

  it('keeps PNG as PNG (alpha too) and WebP as WebP; never enlarges a small image', async () => {
    const png = await prepareImage(gradientPng(40, 30, [20, 120, 200]));
    expect((await sharp(png.data).metadata()).format).toBe('png');
    expect([png.width, png.height]).toEqual([40, 30]);
    expect((await sharp(png.variants.card).metadata()).width).toBe(40);

    const alpha = await sharp({ create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const kept = await sharp((await prepareImage(alpha)).data).metadata();
    expect([kept.format, kept.hasAlpha]).toEqual(['png', true]);

    const webp = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#3a7' } })
      .webp()
      .toBuffer();
    const w = await prepareImage(webp);
    expect([w.type.ext, w.width, w.height]).toEqual(['webp', 2048, 683]);
  });

  it('converts a CMYK JPEG to sRGB', async () => {
    const cmyk = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c03020' } })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const m = await sharp((await prepareImage(cmyk)).data).metadata();
    expect([m.space, m.channels]).toEqual(['srgb', 3]);
  });

  it('keeps the first frame of an animated WebP', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 20, height: 20, channels: 3, background } })
        .png()
        .toBuffer();
    const frames = await Promise.all([frame('#f00'), frame('#00f'), frame('#0f0')]);
    const animated = await sharp(frames, { join: { animated: true } })
      .webp({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const out = await prepareImage(animated);
    const m = await sharp(out.data, { pages: -1 }).metadata();
    expect([m.pages ?? 1, m.width, m.height]).toEqual([1, 20, 20]);
    expect((await meanColour(out.data, { left: 0, top: 0, width: 20, height: 20 }))[0]).toBeGreaterThan(200); // the red one
  });

  it('refuses decompression bombs by their declared size, before decoding', async () => {
    // headers that parse in full: refused for their pixel count
    expect(await refusedWith(pngBomb(50_000, 50_000))).toBe(MSG.imageTooManyPixels);
    expect(await refusedWith(await jpegBomb(65_500, 65_500))).toBe(MSG.imageTooManyPixels);
    expect(await refusedWith(await jpegBomb(8_000, 6_300))).toBe(MSG.imageTooManyPixels);
    // the crafted headers alone (45 bytes declaring 50,000² and the like): refused as no sound image
    expect(pngDeclaring(50_000, 50_000).length).toBe(45);
    for (const bomb of [
      pngDeclaring(50_000, 50_000),
      pngDeclaring(0xffffffff, 0xffffffff),
      jpegDeclaring(65_535, 65_535),
      await jpegBomb(65_535, 65_535), // (over libjpeg's 65,500)
      webpDeclaring(16_777_216, 16_777_216),
      webpDeclaring(16_000, 16_000),
    ])
      expect([MSG.imageTooManyPixels, MSG.imageTypeInvalid]).toContain(await refusedWith(bomb));
  });

  it('refuses truncated and corrupt images, polyglots and what is not an image', async () => {
    const photo = await phonePhoto({ width: 400, height: 300 });
    expect(await refusedWith(photo.subarray(0, Math.floor(photo.length * 0.6)))).toBe(MSG.imageCorrupt);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect([MSG.imageCorrupt, MSG.imageTypeInvalid]).toContain(await refusedWith(jpegDeclaring(2, 3, html)));
    expect([MSG.imageCorrupt, MSG.imageTypeInvalid]).toContain(
      await refusedWith(Buffer.concat([pngDeclaring(2, 3).subarray(0, 33), html])),
    );
    const zeros = Buffer.alloc(4.3 * 1024 * 1024);
    zeros.set([0xff, 0xd8, 0xff, 0xe0]);
    expect([MSG.imageCorrupt, MSG.imageTypeInvalid]).toContain(await refusedWith(zeros));
    for (const other of [
      Buffer.from('GIF89a\x02\x00\x03\x00\x00\x00\x00'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.alloc(0),
    ])
      expect(await refusedWith(other)).toBe(MSG.imageTypeInvalid);
  });

  it('a valid image with HTML appended is stored without it (re-encoded)', async () => {
    const png = Buffer.concat([gradientPng(8, 8, [0, 0, 0]), Buffer.from('<html><script>alert(1)</script></html>')]);
    const out = await prepareImage(png);
    expect(out.data.includes(Buffer.from('<script>'))).toBe(false);
  });
});

describe('bounds on decode work', () => {
  it('counts a JPEG’s scans from its markers: 1 baseline, a few progressive, the EXIF segment skipped', async () => {
    const grey = sharp({ create: { width: 64, height: 48, channels: 3, background: '#678' } });
    expect(jpegScanCount(await grey.clone().jpeg().toBuffer())).toBe(1);
    const progressive = jpegScanCount(await grey.clone().jpeg({ progressive: true }).toBuffer());
    expect(progressive).toBeGreaterThan(1);
    expect(progressive).toBeLessThan(20);
    expect(jpegScanCount(await phonePhoto({ width: 64, height: 48 }))).toBe(1);
    expect(jpegScanCount(await jpegWithScans(3000))).toBe(3000);
    expect(jpegScanCount(await jpegWithScans(3000), MAX_JPEG_SCANS)).toBe(MAX_JPEG_SCANS + 1); // stops counting there
  });

  it('a progressive JPEG of thousands of scans is refused from its markers, before decoding', async () => {
    const started = Date.now();
    expect(await refusedWith(await jpegWithScans(3000))).toBe(MSG.imageTooManyScans);
    expect(await refusedWith(await jpegWithScans(MAX_JPEG_SCANS + 1))).toBe(MSG.imageTooManyScans);
    expect(Date.now() - started).toBeLessThan(1000);
    // at the limit the file is decoded, and its repeated scan is found corrupt only then
    expect(await refusedWith(await jpegWithScans(MAX_JPEG_SCANS))).toBe(MSG.imageCorrupt);
    expect(MSG.imageTooManyScans).toContain(`paling banyak ${MAX_JPEG_SCANS}`);
  });

  it('a request’s images may declare 100 megapixels together: 100 lossless WebPs of 38 bytes declaring 7000² are refused at once (413)', async () => {
    const bomb = await losslessWebp(7000, 7000);
    expect(bomb.length).toBe(38);
    expect(7000 * 7000).toBeLessThan(MAX_PIXELS); // each alone is allowed
    const started = Date.now();
    const err = await checkImages(Array<Buffer>(100).fill(bomb)).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(err).toMatchObject({ kind: 'tooLarge', message: MSG.imageRequestBudget });
    expect(MSG.imageRequestBudget).toContain(`${REQUEST_MAX_PIXELS / 1_000_000} megapiksel`);
    // two of them (98 MP) are within the budget; a third is not
    await expect(checkImages([bomb, bomb])).resolves.toBeUndefined();
    await expect(checkImages([bomb, bomb, await losslessWebp(2000, 2000)])).rejects.toMatchObject({ kind: 'tooLarge' });
    // a header that is not sound is refused as prepareImage refuses it, before any is decoded
    await expect(checkImages([bomb, pngDeclaring(50_000, 50_000)])).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('images are made one at a time: in the order asked, with at most three of sharp’s tasks running at once', async () => {
    const big = await phonePhoto({ width: 1600, height: 1200 });
    const small = gradientPng(20, 20, [200, 0, 0]);
    let most = 0;
    const sampling = setInterval(() => (most = Math.max(most, sharp.counters().process)), 1);
    const done: number[] = [];
    await Promise.all([big, small, small, big].map((b, i) => prepareImage(b).then(() => done.push(i))));
    clearInterval(sampling);
    expect(done).toEqual([0, 1, 2, 3]); // made at once, the small ones would be done first
    expect(most).toBeLessThanOrEqual(3); // one image: its decode, then its three encodes
  });
});
