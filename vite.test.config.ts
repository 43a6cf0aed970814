import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Test-only pages: every tests/browser/pages/*.html becomes a page in .test-dist/, served under
// /test-pages/ so browser tests can run library code against real Chromium APIs (IndexedDB, workers).
const pages = fileURLToPath(new URL('tests/browser/pages/', import.meta.url));
const input = Object.fromEntries(
  readdirSync(pages)
    .filter((file) => file.endsWith('.html'))
    .map((file) => [file.slice(0, -'.html'.length), `${pages}${file}`]),
);

export default defineConfig({
  root: pages,
  base: './',
  publicDir: false,
  build: {
    target: 'es2022',
    sourcemap: true,
    outDir: fileURLToPath(new URL('.test-dist/', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: { input },
  },
});
