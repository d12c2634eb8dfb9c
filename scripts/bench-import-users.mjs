// `node scripts/bench-import-users.mjs [ROWS]`: times the admin tool's user import
// (docs/operations.md, "Accounts, units and devices") as an administrator runs it on a server:
// the compiled dist/server/admin.mjs, production password cost, a new production database on
// SQLite, ROWS pupils (10,000 by default) without passwords, so each gets a generated one.
// Hashing them (argon2id, 19 MiB, two passes) on every core is nearly all the time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from './build-server.mjs';

const rows = Number(process.argv[2] ?? 10_000);
await buildServer();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-bench-import-'));
const env = {
  ...process.env,
  EDUDESK_MODE: 'production',
  EDUDESK_PUBLIC_ORIGIN: 'https://edu.example.org',
  EDUDESK_DATA_DIR: path.join(folder, 'data'),
  EDUDESK_LOG: '0',
};
delete env.EDUDESK_DATABASE_URL;
try {
  const admin = spawnSync(
    process.execPath,
    [
      'dist/server/admin.mjs',
      'create-admin',
      '--unit',
      '1001',
      '--unit-name',
      'Bench School',
      '--username',
      'benchadmin',
    ],
    { env, input: 'Bench-Import-Horse-2026\n', encoding: 'utf8' },
  );
  if (admin.status !== 0) throw new Error(`create-admin failed: ${admin.stderr}`);
  const csv = path.join(folder, 'pupils.csv');
  const lines = ['login_name,name,user_type'];
  for (let index = 1; index <= rows; index += 1) {
    lines.push(`pupil${String(index).padStart(5, '0')},学生${String(index)},student`);
  }
  fs.writeFileSync(csv, `${lines.join('\n')}\n`);
  const started = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    ['dist/server/admin.mjs', 'import-users', csv, '--unit', '1001'],
    { env, encoding: 'utf8' },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`import-users failed: ${run.stderr}`);
  process.stdout.write(run.stdout);
  console.log(
    `${String(rows)} users imported in ${seconds.toFixed(1)} s ` +
      `(${String(os.availableParallelism())} cores, ${((seconds / rows) * 1000).toFixed(1)} ms a user)`,
  );
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
}
