import { defineConfig } from 'vitest/config';

/**
 * `npm run test:desktop` (scripts/test-desktop.mjs): the packaging checks, which run anywhere,
 * and the Electron end-to-end tests, which need an Electron binary and are skipped without one.
 */
export default defineConfig({
  test: {
    name: 'desktop',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/desktop/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
