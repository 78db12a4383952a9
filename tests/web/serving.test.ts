/**
 * The pages (web/) as `npm start` serves them: the run's shared serverless-offline (the same
 * command, tests/support/offline.ts) on the API's origin, from the run's build, by the CDN's
 * rules on AWS (scripts/web.ts): every path of a page is its index.html, its assets are the
 * build's files with a year's caching, anything else is 404; every answer has the pages' CSP.
 */
// first: this file's lib/ uses the table and bucket of the run's shared server
import '../support/offline-table';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { ROOT } from '../../scripts/local-stack';
import { rewritePageUri, WEB_CSP, WEB_PAGES, webAnswer } from '../../scripts/web';
import { builtWeb, OFFLINE_START_TIMEOUT_MS, sharedOffline, WEB_BUILD_TIMEOUT_MS } from '../support/offline';

let base = '';
let dist = '';
beforeAll(async () => {
  [base, dist] = await Promise.all([sharedOffline().then((s) => s.baseUrl), builtWeb()]);
}, OFFLINE_START_TIMEOUT_MS + WEB_BUILD_TIMEOUT_MS);

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
const html = (page: string) => readFileSync(join(dist, page, 'index.html'), 'utf8');
/** The files a page's html loads (its module script, preloads and stylesheets). */
const loads = (page: string) => [...html(page).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);

const expectSecured = (res: Response) => {
  expect(res.headers.get('content-security-policy')).toBe(WEB_CSP);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
};

describe('the pages on the API origin (npm start)', () => {
  it('are the pages of the build: web/<page>/index.html, each a page of the build (web/vite.config.ts takes every such folder)', () => {
    const folders = readdirSync(join(ROOT, 'web'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(ROOT, 'web', d.name, 'index.html')))
      .map((d) => d.name);
    expect([...WEB_PAGES].sort()).toEqual(folders.sort());
  });

  it("answers every path of a page, deep links included, with the page's index.html, revalidated on each load", async () => {
    const paths: Record<string, string[]> = {
      evaluasi: ['/evaluasi', '/evaluasi/', '/evaluasi/baru', '/evaluasi/01HX/ubah', '/evaluasi/01HX/cetak', '/evaluasi/01HX/desa/3201'],
      statistik: ['/statistik', '/statistik/jawa-tengah?tahun=2026'],
      akun: ['/akun', '/akun/notifikasi'],
      pemantauan: ['/pemantauan', '/pemantauan/desa/3201', '/pemantauan/desa/DESA-x1?bulan=2026-10'],
      impor: ['/impor', '/impor/IMP-01HX'],
    };
    expect(Object.keys(paths).sort()).toEqual([...WEB_PAGES].sort());
    for (const [page, list] of Object.entries(paths))
      for (const path of list) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
        expect(res.headers.get('cache-control'), path).toBe('no-cache');
        expectSecured(res);
        expect(await res.text(), path).toBe(html(page));
      }
    // a browser's revalidation of an unchanged page: 304, no body
    const first = await get('/evaluasi/01HX/desa/3201');
    const again = await get('/evaluasi', { 'If-None-Match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('serves the files a page loads as built, with their type, kept for a year (hashed names)', async () => {
    const files = [...new Set(WEB_PAGES.flatMap(loads))];
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(files.some((f) => f.endsWith('.css'))).toBe(true);
    for (const file of files) {
      const res = await get(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toBe(
        file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
      );
      expect(res.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
      expectSecured(res);
      expect(await res.text(), file).toBe(readFileSync(join(dist, file), 'utf8'));
    }
  });

  it('answers 404 for a file the build does not have, and leaves other paths to the API', async () => {
    for (const path of ['/assets/nope-12345678.js', '/assets/x/y.css', '/evaluasi/nope.js', '/akun/logo.png']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ status: 'fail', message: MSG.notFoundRoute });
    }
    // not a page: the API's own 404
    for (const path of ['/evaluasiku', '/assets', '/api/tidak-ada'])
      expect(await (await get(path)).json(), path).toEqual({ status: 'fail', message: MSG.notFoundRoute });
  });

  it("rewrites as the CDN's function does, and never reads outside the build", () => {
    const cases: Record<string, string> = {
      '/evaluasi': '/evaluasi/index.html',
      '/evaluasi/': '/evaluasi/index.html',
      '/evaluasi/01HX/desa/3201': '/evaluasi/index.html',
      '/statistik/jawa-tengah': '/statistik/index.html',
      '/akun': '/akun/index.html',
      '/akun/logo.png': '/akun/logo.png',
      '/evaluasi/index.html': '/evaluasi/index.html',
      '/assets/evaluasi-1a2b.js': '/assets/evaluasi-1a2b.js',
      '/evaluasiku': '/evaluasiku',
      '/api/evaluasi': '/api/evaluasi',
    };
    for (const [uri, rewritten] of Object.entries(cases)) expect(rewritePageUri(uri), uri).toBe(rewritten);
    for (const path of [
      '/assets/../../package.json',
      '/assets/..%2f..%2fpackage.json',
      '/.vite/manifest.json',
      '/assets//x.js',
      '/assets/',
    ])
      expect(webAnswer(dist, path).statusCode, path).toBe(404);
  });
});
