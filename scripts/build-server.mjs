// Compiles the reference server (server/main.ts and what it imports) into one ES module,
// dist/server/main.mjs, and each worker thread's entry into its own beside it; `npm start` runs
// them with plain Node. Packages stay external (they load from node_modules as usual). Running
// compiled code instead of through a TypeScript loader starts faster and saves the loader's
// memory (about 50 MB of the server's resident set).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Where the compiled server is written, relative to the product folder. */
export const SERVER_BUNDLE = 'dist/server/main.mjs';

/**
 * The worker threads' entry files, compiled beside main.mjs as dist/server/<name>.mjs, where
 * server/base/worker-pool.ts (workerEntry) looks for them.
 */
export const SERVER_WORKERS = {
  'table-export-worker': 'server/base/table-export-worker.ts',
  'face-worker': 'server/face/face-worker.ts',
};

export async function buildServer() {
  await build({
    entryPoints: { main: 'server/main.ts', ...SERVER_WORKERS },
    outdir: path.dirname(SERVER_BUNDLE),
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

/**
 * Before running the product (`npm start`, `npm run bench`): the whole production build when
 * the web build is missing (`npm run build`, which compiles the server last), otherwise the
 * server alone, every time: it takes under a second, and edited server code is never stale.
 * Exits the process when the build fails.
 */
export async function ensureBuilt() {
  if (existsSync('dist/web/index.html')) {
    await buildServer();
    return;
  }
  console.log('No production web build yet: building it (once)…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
}
