// `npm run bench`: builds the web build when missing, finds Chromium, runs tests/bench/run.ts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './find-chromium.mjs';

if (!existsSync('dist/web/index.html')) {
  const build = spawnSync('npm', ['run', 'build', '--', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const result = spawnSync('npx', ['tsx', 'tests/bench/run.ts'], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: findChromium() },
});
process.exit(result.status ?? 1);
