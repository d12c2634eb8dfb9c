import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/vite/precompress.ts';

/**
 * One platform application of renderer/apps/<EDUDESK_APP>/ (a folder with an app.json), as a
 * bundle of its own at /common/apps/<folder>/<folder>.js beside its app.json: `npm run build`
 * builds every one through scripts/build-apps.mjs, which sets EDUDESK_APP. An application loads PH
 * at run time from the platform (the page names the URL); nothing of PH, React or antd is in it.
 */
const folder = process.env.EDUDESK_APP ?? '';
if (!/^[a-z][a-z0-9-]*$/.test(folder)) {
  throw new Error('vite.apps.config.ts: set EDUDESK_APP to a folder of renderer/apps/');
}
const source = (file: string) =>
  fileURLToPath(new URL(`./renderer/apps/${folder}/${file}`, import.meta.url));

export default defineConfig({
  root: source(''),
  publicDir: false,
  plugins: [
    precompressPlugin(),
    {
      // The manifest goes with the bundle: the server reads it from the web build at start.
      name: 'edudesk-app-manifest',
      async generateBundle() {
        const { readFile } = await import('node:fs/promises');
        this.emitFile({
          type: 'asset',
          fileName: 'app.json',
          source: await readFile(source('app.json'), 'utf8'),
        });
      },
    },
  ],
  // The components are JSX compiled for React's automatic runtime (`react/jsx-runtime`, as
  // tsconfig.web.json says); that module is the application's own jsx-runtime.ts, which makes
  // elements with PH's React, so React stays out of the bundle (docs/ph.md).
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: {
    alias: [{ find: /^react\/jsx-runtime$/, replacement: source('jsx-runtime.ts') }],
  },
  build: {
    outDir: fileURLToPath(new URL(`./dist/web/common/apps/${folder}`, import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    minify: true,
    // The page loads this file as it is, nothing bundles it again: minify it whole (a library
    // build keeps whitespace and pure annotations for the next bundler).
    rolldownOptions: { output: { minify: true, comments: false } },
    lib: {
      entry: source('main.tsx'),
      formats: ['es'],
      fileName: () => `${folder}.js`,
    },
  },
});
