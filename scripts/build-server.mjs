// Compiles the reference server (server/main.ts and what it imports) into one ES module,
// dist/server/main.mjs, which `npm start` runs with plain Node. Packages stay external (they
// load from node_modules as usual). Running compiled code instead of through a TypeScript
// loader starts faster and saves the loader's memory (about 50 MB of the server's resident set).
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';

export const SERVER_BUNDLE = 'dist/server/main.mjs';

export async function buildServer() {
  await build({
    entryPoints: ['server/main.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
}
