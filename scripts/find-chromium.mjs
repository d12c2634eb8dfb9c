// Finds a Chromium for the end-to-end tests and benchmarks, in this order: the
// CHROMIUM_PATH (or PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH) environment variable, Debian's
// /usr/bin/chromium, Playwright's own browser; otherwise installs one (Playwright's installer,
// then `apt-get install -y chromium` when running as root) or says clearly what to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function playwrightBrowser() {
  try {
    const path = require('playwright-core').chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

export function findChromium({ install = true } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH ?? process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH points at ${fromEnv}, which does not exist.`);
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const own = playwrightBrowser();
  if (own) return own;
  if (!install) return null;

  console.error('No Chromium found: trying `npx playwright-core install chromium`…');
  spawnSync('npx', ['--no-install', 'playwright-core', 'install', 'chromium'], {
    stdio: 'inherit',
  });
  const installed = playwrightBrowser();
  if (installed) return installed;

  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.error('Trying `apt-get install -y chromium`…');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit' });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'No Chromium for the end-to-end tests. Install one (Debian: `sudo apt-get install chromium`) ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(findChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
