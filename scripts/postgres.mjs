// A private PostgreSQL for tests, benches and `npm run cluster`: its own folder and port, trust
// authentication on 127.0.0.1 only, started with the OS packages' binaries (Debian's
// `postgresql`, /usr/lib/postgresql/<version>/bin). As root it runs as the `postgres` user, since
// PostgreSQL refuses to run as root.
//
//   node scripts/postgres.mjs start <folder> <port>   prints the server's URL when it answers
//   node scripts/postgres.mjs stop <folder>
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The newest installed PostgreSQL's binaries, or undefined. */
export function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && Number(name) >= 15)
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

const asRoot = process.getuid?.() === 0;

function runAsOwner(command, args) {
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/** Starts (creating if needed) a cluster in `folder` on `port`; returns its URL. */
export function startPostgres(folder, port) {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error(
      'PostgreSQL 15 or newer is not installed: apt-get install postgresql (or see docs/scale-out.md).',
    );
  }
  const dataDir = path.resolve(folder);
  fs.mkdirSync(dataDir, { recursive: true });
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dataDir]);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    runAsOwner(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'edudesk',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
  }
  runAsOwner(path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(dataDir, 'server.log'),
    '-w',
    '-o',
    // Tests make and drop a database per server; fsync off is for this private test cluster only.
    `-p ${String(port)} -h 127.0.0.1 -k ${dataDir} -c max_connections=300 -c fsync=off -c full_page_writes=off`,
    'start',
  ]);
  return `postgres://edudesk@127.0.0.1:${String(port)}/postgres`;
}

export function stopPostgres(folder) {
  const bin = findPostgresBin();
  const dataDir = path.resolve(folder);
  if (!bin || !fs.existsSync(path.join(dataDir, 'postmaster.pid'))) return;
  runAsOwner(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const [command, folder, port] = process.argv.slice(2);
  try {
    if (command === 'start' && folder && port) console.log(startPostgres(folder, Number(port)));
    else if (command === 'stop' && folder) stopPostgres(folder);
    else {
      console.error('usage: node scripts/postgres.mjs start <folder> <port> | stop <folder>');
      process.exit(2);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
