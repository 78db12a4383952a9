/**
 * Web-sized images: what storing a phone photo costs, and what a visitor's phone loads.
 * - upload: a 12 MP phone photo (4000×3000 JPEG, ~2.5 MB, GPS and camera in its EXIF)
 *   stored through the upload function's bundle in a fresh process (bench/src/upload-entry.ts):
 *   median time against a bare S3 PutObject of the same bytes in the same process, the
 *   first image (which loads sharp) apart, peak memory of the process;
 * - sharp's load time in a fresh process (what the first image after a cold start adds);
 * - pages: 12 villages whose gallery cover and attraction are phone photos, created
 *   through the handlers; the bytes of the images the web app's home, attractions and
 *   Lokasi pages load — the URLs the details and attractions lists point at — against the
 *   originals those pages loaded before.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTE_KEYS, ROUTES, type RouteSpec } from '../../lib/routes';
import { phonePhoto } from '../../scripts/photo';
import { multipart } from '../../tests/support/form-body';
import type { BuildResult } from './build';
import { apiEvent } from './events';
import { invoke, loadHandler } from './handlers';
import { median, round } from './stats';
import type { WarmFixtures } from './warm';

export interface ImagesContext {
  root: string;
  build: BuildResult;
  env: Record<string, string>;
  fixtures: WarmFixtures;
  runs: number;
  log: (m: string) => void;
}

export interface PageBytes {
  page: string;
  /** The images the page shows. */
  images: number;
  originalBytes: number;
  servedBytes: number;
  ratio: number;
}

export interface ImagesResult {
  upload: {
    photoBytes: number;
    runs: number;
    handlerMs: number;
    firstMs: number;
    s3PutMs: number;
    ratio: number;
    storedBytes: number;
    cardBytes: number;
    thumbBytes: number;
    rssAfterLoadMiB: number;
    maxRssMiB: number;
  };
  sharpLoadMs: number;
  pages: PageBytes[];
  seconds: number;
}

const VILLAGES = 12;

/** The functions that store images (lib/routes.ts `storesImages`). */
export const IMAGE_FUNCTIONS = ROUTE_KEYS.map((k) => ROUTES[k] as RouteSpec)
  .filter((spec) => spec.storesImages)
  .map((spec) => spec.fn);

