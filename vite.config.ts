import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import electron from 'vite-plugin-electron/simple';
import { antdStaticStylesPlugin } from './scripts/vite/antd-static-styles.ts';
import { featureIndexSideEffects } from './scripts/vite/feature-index.ts';
import { formLibrarySideEffects } from './scripts/vite/form-library.ts';
import { langFilesPlugin } from './scripts/vite/lang-files.ts';
import { pageFilesPlugin } from './scripts/vite/page-files.ts';
import { precompressPlugin } from './scripts/vite/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const rendererDir = fileURLToPath(new URL('./renderer', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
/** The reference server the dev server proxies API calls to. */
const serverUrl = process.env.EDUDESK_SERVER_URL ?? 'http://localhost:8080';

/** In development the landing pages are /pc_desktop_all.html and /mobile_desktop_all.html (spec §2). */
function devLandingPages(): Plugin {
  return {
    name: 'edudesk-dev-landing-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/(pc|mobile)_[A-Za-z0-9]+_[A-Za-z0-9]+\.html(\?|$)/.test(req.url)) {
          req.url = '/index.html' + req.url.slice(req.url.indexOf('.html') + 5);
        }
        next();
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  root: rendererDir,
  base: '/',
  publicDir: fileURLToPath(new URL('./renderer/public', import.meta.url)),
  define: {
    'import.meta.env.VITE_PH_VERSION': JSON.stringify(pkg.version),
  },
  plugins: [
    react(),
    langFilesPlugin({ rendererDir, phVersion: pkg.version }),
    antdStaticStylesPlugin({ rendererDir }),
    pageFilesPlugin({ rendererDir }),
    precompressPlugin(),
    devLandingPages(),
    // The Electron main and preload are compiled by `vite build` only; the dev server is the
    // plain web build (the Electron client has its own start script).
    ...(command === 'build'
      ? [
          electron({
            main: {
              entry: fileURLToPath(new URL('./main/index.ts', import.meta.url)),
              vite: {
                build: {
                  outDir: fileURLToPath(new URL('./dist-electron', import.meta.url)),
                  rolldownOptions: { output: { entryFileNames: 'main.js' } },
                },
              },
            },
            preload: {
              input: fileURLToPath(new URL('./preload/index.ts', import.meta.url)),
              vite: {
                build: {
                  outDir: fileURLToPath(new URL('./dist-electron', import.meta.url)),
                  rolldownOptions: { output: { entryFileNames: 'preload.cjs', format: 'cjs' } },
                },
              },
            },
          }),
        ]
      : []),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every chunk stays under 900 kB but one: OpenCC's phrase dictionary (one 1 MB module, so no
    // split can cut it), the lazy chunk only zh-HK pages fetch (docs/performance.md, "The
    // Traditional-characters converter is zh-HK's alone").
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      treeshake: { moduleSideEffects: [...featureIndexSideEffects, ...formLibrarySideEffects] },
    },
  },
  server: {
    port: 5173,
    fs: { allow: [root] },
    proxy: {
      '/api': { target: serverUrl, changeOrigin: false },
      // The multipart upload calls go through the gateway prefix (spec §7, docs/upload.md).
      '/zuul': { target: serverUrl, changeOrigin: false },
    },
  },
}));
