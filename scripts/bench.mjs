// `npm run bench`: builds the web build when missing and the server always, finds Chromium,
// runs tests/bench/run.ts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServer } from './build-server.mjs';
import { findChromium } from './find-chromium.mjs';

if (!existsSync('dist/web/index.html')) {
  const build = spawnSync('npm', ['run', 'build', '--', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  await buildServer();
}
const result = spawnSync('npx', ['tsx', 'tests/bench/run.ts'], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: findChromium() },
});
process.exit(result.status ?? 1);
