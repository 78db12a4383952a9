/**
 * Each page's first load, from the run's build of web/ (scripts/web.ts `pageWeights`): its
 * index.html and every script and stylesheet it loads before it runs (the module script, Vite's
 * module preloads, the chunks they import statically, their stylesheets), gzipped: at most
 * 150 KB. Chunks a page imports lazily (`import()`) are not counted. The figures are printed (README).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_BUDGET_BYTES, pageWeights, WEB_PAGES, type PageWeight } from '../../scripts/web';
import { builtWeb, WEB_BUILD_TIMEOUT_MS } from '../support/offline';

let dist = '';
let weights: PageWeight[] = [];
beforeAll(async () => {
  dist = await builtWeb();
  weights = pageWeights(dist);
}, WEB_BUILD_TIMEOUT_MS);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe("the pages' weight", () => {
  it(`keeps each page's first load (html, scripts, stylesheets) within ${kb(PAGE_BUDGET_BYTES)} gzipped`, () => {
    console.log(
      [
        "The pages' first load (gzip -9; as built):",
        ...weights.map((w) => `  /${w.page}: ${kb(w.gzipBytes)} gzipped (${kb(w.bytes)} as built) in ${w.files.length} files`),
      ].join('\n'),
    );
    expect(weights.map((w) => w.page)).toEqual([...WEB_PAGES]);
    for (const w of weights) expect(w.gzipBytes, `/${w.page}: ${w.files.join(', ')}`).toBeLessThanOrEqual(PAGE_BUDGET_BYTES);
  });

  it('counts what the html loads and what it imports statically, and no chunk that is only imported lazily', () => {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
    >;
    const statically = new Set(Object.values(manifest).flatMap((c) => (c.imports ?? []).map((k) => manifest[k]!.file)));
    const lazily = Object.values(manifest)
      .flatMap((c) => (c.dynamicImports ?? []).map((k) => manifest[k]!.file))
      .filter((f) => !statically.has(f) && !Object.values(manifest).some((c) => c.isEntry && c.file === f));
    for (const w of weights) {
      const html = readFileSync(join(dist, w.page, 'index.html'), 'utf8');
      for (const [, url] of html.matchAll(/(?:src|href)="\/([^"]+)"/g)) expect(w.files, w.page).toContain(url);
      expect(w.files, w.page).toContain(manifest[`${w.page}/index.html`]!.file);
      expect(
        w.files.some((f) => f.endsWith('.css')),
        w.page,
      ).toBe(true);
      for (const f of lazily) expect(w.files, `${w.page}: ${f} is loaded lazily`).not.toContain(f);
    }
  });
});
