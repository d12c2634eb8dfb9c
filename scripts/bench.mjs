// `npm run bench`: builds the web build when missing and the server always, finds Chromium,
// runs tests/bench/run.ts.
import { spawnSync } from 'node:child_process';
import { ensureBuilt } from './build-server.mjs';
import { findChromium } from './find-chromium.mjs';

await ensureBuilt();
const result = spawnSync('npx', ['tsx', 'tests/bench/run.ts'], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: findChromium() },
});
process.exit(result.status ?? 1);
