import { defineConfig } from 'vitest/config';
import { builtInTexts } from './scripts/scenario-assets.mjs';

export default defineConfig({
  // As the build bakes them in (see scripts/scenario-assets.mjs).
  define: { __HP_LESSONS__: JSON.stringify(builtInTexts()) },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // Property tests take seconds on a loaded two-core machine; the timeout only guards against hangs.
    testTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
});
