import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import BetterSqlite3 from 'better-sqlite3';
import { filesDirOf, type ServerOptions } from '../config';
import { DATABASE_FILE, describeDatabaseUrl } from '../db/database';
import { PostgresSql } from '../db/postgres-sql';
import type { SqlDialect } from '../db/sql';
import { PRODUCT_VERSION } from '../apps/version-data';
import { SCHEMA_VERSION } from '../db/migrate';
import { type CommandResult, refuse, text } from './admin-common';

/**
 * `admin backup DIR` and `admin restore DIR [--yes]` (docs/operations.md, "Backups and restore"):
 * the database and the files folder, with a manifest that says what they are and lets a restore
 * check every byte before it touches anything.
 *
 * A backup folder holds `manifest.json` (written last: a folder without one is no backup),
 * `database/edudesk.db` (SQLite) or `database/edudesk.pgdump` (PostgreSQL, `pg_dump -Fc`), and
 * `files/`, a copy of the files folder. The database is copied first: a file uploaded while the
 * files are copied may be there without its row, never a row without its file.
 */

export const MANIFEST_FILE = 'manifest.json';
const SQLITE_COPY = 'database/edudesk.db';
const POSTGRES_DUMP = 'database/edudesk.pgdump';
const FILES = 'files';

const ManifestSchema = Type.Object({
  format: Type.Literal(1),
  product: Type.Literal('EduDesk'),
  /** The product version that took it (package.json). */
  version: Type.String({ maxLength: 100 }),
  /** The database's schema version (its highest migration). */
  schema: Type.Integer({ minimum: 0 }),
  engine: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  createdAt: Type.String({ maxLength: 40 }),
  /** The database's copy, one of `files`. */
  database: Type.Union([Type.Literal(SQLITE_COPY), Type.Literal(POSTGRES_DUMP)]),
  files: Type.Array(
    Type.Object({
      path: Type.String({ minLength: 1, maxLength: 4096 }),
      size: Type.Integer({ minimum: 0 }),
      sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    }),
  ),
});

export type Manifest = Static<typeof ManifestSchema>;

function engineOf(options: Pick<ServerOptions, 'databaseUrl'>): SqlDialect {
  return options.databaseUrl === undefined ? 'sqlite' : 'postgres';
}

function whereDatabase(options: Pick<ServerOptions, 'dataDir' | 'databaseUrl'>): string {
  return options.databaseUrl === undefined
    ? path.join(options.dataDir, DATABASE_FILE)
    : `PostgreSQL ${describeDatabaseUrl(options.databaseUrl)}`;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The backup folder and the files folder must be apart: a restore empties the files folder, and a
 * backup inside it would copy itself.
 */
function refuseOverlap(dir: string, filesDir: string): void {
  const inside = (child: string, parent: string) => {
    const relative = path.relative(parent, child);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  };
  if (inside(dir, filesDir) || inside(filesDir, dir)) {
    throw refuse(
      `${dir} and the files folder ${filesDir} must be apart (neither inside the other): choose a backup folder elsewhere; nothing was changed`,
      `${dir} 与文件夹 ${filesDir} 不能相互包含：请另选备份文件夹；未做任何更改`,
    );
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

// --- PostgreSQL's own tools ---------------------------------------------------------------------

type PostgresTool = 'pg_dump' | 'pg_restore' | 'psql';

/**
 * A PostgreSQL client tool: the newest in /usr/lib/postgresql/<version>/bin (Debian's packages;
 * a dump needs a pg_dump at least as new as the server), else the first on PATH.
 */
export function findPostgresTool(name: PostgresTool, env: NodeJS.ProcessEnv = process.env): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((entry) => /^\d+$/.test(entry))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const candidates = [
    ...versions.map((version) => path.join(root, version, 'bin', name)),
    ...(env.PATH ?? '')
      .split(path.delimiter)
      .filter((dir) => dir !== '')
      .map((dir) => path.join(dir, name)),
  ];
  const found = candidates.find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  });
  if (found === undefined) {
    throw refuse(
      `${name} was not found on PATH or in /usr/lib/postgresql/*/bin: install PostgreSQL's client tools of the server's version or newer (Debian: apt-get install postgresql-client)`,
      `在 PATH 和 /usr/lib/postgresql/*/bin 中找不到 ${name}：请安装不低于数据库服务器版本的 PostgreSQL 客户端工具（Debian：apt-get install postgresql-client）`,
    );
  }
  return found;
}

