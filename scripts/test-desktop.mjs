// `npm run test:desktop`: the desktop client's tests in tests/desktop (vitest config there).
// - packaging: electron-builder.yml validated offline, a Linux `dir` dry run with a stand-in
//   Electron (always runs);
// - the Electron end-to-end tests (Playwright `_electron`): they need an Electron binary, which
//   these build machines cannot download (TOOLCHAIN.md). Without one they are reported as
//   skipped, never as passed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureElectronBuild, findElectronBinary, ROOT } from './desktop-build.mjs';

ensureElectronBuild();
const binary = findElectronBinary();
if (binary === null) {
  console.log(
    'Electron end-to-end tests: skipped: no Electron binary (set ELECTRON_PATH to run them)',
  );
} else {
  console.log(`Electron end-to-end tests use ${binary}`);
  // They run against the reference server serving the production web build.
  if (!existsSync(path.join(ROOT, 'dist', 'web', 'index.html'))) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'tests/desktop/vitest.config.ts', ...process.argv.slice(2)],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, EDUDESK_ELECTRON_BINARY: binary ?? '' },
  },
);
if (binary === null) console.log('skipped: no Electron binary');
process.exit(result.status ?? 1);
