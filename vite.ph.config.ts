import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkModulesPlugin } from './scripts/vite/chunk-modules.ts';
import { featureIndexSideEffects } from './scripts/vite/feature-index.ts';
import { precompressPlugin } from './scripts/vite/precompress.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * PH, the shared layer for platform applications, as one ES module at
 * /common/plugins/common-ph/{version}/ph.js (ARCHITECTURE: "built both into the pages and as a
 * library bundle"). A build of its own, after the pages' build, so it never changes how the
 * pages are split; it carries its own React, which applications use through PH.React.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  // ph.d.ts and its types/ are written before this build (package.json), so they are compressed too.
  plugins: [
    react(),
    // PH adds the styles of its own widgets to the page itself (addUiFonts in
    // renderer/ph/index.tsx, `?inline` imports): the stylesheets its components import for the
    // platform's own pages are left empty here, so the build writes no file nobody loads.
    {
      name: 'ph-styles-added-by-ph',
      enforce: 'pre',
      load: (id) => (id.endsWith('.css') ? '' : null),
    },
    precompressPlugin(),
    // What each chunk is made of, for the PH bench (tests/bench/ph-bench.ts); not served.
    chunkModulesPlugin(
      fileURLToPath(new URL('./dist/ph-chunk-modules.json', import.meta.url)),
      fileURLToPath(new URL('.', import.meta.url)),
    ),
  ],
  resolve: {
    // echarts' theme files register themselves on require('echarts/lib/echarts'), the full
    // echarts; give them echarts/core's registerTheme instead (renderer/ui/chart).
    alias: [
      {
        find: /^echarts\/lib\/echarts$/,
        replacement: fileURLToPath(
          new URL('./renderer/ui/chart/echarts-theme-host.ts', import.meta.url),
        ),
      },
    ],
  },
  // The pages' build already copied renderer/public/.
  publicDir: false,
  define: {
    'import.meta.env.VITE_PH_VERSION': JSON.stringify(pkg.version),
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  build: {
    outDir: fileURLToPath(
      new URL(`./dist/web/common/plugins/common-ph/${pkg.version}`, import.meta.url),
    ),
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    minify: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      treeshake: { moduleSideEffects: featureIndexSideEffects },
      output: {
        // What the entry needs before the first view is one file (`ph-[hash].js`, which ph.js
        // re-exports), not a few dozen that rolldown splits out because the widgets PH loads on
        // first use (renderer/ph/lazy-part.tsx) share them; the lazy chunks stay apart.
        codeSplitting: { groups: [{ name: 'ph', tags: ['$initial'] }] },
        // Applications load these files as they are, nothing bundles them again: minify them
        // whole (a library build keeps whitespace and annotations for the next bundler), keeping
        // the licence comments of the packages inside.
        minify: true,
        comments: { legal: true, annotation: false, jsdoc: false },
      },
    },
    lib: {
      entry: fileURLToPath(new URL('./renderer/ph/index.tsx', import.meta.url)),
      formats: ['es'],
      fileName: () => 'ph.js',
    },
  },
});
