import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: { input: Object.fromEntries(pages.map((p) => [p, resolve(root, p, 'index.html')])) },
  },
});
