import { defineConfig } from 'vite';
import { cspPlugin } from './scripts/csp.ts';

// A relative base lets the built site work from any sub-path (tutorial hosts, GitHub Pages, …).
// Source maps are not shipped: `SOURCEMAP=1 npm run build` keeps them, for debugging a build.
export default defineConfig({
  base: './',
  plugins: [cspPlugin()],
  build: { target: 'es2022', sourcemap: process.env.SOURCEMAP === '1' },
  server: { open: true },
});