/**
 * The tools' connection: the URL without its password on the command line (which `ps` shows to
 * every user), the password in PGPASSWORD.
 */
function toolConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password === '' ? {} : { PGPASSWORD: password }) },
  };
}

/** Runs a tool to its end; refuses with its standard error when it fails. */
function runTool(name: PostgresTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(findPostgresTool(name, env), args, {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => {
      stderr += data.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(toolFailed(name, code, stderr));
    });
  });
}

function toolFailed(name: PostgresTool, code: number | null, stderr: string): Error {
  return refuse(
    `${name} failed (exit code ${String(code)}): ${stderr.trim()}`,
    `${name} 失败（退出码 ${String(code)}）：${stderr.trim()}`,
  );
}

/** The schema version of a database (its highest migration), 0 for an empty one. */
async function schemaOfPostgres(databaseUrl: string): Promise<number> {
  const sql = PostgresSql.open({ connectionString: databaseUrl, maxConnections: 1 });
  try {
    const table = await sql.get<{ name: string | null }>(
      "SELECT to_regclass('schema_migrations')::text AS name",
    );
    if (table?.name == null) return 0;
    const row = await sql.get<{ version: number | null }>(
      'SELECT MAX(version) AS version FROM schema_migrations',
    );
    return row?.version ?? 0;
  } finally {
    await sql.close();
  }
}

function schemaOfSqlite(file: string): number {
  const db = new BetterSqlite3(file, { fileMustExist: true, readonly: true });
  try {
    const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as
      { version: number | null } | undefined;
    return row?.version ?? 0;
  } finally {
    db.close();
  }
}

// --- backup -------------------------------------------------------------------------------------

/** A new folder for the backup, or an empty one: a backup never overwrites another. */
function prepareBackupFolder(dir: string): void {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    return;
  }
  if (entries.length > 0) {
    throw refuse(
      `${dir} is not empty: a backup goes into a new folder (for example one named by the date)`,
      `${dir} 不是空文件夹：备份须存入新文件夹（例如以日期命名）`,
    );
  }
  // It holds password hashes and the server's secrets: the operator's only.
  fs.chmodSync(dir, 0o700);
}

async function backupDatabase(options: ServerOptions, dir: string): Promise<number> {
  if (options.databaseUrl === undefined) {
    const source = path.join(options.dataDir, DATABASE_FILE);
    if (!fs.existsSync(source)) {
      throw refuse(
        `There is no database at ${source}: run with the server's EDUDESK_DATA_DIR (or EDUDESK_DATABASE_URL)`,
        `${source} 处没有数据库：请使用服务器的 EDUDESK_DATA_DIR（或 EDUDESK_DATABASE_URL）运行`,
      );
    }
    const target = path.join(dir, SQLITE_COPY);
    const db = new BetterSqlite3(source, { fileMustExist: true, timeout: 5000 });
    try {
      // One read transaction: a consistent copy while the server goes on writing.
      db.prepare('VACUUM INTO ?').run(target);
    } finally {
      db.close();
    }
    fs.chmodSync(target, 0o600);
    return schemaOfSqlite(target);
  }
  const schema = await schemaOfPostgres(options.databaseUrl);
  const { dbname, env } = toolConnection(options.databaseUrl);
  const target = path.join(dir, POSTGRES_DUMP);
  // pg_dump reads one snapshot: consistent while the nodes go on writing.
  await runTool(
    'pg_dump',
    ['--format=custom', '--no-password', `--file=${target}`, `--dbname=${dbname}`],
    env,
  );
  fs.chmodSync(target, 0o600);
  return schema;
}

