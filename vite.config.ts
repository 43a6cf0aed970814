import { defineConfig } from 'vite';

// A relative base lets the built site work from any sub-path (tutorial hosts, GitHub Pages, …).
export default defineConfig({
  base: './',
  build: { target: 'es2022', sourcemap: true },
  server: { open: true },
});
