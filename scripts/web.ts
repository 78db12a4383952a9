/**
 * The pages people use (web/: one Vite + React app per page, each with routes of its own
 * below its path): how they are built, how they are served (by the CDN from the bucket on
 * AWS, scripts/serverless-cdn.ts; locally by serverless-offline, scripts/web-handler.ts, by
 * the same rules), what they weigh, and how a deployment uploads them (scripts/serverless-web.cjs).
 *
 * A page's every path (/evaluasi, /evaluasi/123/desa/3201) answers the page's index.html, and
 * the app shows the view of its URL; the files it loads are /assets/<name>-<hash>.<ext>.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyResult } from 'aws-lambda';
import type { S3Client } from '@aws-sdk/client-s3';
import { MSG } from '../lib/contract/messages';
import { ROOT } from './local-stack';

/** The pages: web/<page>/index.html, built to web/dist/<page>/index.html, served at /<page> and below (web/vite.config.ts builds every such folder). */
export const WEB_PAGES = ['evaluasi', 'statistik', 'akun', 'pemantauan', 'impor'] as const;
/** Where the built files a page loads are, below the build folder and on the site: hashed names, kept for ever. */
export const ASSETS_DIR = 'assets';
/** The build's output folder for `npm start` and deployments. */
export const WEB_DIST = join(ROOT, 'web', 'dist');
/** Where the pages' files are in the images bucket (the CDN's `web` origin reads from there). */
export const WEB_BUCKET_PREFIX = 'web';
/** A page's first load (its html and every script and stylesheet it loads before it runs), gzipped, at most. */
export const PAGE_BUDGET_BYTES = 150 * 1024;

/**
 * The pages' Content-Security-Policy: nothing inline, nothing from elsewhere, only this origin
 * (the API is on it). Vite's build loads its module scripts, preloads and stylesheets from
 * /assets/ and inlines none; React sets styles through the DOM, which style-src does not govern.
 */
