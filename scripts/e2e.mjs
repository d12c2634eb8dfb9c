// `npm run test:e2e`: builds the production web build, finds Chromium, then runs the
// end-to-end tests (tests/e2e) against the reference server serving that build.
import { spawnSync } from 'node:child_process';
import { findChromium } from './find-chromium.mjs';

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

let chromium;
try {
  chromium = findChromium();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
console.log(`End-to-end tests use Chromium at ${chromium}`);

if (process.env.EDUDESK_E2E_SKIP_BUILD !== '1')
  run('npm', ['run', 'build', '--', '--logLevel', 'warn']);
run('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], {
  ...process.env,
  CHROMIUM_PATH: chromium,
});
