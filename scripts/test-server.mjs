// `npm run test:server`: the server suite on both engines, as CI runs it: first on SQLite (the
// embedded default), then on a private PostgreSQL this script starts in a temporary folder on a
// free port and stops at the end (docs/scale-out.md). EDUDESK_TEST_ENGINES=sqlite or =postgres
// runs one of them; more arguments go to vitest (a file filter).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './cluster.mjs';
import { startPostgres, stopPostgres } from './postgres.mjs';

const engines = (process.env.EDUDESK_TEST_ENGINES ?? 'sqlite,postgres').split(',');
const vitestArgs = ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)];

function vitest(env) {
  const result = spawnSync('npx', vitestArgs, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

let status = 0;
if (engines.includes('sqlite')) {
  console.log('Server suite on SQLite');
  status = vitest({ EDUDESK_TEST_POSTGRES_URL: '' });
}
if (status === 0 && engines.includes('postgres')) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-test-pg-'));
  let url;
  try {
    url = startPostgres(folder, await freePort());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  console.log(`Server suite on PostgreSQL (${url})`);
  try {
    status = vitest({ EDUDESK_TEST_POSTGRES_URL: url });
  } finally {
    stopPostgres(folder);
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
process.exit(status);
