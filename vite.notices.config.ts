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
  build: {
    outDir: fileURLToPath(new URL('./dist/web/common/apps/notices', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    minify: true,
    lib: {
      entry: fileURLToPath(new URL('./renderer/apps/notices/main.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'notices.js',
    },
  },
});