/** Every regular file under `root`, as paths relative to it with `/` separators, sorted. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .map((relative) => relative.split(path.sep).join('/'))
    .sort();
}

export async function backup(
  options: ServerOptions,
  input: { dir: string },
): Promise<CommandResult & { manifest: Manifest }> {
  const dir = path.resolve(input.dir);
  refuseOverlap(dir, filesDirOf(options));
  prepareBackupFolder(dir);
  try {
    fs.mkdirSync(path.join(dir, 'database'), { mode: 0o700 });
    const schema = await backupDatabase(options, dir);
    const database = engineOf(options) === 'sqlite' ? SQLITE_COPY : POSTGRES_DUMP;

    const filesDir = filesDirOf(options);
    const copied: string[] = [];
    for (const relative of filesUnder(filesDir)) {
      const target = path.join(dir, FILES, ...relative.split('/'));
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      try {
        fs.copyFileSync(path.join(filesDir, ...relative.split('/')), target);
      } catch (error) {
        // A partial upload's chunk cleaned away meanwhile is no loss; anything else is.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      copied.push(`${FILES}/${relative}`);
    }

    const files: Manifest['files'] = [];
    for (const relative of [database, ...copied]) {
      const file = path.join(dir, ...relative.split('/'));
      files.push({ path: relative, size: fs.statSync(file).size, sha256: await sha256Of(file) });
    }
    const manifest: Manifest = {
      format: 1,
      product: 'EduDesk',
      version: PRODUCT_VERSION,
      schema,
      engine: engineOf(options),
      createdAt: new Date(options.now?.() ?? Date.now()).toISOString(),
      database,
      files,
    };
    fs.writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    const databaseSize = files[0]?.size ?? 0;
    const filesSize = files.slice(1).reduce((sum, file) => sum + file.size, 0);
    return {
      manifest,
      lines: [
        text(
          `Backed up ${whereDatabase(options)} (schema ${String(schema)}, ${megabytes(databaseSize)}) and ${String(copied.length)} file(s) of ${filesDir} (${megabytes(filesSize)}) into ${dir}.`,
          `已将 ${whereDatabase(options)}（架构版本 ${String(schema)}，${megabytes(databaseSize)}）及 ${filesDir} 中的 ${String(copied.length)} 个文件（${megabytes(filesSize)}）备份到 ${dir}。`,
        ),
        text(
          'It holds password hashes and the server\'s secrets: keep it as safe as the server. Keep the server\'s environment (EDUDESK_* variables) with it: docs/operations.md, "Backups and restore".',
          '备份含密码散列和服务器密钥，请与服务器同等妥善保管，并一并保存服务器的环境变量（EDUDESK_*）：详见 docs/operations.md“Backups and restore”。',
        ),
      ],
    };
  } catch (error) {
    // No half backup left behind that could be mistaken for one.
    for (const entry of [MANIFEST_FILE, 'database', FILES]) {
      fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    }
    throw error;
  }
}

// --- restore ------------------------------------------------------------------------------------

/** The manifest of a backup folder, checked as the hostile input it may be. */
function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST_FILE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw refuse(
      `${dir} is not a backup: ${file} cannot be read (${reasonOf(error)})`,
      `${dir} 不是备份：无法读取 ${file}（${reasonOf(error)}）`,
    );
  }
  if (!Value.Check(ManifestSchema, parsed)) {
    const first = Value.Errors(ManifestSchema, parsed).First();
    throw refuse(
      `${file} is not an EduDesk backup manifest (${first?.path ?? ''}: ${first?.message ?? ''})`,
      `${file} 不是 EduDesk 备份清单（${first?.path ?? ''}：${first?.message ?? ''}）`,
    );
  }
  return parsed;
}

/** The problem with a manifest's path, or undefined: relative, inside the folder, no `..`. */
function pathProblem(manifest: Manifest, relative: string): string | undefined {
  const parts = relative.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || /[\\\0]/.test(part))) {
    return 'not a plain relative path';
  }
  if (relative !== manifest.database && parts[0] !== FILES) return 'not part of a backup';
  return undefined;
}

/**
 * Every file of the manifest is there, a regular file inside the folder, of its size and SHA-256;
 * the database's copy is one of them and is of the manifest's engine. Nothing is read twice.
 */
