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
 * The commands compiled beside main.mjs: dist/server/admin.mjs, the administrator's tool
 * (docs/operations.md), runs on a server without tsx or the dev dependencies.
 */
export const SERVER_ENTRIES = {
  admin: 'server/cli/admin.ts',
};

/**
 * The worker threads' entry files, compiled beside main.mjs as dist/server/<name>.mjs, where
 * server/base/worker-pool.ts (workerEntry) looks for them.
 */
export const SERVER_WORKERS = {
  'table-export-worker': 'server/base/table-export-worker.ts',
  'face-worker': 'server/face/face-worker.ts',
  'password-worker': 'server/auth/password-worker.ts',
};

/**
 * The environment the server process is started with (`npm start`, the benchmarks), over the
 * caller's own: a variable already set is kept.
 *
 * MALLOC_MMAP_THRESHOLD_: glibc serves every allocation of 128 KiB or more with its own mmap and
 * gives it back when it is freed. By default glibc raises that threshold each time such a block is
 * freed (up to 32 MiB): after the first start's password hashing (argon2id, 19 MiB apiece) or the
 * first few upload chunks, 1–2 MiB buffers come from its heap instead, and the heap keeps the
 * memory once they are freed. Measured with a 1 GiB upload in 2 MB chunks: peak resident memory
 * 158–167 MB with the fixed threshold against 221–238 MB without, the same time taken. Other
 * C libraries (Windows, musl) ignore the variable.
 */
export const SERVER_PROCESS_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * Node's flags for the server process (serverNodeArgs).
 *
 * --max-semi-space-size=4: V8's young generation grows to two 16 MiB semi-spaces under the
 * upload routes' allocation rate and keeps them; 4 MiB holds a request's short-lived objects.
 * The upload bench (1 GiB, 3 rounds, every lane): the server's peak 165 MB with this flag and the
 * threshold above, 201 MB with the threshold alone, 209–211 MB with neither; throughput within
 * the runs' spread.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

/** Node's arguments to run a server entry (`dist/server/main.mjs`, the bench server) with. */
export function serverNodeArgs(entry) {
  return ['--enable-source-maps', ...SERVER_NODE_FLAGS, entry];
}

/** `env` with SERVER_PROCESS_ENV's variables added where `env` does not set them. */
export function serverProcessEnv(env = process.env) {
  return { ...SERVER_PROCESS_ENV, ...env };
}

export async function buildServer() {
  await build({
    entryPoints: { main: 'server/main.ts', ...SERVER_ENTRIES, ...SERVER_WORKERS },
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