export const WEB_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers of every page answer beside its type and caching (the CDN's response headers policy on AWS). */
export const WEB_SECURITY_HEADERS = {
  'Content-Security-Policy': WEB_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** A built file's Content-Type, by its extension. */
export const contentTypeOf = (file: string) => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

/** A built file's Cache-Control, by its path in the build (`assets/x-1a2b.js`, `evaluasi/index.html`). */
export function cacheControlOf(key: string): string {
  // a hashed name changes with its content: kept a year, never asked about again
  if (key.startsWith(`${ASSETS_DIR}/`)) return 'public, max-age=31536000, immutable';
  // the page names the current assets: asked about (ETag) on every load
  return 'no-cache';
}

/**
 * The CDN's viewer-request function of the page behaviors (CloudFront Functions, cloudfront-js-2.0),
 * and what the local server rewrites with (`rewritePageUri`): a path of a page without a file
 * extension is the page's index.html; any other path is looked up as it is.
 */
export const PAGE_REWRITE_CODE = `var PAGES = ${JSON.stringify(WEB_PAGES)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var page = uri.split('/')[1];
  var last = uri.slice(uri.lastIndexOf('/') + 1);
  if (PAGES.indexOf(page) !== -1 && last.indexOf('.') === -1) request.uri = '/' + page + '/index.html';
  return request;
}
`;

let rewrite: ((event: { request: { uri: string } }) => { uri: string }) | undefined;
/** The path the CDN's function makes of `uri`: the function's own code, run here. */
export function rewritePageUri(uri: string): string {
  rewrite ??= runInNewContext(`${PAGE_REWRITE_CODE}\nhandler`) as typeof rewrite;
  return rewrite!({ request: { uri } }).uri;
}

/**
 * The answer to GET `path` from the build in `dist`, as the CDN gives it from the bucket:
 * the page's index.html for a page's path, a built file as it is, 404 for anything else;
 * with the type, caching and security headers, an ETag, and 304 to a matching If-None-Match.
 */
export function webAnswer(dist: string, path: string, ifNoneMatch?: string): APIGatewayProxyResult {
  const root = resolve(dist);
  const segments = rewritePageUri(path).split('/').slice(1);
  // a name of the build only: no empty, dot or dot-dot segment, nothing of Vite's own (.vite/manifest.json)
  const inside = segments.every((s) => s !== '' && !s.startsWith('.') && !/[\\\0]/.test(s));
  const file = join(root, ...segments);
  const stat = inside && file.startsWith(root + sep) ? statSync(file, { throwIfNoEntry: false }) : undefined;
  if (!stat?.isFile())
    return {
      statusCode: 404,
      headers: { ...WEB_SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' },
      body: JSON.stringify({ status: 'fail', message: MSG.notFoundRoute }),
    };
  const key = segments.join('/');
  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers = { ...WEB_SECURITY_HEADERS, 'Content-Type': contentTypeOf(key), 'Cache-Control': cacheControlOf(key), ETag: etag };
  if (ifNoneMatch?.split(',').some((t) => t.trim() === etag)) return { statusCode: 304, headers, body: '' };
  const bytes = readFileSync(file);
  const text = /^(text\/|application\/(json|manifest\+json)|image\/svg)/.test(headers['Content-Type']);
  return text
    ? { statusCode: 200, headers, body: bytes.toString('utf8') }
    : { statusCode: 200, headers, body: bytes.toString('base64'), isBase64Encoded: true };
}

/** Vite's command line: the build of every page (web/vite.config.ts) into `outDir`, with its manifest (`pageWeights`). */
function viteArgs(outDir: string, watch: boolean): string[] {
  return [
    'build',
    '--config',
    join(ROOT, 'web', 'vite.config.ts'),
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--manifest',
    ...(watch ? ['--watch'] : []),
  ];
}
const viteBin = join(ROOT, 'node_modules', '.bin', 'vite');
// Production builds whoever asks: under vitest (NODE_ENV=test) Vite built React's development code, half as large again.
// (The config is bundled as CommonJS: Vite's note that its native loader would not take it says nothing about the build.)
const viteEnv = () => ({ ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' });

/** Builds the pages into `outDir` (a few seconds); fails with Vite's output. */
export function buildWeb(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(viteBin, viteArgs(outDir, false), { cwd: ROOT, env: viteEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `exit ${code}`}):\n${output}`)),
    );
  });
}

/** `vite build --watch` into `outDir` (`npm start`), in a process group of its own; its output is the caller's to read. */
export function watchWeb(outDir: string): ChildProcess {
  return spawn(viteBin, viteArgs(outDir, true), { cwd: ROOT, env: viteEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
}

/** A page's first load: the files it loads before it runs, and their size as they are and gzipped. */
export interface PageWeight {
  page: string;
  files: string[];
  bytes: number;
  gzipBytes: number;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * What each page of the build in `dist` loads up front: its index.html, the module script,
 * preloads and stylesheets the html names, and (Vite's manifest) every chunk those import
 * statically with its stylesheets; not the chunks imported lazily (`import()`).
 */
export function pageWeights(dist: string): PageWeight[] {
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with --manifest (scripts/web.ts buildWeb)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]));
  return WEB_PAGES.map((page) => {
    const html = readFileSync(join(dist, page, 'index.html'), 'utf8');
    const files = new Set<string>([`${page}/index.html`]);
    const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
    for (const tag of tags) {
      const url = /\b(?:src|href)="\/([^"?#]+)"/.exec(tag)?.[1];
      const kind = tag.startsWith('<script') ? /type="module"/.test(tag) : /rel="(modulepreload|stylesheet)"/.test(tag);
      if (url && kind) files.add(url);
    }
    const entry = manifest[`${page}/index.html`];
    if (!entry) throw new Error(`the build's manifest has no entry ${page}/index.html`);
    const followed = new Set<ManifestChunk>();
    const follow = (chunk: ManifestChunk | undefined) => {
      if (!chunk || followed.has(chunk)) return;
      followed.add(chunk);
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) follow(manifest[imported]);
    };
    for (const file of [...files]) follow(byFile.get(file));
    follow(entry);
    const list = [...files];
    const content = list.map((f) => readFileSync(join(dist, f)));
    return {
      page,
      files: list,
      bytes: content.reduce((n, b) => n + b.length, 0),
      gzipBytes: content.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
    };
  });
}

/** Every file of a build (below `dist`), as keys relative to it (`/` separated); not Vite's manifest. */
export function builtFiles(dist: string): string[] {
  return (readdirSync(dist, { recursive: true, encoding: 'utf8' }) as string[])
    .map((f) => relative(dist, join(dist, f)).split(sep).join('/'))
    .filter((key) => !key.startsWith('.vite/') && key !== '.vite' && statSync(join(dist, key)).isFile());
}

/**
 * Uploads a build to `bucket` below `web/`, where the CDN reads it: the hashed assets first, then
 * the pages' html that names them, so a page never names an asset not yet there. Assets of
 * earlier builds stay (a page loaded before keeps loading its lazy chunks). Returns the keys written.
 */
export async function uploadWeb(client: S3Client, bucket: string, dist: string): Promise<string[]> {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  const files = builtFiles(dist);
  const html = files.filter((f) => f.endsWith('.html'));
  if (WEB_PAGES.some((p) => !html.includes(`${p}/index.html`)))
    throw new Error(`${dist} is not a build of every page (${WEB_PAGES.join(', ')})`);
  const put = (key: string) =>
    client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `${WEB_BUCKET_PREFIX}/${key}`,
        Body: readFileSync(join(dist, key)),
        ContentType: contentTypeOf(key),
        CacheControl: cacheControlOf(key),
      }),
    );
  const rest = files.filter((f) => !html.includes(f));
  for (let i = 0; i < rest.length; i += 8) await Promise.all(rest.slice(i, i + 8).map(put));
  await Promise.all(html.map(put));
  return [...rest, ...html].map((key) => `${WEB_BUCKET_PREFIX}/${key}`);
}
