import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The pages people use: one small React app per page (/evaluasi, /statistik, /akun), each its
 * own entry so a page loads only its own code (budget: 150 KB gzip of JS and CSS on first
 * load). `vite build` writes web/dist/<page>/index.html and hashed files in web/dist/assets/;
 * `npm start` serves them at the same paths as the CDN does on AWS.
 */
const root = resolve(import.meta.dirname);
/** Every folder of web/ with an index.html is a page (scripts/web.ts WEB_PAGES lists them; a test keeps the two equal). */
const pages = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(resolve(root, d.name, 'index.html')))
  .map((d) => d.name);

/**
 * A page's web/<page>/index.html holds only its <title>: the document around it, the same for
 * every page, is this one (its script is web/src/<page>/main.tsx), written before Vite reads it.
 */
function pageDocument(): Plugin {
  return {
    name: 'page-document',
    transformIndexHtml: {
      order: 'pre',
      handler: (title, { filename }) => `<!doctype html>
<html lang="id">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    ${title.trim()}
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/${basename(dirname(filename))}/main.tsx"></script>
  </body>
</html>
`,
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [pageDocument(), react()],
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: { input: Object.fromEntries(pages.map((p) => [p, resolve(root, p, 'index.html')])) },
  },
});
