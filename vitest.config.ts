import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  plugins: [react()],
  resolve: {
    // As in vite.ph.config.ts: echarts' theme files register on echarts/core.
    alias: [
      // antd's built stylesheets (scripts/vite/antd-static-styles.ts) are the web build's: the
      // tests keep antd's runtime styles, so a module that imports a set gets an empty sheet.
      {
        find: /^virtual:antd-static\/[a-z]+\.css$/,
        replacement: fileURLToPath(new URL('./tests/setup/empty.css', import.meta.url)),
      },
      {
        find: /^echarts\/lib\/echarts$/,
        replacement: fileURLToPath(
          new URL('./renderer/ui/chart/echarts-theme-host.ts', import.meta.url),
        ),
      },
    ],
  },
  define: {
    'import.meta.env.VITE_PH_VERSION': JSON.stringify(pkg.version),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'renderer/**/*.test.{ts,tsx}',
            'contract/**/*.test.ts',
            'scripts/**/*.test.ts',
            'main/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'preload/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['tests/setup/dom.ts'],
          // CI runs the whole suite on two loaded cores: a React test that renders antd widgets
          // and waits for them can take seconds there. A timeout is not a speed assertion.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          // A hook that builds an app (migrations, seed, hashing the demo passwords) shares two
          // loaded cores with the other test files: the same bound as a test, not vitest's 10 s.
          hookTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
