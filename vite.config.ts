import { defineConfig } from 'vite';
import { scenarioAssets } from './scripts/scenario-assets.mjs';

// A relative base lets the built site work from any sub-path (tutorial hosts, GitHub Pages, …).
// Beside the app, the build writes the scenario format's JSON Schema, the built-in scenario files and the
// embed kit (scripts/scenario-assets.mjs).
export default defineConfig({
  base: './',
  build: { target: 'es2022', sourcemap: true },
  server: { open: true },
  plugins: [scenarioAssets()],
});
