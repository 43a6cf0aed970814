import { defineConfig } from 'vite';
import { cspPlugin } from './scripts/csp.ts';
import { scenarioAssets } from './scripts/scenario-assets.mjs';

// A relative base lets the built site work from any sub-path (tutorial hosts, GitHub Pages, …).
// Beside the app, the build writes the scenario format's JSON Schema, the built-in scenario files and the
// embed kit (scripts/scenario-assets.mjs). Source maps are not shipped: `SOURCEMAP=1 npm run build` keeps
// them, for debugging a build.
export default defineConfig({
  base: './',
  build: { target: 'es2022', sourcemap: process.env.SOURCEMAP === '1' },
  server: { open: true },
  plugins: [cspPlugin(), scenarioAssets()],
});
