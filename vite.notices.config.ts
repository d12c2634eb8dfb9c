import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/vite/precompress.ts';

/**
 * Notices (通知公告), the reference server's platform application built on PH, as a bundle of its
 * own at /common/apps/notices/notices.js. It loads PH at run time from the platform (the page
 * names the URL), as any platform application does; nothing of PH, React or antd is in it.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./renderer/apps/notices', import.meta.url)),
  publicDir: false,
  plugins: [precompressPlugin()],
  // The components are JSX compiled for React's automatic runtime (`react/jsx-runtime`, as
  // tsconfig.web.json says); that module is the application's own jsx-runtime.ts, which makes
  // elements with PH's React, so React stays out of the bundle (docs/ph.md).
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: {
    alias: [
      {
        find: /^react\/jsx-runtime$/,
        replacement: fileURLToPath(
          new URL('./renderer/apps/notices/jsx-runtime.ts', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web/common/apps/notices', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    minify: true,
    // The page loads this file as it is, nothing bundles it again: minify it whole (a library
    // build keeps whitespace and pure annotations for the next bundler).
    rolldownOptions: { output: { minify: true, comments: false } },
    lib: {
      entry: fileURLToPath(new URL('./renderer/apps/notices/main.tsx', import.meta.url)),
      formats: ['es'],
      fileName: () => 'notices.js',
    },
  },
});
