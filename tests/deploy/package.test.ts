/**
 * `serverless package --stage dev` (offline, in a copy of the service): the functions that
 * store images (lib/routes.ts `storesImages`, and the backfill) are x86_64 and their zips
 * hold sharp with its linux-x64 binary and libvips; no other zip holds sharp; and a packaged
 * function, unzipped, loads its handler and sharp from its own node_modules and makes an image.
 * exceljs, also external, goes into the export function's zip alone.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_KEYS, ROUTES, type RouteSpec } from '../../lib/routes';
import { ROOT } from '../../scripts/local-stack';

const IMAGE_FUNCTIONS = [
  ...ROUTE_KEYS.map((k) => ROUTES[k] as RouteSpec)
    .filter((s) => s.storesImages)
    .map((s) => s.fn),
  'imagesBackfill',
];
const NATIVE = ['node_modules/@img/sharp-linux-x64/lib/sharp-linux-x64.node', 'node_modules/@img/sharp-libvips-linux-x64/lib/'];

let dir: string;
const zips = () => readdirSync(join(dir, '.serverless')).filter((f) => f.endsWith('.zip'));
const listing = (zip: string) => spawnSync('unzip', ['-Z1', join(dir, '.serverless', zip)], { encoding: 'utf8' }).stdout.split('\n');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tv-package-'));
  for (const e of ['serverless.yml', 'functions', 'lib', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json'])
    cpSync(join(ROOT, e), join(dir, e), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'serverless'), ['package', '--stage', 'dev'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (run.status !== 0) throw new Error(`serverless package failed: ${run.stdout}\n${run.stderr}`);
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serverless package', () => {
  it('puts sharp with its linux-x64 binary into the zips of the image functions, and into no other', () => {
    expect(IMAGE_FUNCTIONS).toHaveLength(7);
    for (const zip of zips()) {
      const files = listing(zip);
      const fn = zip.replace(/\.zip$/, '');
      const holds = (p: string) => files.some((f) => f.startsWith(p));
      if (IMAGE_FUNCTIONS.includes(fn)) for (const p of NATIVE) expect(holds(p), `${zip}: ${p}`).toBe(true);
      else expect(holds('node_modules/sharp/'), `${zip} holds sharp`).toBe(false);
    }
  });

  it("ships exceljs beside the export function's bundle (not inside it), and in no other zip", () => {
    for (const zip of zips()) expect(listing(zip).includes('node_modules/exceljs/package.json'), zip).toBe(zip === 'villageExport.zip');
  });

  it('declares the image functions x86_64 (the binary packaged), the others arm64', () => {
    const run = spawnSync(
      join(ROOT, 'node_modules', '.bin', 'serverless'),
      ['print', '--stage', 'dev', '--path', 'functions', '--format', 'json'],
      {
        cwd: dir,
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    const functions = JSON.parse(run.stdout) as Record<string, { architecture?: string; memorySize?: number }>;
    for (const [name, f] of Object.entries(functions))
      expect(f.architecture ?? 'arm64', name).toBe(IMAGE_FUNCTIONS.includes(name) ? 'x86_64' : 'arm64');
  });

  it('a packaged image function, unzipped, loads its handler and makes an image with its own sharp', () => {
    const out = join(dir, 'unzipped');
    expect(spawnSync('unzip', ['-q', join(dir, '.serverless', 'uploadImage.zip'), '-d', out]).status).toBe(0);
    expect(existsSync(join(out, 'node_modules', 'sharp'))).toBe(true);
    const script = `
      const sharp = require(require.resolve('sharp', { paths: [${JSON.stringify(join(out, 'functions/uploads'))}] }));
      const handler = require(${JSON.stringify(join(out, 'functions/uploads/upload-image.js'))}).handler;
      if (typeof handler !== 'function') throw new Error('no handler');
      sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } }).rotate().webp().toBuffer()
        .then((b) => sharp(b).metadata())
        .then((m) => console.log(JSON.stringify({ format: m.format, width: m.width, from: require.resolve('sharp', { paths: [${JSON.stringify(out)}] }) })));
    `;
    // (outside the repository: nothing but the zip's own node_modules resolves)
    const run = spawnSync(process.execPath, ['-e', script], {
      cwd: out,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, TABLE_NAME: 'packaged', STAGE: 'local', NODE_PATH: '' },
    });
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
    expect(result).toMatchObject({ format: 'webp', width: 64 });
    expect(result.from.startsWith(out)).toBe(true);
  });
});