async function verifyBackup(dir: string, manifest: Manifest): Promise<void> {
  const problems: string[] = [];
  const root = fs.realpathSync(dir);
  const seen = new Set<string>();
  for (const entry of manifest.files) {
    const problem =
      pathProblem(manifest, entry.path) ?? (seen.has(entry.path) ? 'listed twice' : undefined);
    seen.add(entry.path);
    if (problem !== undefined) {
      problems.push(`${entry.path}: ${problem}`);
      continue;
    }
    const file = path.join(dir, ...entry.path.split('/'));
    try {
      const stat = fs.lstatSync(file);
      if (!stat.isFile() || !fs.realpathSync(file).startsWith(`${root}${path.sep}`)) {
        problems.push(`${entry.path}: not a file of the backup folder`);
      } else if (stat.size !== entry.size) {
        problems.push(
          `${entry.path}: ${String(stat.size)} bytes, the manifest says ${String(entry.size)}`,
        );
      } else if ((await sha256Of(file)) !== entry.sha256) {
        problems.push(`${entry.path}: its SHA-256 differs from the manifest's`);
      }
    } catch (error) {
      problems.push(`${entry.path}: ${reasonOf(error)}`);
    }
    if (problems.length >= 20) break;
  }
  const databaseOfEngine = manifest.engine === 'sqlite' ? SQLITE_COPY : POSTGRES_DUMP;
  if (manifest.database !== databaseOfEngine || !seen.has(manifest.database)) {
    problems.push(`${manifest.database}: not the ${manifest.engine} database of the manifest`);
  }
  if (problems.length > 0) {
    throw refuse(
      `The backup in ${dir} is damaged; nothing was changed:\n  ${problems.join('\n  ')}`,
      `${dir} 中的备份已损坏，未做任何更改：\n  ${problems.join('\n  ')}`,
    );
  }
}

/** Refuses while another connection (a running server) has the SQLite database open. */
function refuseOpenSqlite(file: string): void {
  if (!fs.existsSync(file)) return;
  const db = new BetterSqlite3(file, { fileMustExist: true, timeout: 0 });
  try {
    // Exclusive locking cannot be had while any other connection has the database open, even
    // an idle one in WAL mode; closing it checkpoints and removes the WAL.
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.prepare('SELECT COUNT(*) FROM sqlite_master').get();
    db.exec('COMMIT');
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw refuse(
        `${file} is open in another program, most likely the running server: stop it, then run restore again; nothing was changed`,
        `${file} 正被其他程序（多半是运行中的服务器）打开：请先停止服务器再恢复；未做任何更改`,
      );
    }
    throw error;
  } finally {
    db.close();
  }
}

/**
 * Refuses while other sessions are connected to the PostgreSQL database (a node still runs). A
 * node's idle connections close after 30 s, so an idle node may not be seen: stopping every node
 * is the operator's step (docs/operations.md). Connections a stopped node just closed are given
 * a few seconds to go.
 */
