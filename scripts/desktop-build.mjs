// The Electron main and preload bundles (dist-electron/), built by `vite build` (vite.config.ts).
// Desktop checks run on what ships, so they rebuild when the bundles are missing or older than
// their sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MAIN_BUNDLE = path.join(ROOT, 'dist-electron', 'main.js');
export const PRELOAD_BUNDLE = path.join(ROOT, 'dist-electron', 'preload.cjs');
const SOURCES = ['main', 'preload', 'contract'].map((folder) => path.join(ROOT, folder));

function newestSource(folder) {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (!entry.name.includes('.test.')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

export function electronBuildIsCurrent() {
  if (!existsSync(MAIN_BUNDLE) || !existsSync(PRELOAD_BUNDLE)) return false;
  const built = Math.min(statSync(MAIN_BUNDLE).mtimeMs, statSync(PRELOAD_BUNDLE).mtimeMs);
  return SOURCES.every((folder) => newestSource(folder) <= built);
}

/** Runs `vite build` unless dist-electron/ is current; exits the process if the build fails. */
export function ensureElectronBuild() {
  if (electronBuildIsCurrent()) return;
  console.log('Building the Electron main and preload bundles (vite build)...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * The Electron binary, if this machine has one: ELECTRON_PATH, or the one `npm install` downloaded
 * into node_modules/electron/dist. Never `require('electron')`, which would try to download it.
 */
export function findElectronBinary(env = process.env) {
  if (env.ELECTRON_PATH && existsSync(env.ELECTRON_PATH)) return env.ELECTRON_PATH;
  const pathFile = path.join(ROOT, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = path.join(
    ROOT,
    'node_modules',
    'electron',
    'dist',
    readFileSync(pathFile, 'utf8').trim(),
  );
  return existsSync(binary) ? binary : null;
}