export async function imagesPhase(ctx: ImagesContext): Promise<ImagesResult> {
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'tv-bench-images-'));
  try {
    // 1. one photo through the upload function, in its own process
    const photoFile = join(dir, 'photo.jpg');
    writeFileSync(photoFile, await phonePhoto({ width: 4000, height: 3000, orientation: 6, quality: 90, seed: 7 }));
    ctx.log(`images: a 12 MP photo through the upload function, ${ctx.runs} times, and a bare S3 put`);
    const child = spawnSync(process.execPath, ['--import', 'tsx', join(ctx.root, 'bench/src/upload-entry.ts')], {
      cwd: ctx.root,
      encoding: 'utf8',
      timeout: 300_000,
      env: {
        ...process.env,
        ...ctx.env,
        BENCH_UPLOAD: JSON.stringify({
          bundle: join(ctx.root, ctx.build.bundles.bundled.uploadImage!.file),
          photoFile,
          token: ctx.fixtures.manager.token,
          runs: ctx.runs,
        }),
      },
    });
    if (child.status !== 0) throw new Error(`upload child: ${child.stderr || child.stdout}`);
    const u = JSON.parse(child.stdout.trim().split('\n').at(-1)!);
    const handlerMs = median(u.handlerMs);
    const s3PutMs = median(u.putMs);

    // 2. sharp's load in fresh processes
    const loads: number[] = [];
    for (let i = 0; i < 5; i++) {
      const run = spawnSync(
        process.execPath,
        ['-e', "const t=process.hrtime.bigint();require('sharp');console.log(Number(process.hrtime.bigint()-t)/1e6)"],
        {
          cwd: ctx.root,
          encoding: 'utf8',
        },
      );
      loads.push(Number(run.stdout.trim()));
    }

    // 3. the pages: 12 villages with phone photos, through the handlers
    ctx.log(`images: ${VILLAGES} villages with phone photos, and the images their lists point at`);
    const pages = await pageBytes(ctx);
    return {
      upload: {
        photoBytes: u.photoBytes,
        runs: ctx.runs,
        handlerMs: round(handlerMs),
        firstMs: round(u.firstMs),
        s3PutMs: round(s3PutMs),
        ratio: round(handlerMs / s3PutMs, 1),
        storedBytes: u.storedBytes,
        cardBytes: u.cardBytes,
        thumbBytes: u.thumbBytes,
        rssAfterLoadMiB: u.rssAfterLoadMiB,
        maxRssMiB: u.maxRssMiB,
      },
      sharpLoadMs: round(median(loads)),
      pages,
      seconds: round((performance.now() - started) / 1000, 1),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function pageBytes(ctx: ImagesContext): Promise<PageBytes[]> {
  const h = (fn: string) => loadHandler(ctx.root, ctx.build, fn);
  const [describeVillage, describeTourism, details, attractions] = [
    h('villageDescriptionCreate'),
    h('tourismCreate'),
    h('villageDetails'),
    h('attractionsRandom'),
  ];
  const { fx, manager } = ctx.fixtures;
  const originals = new Map<string, number>(); // stored URL → the original's bytes
  const mine = new Set<string>();
  for (let i = 0; i < VILLAGES; i++) {
    const v = await fx.libVillage(manager, { score: false, description: false });
    mine.add(v.kd);
    const [cover, attraction] = await Promise.all([
      phonePhoto({ width: 4000, height: 3000, orientation: 1, quality: 90, seed: 100 + i }),
      phonePhoto({ width: 4000, height: 3000, orientation: 1, quality: 90, seed: 200 + i }),
    ]);
    const file = (field: string, data: Buffer) => ({ field, data, filename: 'IMG.jpg', contentType: 'image/jpeg' });
    const village = await invoke(
      describeVillage,
      apiEvent({
        method: 'POST',
        resource: '/api/deskripsi-desa',
        ...multipart(
          {
            data: JSON.stringify({
              kd_desa: v.kd,
              lokasi_desa: 'Lereng Merapi',
              deskripsi_desa: 'Desa wisata di lereng gunung',
              fasilitas_desa: ['Homestay'],
              url_video: [],
              jenis_desa: 'Alam',
              latitude: -7.6,
              longitude: 110.4,
            }),
          },
          [file('galeri_gambar[]', cover)],
        ),
        token: manager.token,
      }),
    );
    if (village.statusCode !== 201) throw new Error(`village description: ${village.statusCode} ${village.body}`);
    originals.set(JSON.parse(village.body).data.galeri_gambar[0], cover.length);
    const tourism = await invoke(
      describeTourism,
      apiEvent({
        method: 'POST',
        resource: '/api/deskripsi-wisata',
        ...multipart({ data: JSON.stringify({ kd_desa: v.kd, penjelasan_umum: 'Umum', atraksi: [{ nama_atraksi: `Air terjun ${i}` }] }) }, [
          file('atraksi[]', attraction),
        ]),
        token: manager.token,
      }),
    );
    if (tourism.statusCode !== 201) throw new Error(`tourism description: ${tourism.statusCode} ${tourism.body}`);
    originals.set(JSON.parse(JSON.parse(tourism.body).data.atraksi)[0].gambar[0], attraction.length);
  }
  const size = async (url: string) => (await (await fetch(url)).arrayBuffer()).byteLength;
  /** A URL a list points at → the original it stands for (the card of an image is named after it). */
  const originalOf = (url: string) => {
    const source = [...originals.keys()].find((o) => url === o || url.startsWith(o.replace(/\.(jpg|png|webp)$/, '.')));
    if (!source) throw new Error(`not one of the bench's images: ${url}`);
    return originals.get(source)!;
  };
  const measure = async (page: string, urls: string[]): Promise<PageBytes> => {
    const served = (await Promise.all(urls.map(size))).reduce((a, b) => a + b, 0);
    const original = urls.map(originalOf).reduce((a, b) => a + b, 0);
    return { page, images: urls.length, originalBytes: original, servedBytes: served, ratio: round(original / served, 1) };
  };
  const list = await invoke(details, apiEvent({ method: 'GET', resource: '/api/desa-wisata/details' }));
  const covers = (JSON.parse(list.body).data as { kd_desa: string; gambar_cover: string | null }[])
    .filter((d) => mine.has(d.kd_desa) && d.gambar_cover)
    .map((d) => d.gambar_cover!);
  const picked = await invoke(attractions, apiEvent({ method: 'GET', resource: '/api/atraksi-wisata' }));
  const cards = (JSON.parse(picked.body).data as { atraksi: { gambar: string | null }[] }[])
    .map((a) => a.atraksi[0]!.gambar!)
    .filter(Boolean);
  // Home: the attraction cards (Section2) and the village cards (Section3); Atraksi: the attraction cards;
  // Lokasi: the village cards (the web app's pages, as read in tests/e2e/web-app.test.ts).
  return [
    await measure('home (Beranda)', [...cards, ...covers]),
    await measure('attractions (Atraksi)', cards),
    await measure('Lokasi', covers),
  ];
}