async function refuseConnectedPostgres(databaseUrl: string): Promise<void> {
  const sql = PostgresSql.open({ connectionString: databaseUrl, maxConnections: 1 });
  try {
    for (let attempt = 0; ; attempt += 1) {
      const row = await sql.get<{ n: number }>(
        `SELECT COUNT(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      const others = row?.n ?? 0;
      if (others === 0) return;
      if (attempt >= 30) {
        throw refuse(
          `${String(others)} other connection(s) to ${describeDatabaseUrl(databaseUrl)} are open, most likely a running server node: stop every node, then run restore again; nothing was changed`,
          `${describeDatabaseUrl(databaseUrl)} 上还有 ${String(others)} 个其他连接（多半是运行中的服务器节点）：请停止所有节点后再恢复；未做任何更改`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await sql.close();
  }
}

/**
 * Empties the current schema (tables, sequences, functions, types, collations), so that what a newer schema added is
 * gone too; then the dump recreates the backup's. One transaction with the restore (below).
 */
const EMPTY_SCHEMA = `
SET client_min_messages = warning;
BEGIN;
DO $$
DECLARE item record;
BEGIN
  FOR item IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() LOOP
    EXECUTE format('DROP TABLE IF EXISTS %I CASCADE', item.tablename);
  END LOOP;
  FOR item IN SELECT sequencename FROM pg_sequences WHERE schemaname = current_schema() LOOP
    EXECUTE format('DROP SEQUENCE IF EXISTS %I CASCADE', item.sequencename);
  END LOOP;
  FOR item IN SELECT p.oid::regprocedure AS name FROM pg_proc p
               WHERE p.pronamespace = current_schema()::regnamespace LOOP
    EXECUTE format('DROP FUNCTION IF EXISTS %s CASCADE', item.name);
  END LOOP;
  FOR item IN SELECT typname FROM pg_type
               WHERE typnamespace = current_schema()::regnamespace AND typtype IN ('e', 'd', 'r') LOOP
    EXECUTE format('DROP TYPE IF EXISTS %I CASCADE', item.typname);
  END LOOP;
  FOR item IN SELECT collname FROM pg_collation
               WHERE collnamespace = current_schema()::regnamespace LOOP
    EXECUTE format('DROP COLLATION IF EXISTS %I CASCADE', item.collname);
  END LOOP;
END $$;
`;

/**
 * A restore ends every session and partner token of the backup: one ended since the backup was
 * taken (a logout, a password reset, a partner's access withdrawn) must not be valid again, and
 * nothing tells them apart, so everyone signs in again. `oauth_tokens` came with schema 9.
 */
const END_SESSIONS = 'UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL';
const END_PARTNER_TOKENS = 'UPDATE oauth_tokens SET revoked_at = ? WHERE revoked_at IS NULL';

/** END_SESSIONS and END_PARTNER_TOKENS for psql, at `now`, inside the restore's transaction. */
function endCredentialsForPsql(now: number): string {
  const at = String(Math.trunc(now));
  // The dump empties the search path; the server's is the connection's default.
  return `RESET search_path;
${END_SESSIONS.replace('?', at)};
DO $$ BEGIN
  IF to_regclass('oauth_tokens') IS NOT NULL THEN ${END_PARTNER_TOKENS.replace('?', at)}; END IF;
END $$;
`;
}

/**
 * Replaces the PostgreSQL database's content with the dump, in one transaction: pg_restore writes
 * the dump as SQL into psql, after EMPTY_SCHEMA; COMMIT is sent only once pg_restore has written
 * all of it and the credentials are ended, so a failure of either leaves the database as it was.
 */
async function restorePostgres(databaseUrl: string, dump: string, now: number): Promise<void> {
  const { dbname, env } = toolConnection(databaseUrl);
  const psqlPath = findPostgresTool('psql', env);
  const restorePath = findPostgresTool('pg_restore', env);
  await new Promise<void>((resolve, reject) => {
    const psql = spawn(
      psqlPath,
      ['--no-psqlrc', '--quiet', '--no-password', '--set=ON_ERROR_STOP=1', `--dbname=${dbname}`],
      { env, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    const reader = spawn(restorePath, ['--no-owner', '--no-privileges', '--file=-', dump], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let psqlErrors = '';
    let readerErrors = '';
    psql.stderr.on('data', (data: Buffer) => (psqlErrors += data.toString()));
    reader.stderr.on('data', (data: Buffer) => (readerErrors += data.toString()));
    // psql stopping on an error closes its input; what pg_restore still writes goes nowhere.
    psql.stdin.on('error', () => undefined);
    let failure: Error | undefined;
    psql.once('error', (error) => (failure ??= error));
    reader.once('error', (error) => (failure ??= error));

    psql.stdin.write(EMPTY_SCHEMA);
    reader.stdout.pipe(psql.stdin, { end: false });
    reader.once('close', (code) => {
      if (code === 0 && failure === undefined) {
        psql.stdin.end(`${endCredentialsForPsql(now)}COMMIT;\n`);
      } else {
        failure ??= toolFailed('pg_restore', code, readerErrors);
        // Without COMMIT the transaction is rolled back when psql goes.
        psql.kill();
      }
    });
    psql.once('close', (code) => {
      if (failure !== undefined) reject(failure);
      else if (code !== 0) reject(toolFailed('psql', code, psqlErrors));
      else resolve();
    });
  });
}

/**
 * Replaces the SQLite database file with the backup's copy (the server is stopped), its
 * credentials ended first (END_SESSIONS).
 */
function restoreSqlite(dataDir: string, copy: string, now: number): void {
  const target = path.join(dataDir, DATABASE_FILE);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temporary = `${target}.restoring`;
  fs.copyFileSync(copy, temporary);
  fs.chmodSync(temporary, 0o600);
  try {
    const database = new BetterSqlite3(temporary, { fileMustExist: true });
    try {
      const hasPartnerTokens = database
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'oauth_tokens'")
        .get();
      database.transaction(() => {
        database.prepare(END_SESSIONS).run(now);
        if (hasPartnerTokens !== undefined) database.prepare(END_PARTNER_TOKENS).run(now);
      })();
    } finally {
      database.close();
    }
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  // The old database's journals must not be applied to the new one.
  for (const suffix of ['-wal', '-shm', '-journal'])
    fs.rmSync(`${target}${suffix}`, { force: true });
  fs.renameSync(temporary, target);
}

/** Replaces the files folder's content with the backup's files. */
function restoreFiles(dir: string, manifest: Manifest, filesDir: string): number {
  // The folder itself stays: it may be a mount point several nodes share.
  fs.mkdirSync(filesDir, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(filesDir)) {
    fs.rmSync(path.join(filesDir, entry), { recursive: true, force: true });
  }
  let count = 0;
  for (const entry of manifest.files) {
    const [first, ...rest] = entry.path.split('/');
    if (first !== FILES) continue;
    const target = path.join(filesDir, ...rest);
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    fs.copyFileSync(path.join(dir, ...entry.path.split('/')), target);
    count += 1;
  }
  return count;
}

export async function restore(
  options: ServerOptions,
  input: { dir: string; yes: boolean },
): Promise<CommandResult> {
  const dir = path.resolve(input.dir);
  refuseOverlap(dir, filesDirOf(options));
  const manifest = readManifest(dir);
  const engine = engineOf(options);
  const taken = `EduDesk ${manifest.version}, schema ${String(manifest.schema)}, ${manifest.createdAt}`;
  const takenZh = `EduDesk ${manifest.version}，架构版本 ${String(manifest.schema)}，${manifest.createdAt}`;
  if (manifest.engine !== engine) {
    throw refuse(
      `The backup in ${dir} is of a ${manifest.engine} database and this server uses ${engine}: restore it on a server of that engine; nothing was changed`,
      `${dir} 中的备份来自 ${manifest.engine} 数据库，而本服务器使用 ${engine}：请在同类数据库的服务器上恢复；未做任何更改`,
    );
  }
  if (manifest.schema > SCHEMA_VERSION) {
    throw refuse(
      `The backup in ${dir} (${taken}) is newer than this version (EduDesk ${PRODUCT_VERSION}, schema ${String(SCHEMA_VERSION)}): restore it with that version or a newer one; nothing was changed`,
      `${dir} 中的备份（${takenZh}）比本版本（EduDesk ${PRODUCT_VERSION}，架构版本 ${String(SCHEMA_VERSION)}）新：请用该版本或更新的版本恢复；未做任何更改`,
    );
  }
  await verifyBackup(dir, manifest);
  const filesDir = filesDirOf(options);
  if (!input.yes) {
    throw refuse(
      `The backup in ${dir} (${taken}) is whole. Restoring replaces ${whereDatabase(options)} and everything in ${filesDir}. Stop the server (every node) first, then run again with --yes; nothing was changed`,
      `${dir} 中的备份（${takenZh}）完好。恢复将替换 ${whereDatabase(options)} 及 ${filesDir} 中的全部内容。请先停止服务器（所有节点），再加 --yes 重新运行；未做任何更改`,
    );
  }
  const copy = path.join(dir, ...manifest.database.split('/'));
  if (options.databaseUrl === undefined) {
    refuseOpenSqlite(path.join(options.dataDir, DATABASE_FILE));
  } else {
    await refuseConnectedPostgres(options.databaseUrl);
  }
  try {
    const now = options.now?.() ?? Date.now();
    if (options.databaseUrl === undefined) restoreSqlite(options.dataDir, copy, now);
    else await restorePostgres(options.databaseUrl, copy, now);
  } catch (error) {
    const reason = reasonOf(error);
    throw refuse(
      `Restoring ${whereDatabase(options)} failed: ${reason}`,
      `恢复 ${whereDatabase(options)} 失败：${reason}`,
    );
  }
  let count: number;
  try {
    count = restoreFiles(dir, manifest, filesDir);
  } catch (error) {
    const reason = reasonOf(error);
    throw refuse(
      `The database is restored, but restoring the files into ${filesDir} failed: ${reason}. Free the space or fix the folder's permissions, then run restore again`,
      `数据库已恢复，但恢复文件到 ${filesDir} 失败：${reason}。请腾出空间或修正文件夹权限后重新运行恢复`,
    );
  }
  return {
    lines: [
      text(
        `Restored ${whereDatabase(options)} and ${String(count)} file(s) into ${filesDir} from ${dir} (${taken}).`,
        `已从 ${dir}（${takenZh}）恢复 ${whereDatabase(options)} 及 ${String(count)} 个文件到 ${filesDir}。`,
      ),
      text(
        manifest.schema < SCHEMA_VERSION
          ? `Start the server: it migrates the database from schema ${String(manifest.schema)} to ${String(SCHEMA_VERSION)}.`
          : 'Start the server.',
        manifest.schema < SCHEMA_VERSION
          ? `请启动服务器：它会把数据库从架构版本 ${String(manifest.schema)} 迁移到 ${String(SCHEMA_VERSION)}。`
          : '请启动服务器。',
      ),
    ],
  };
}
