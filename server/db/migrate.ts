import type { Database } from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations';

/** Applies the pending migrations, each in its own transaction; returns the versions applied. */
export function runMigrations(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
  now: () => number = Date.now,
): number[] {
  db.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version    INTEGER PRIMARY KEY,
      name       TEXT    NOT NULL,
      applied_at INTEGER NOT NULL
    )
  `);
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as {
    version: number | null;
  };
  const current = row.version ?? 0;
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  if (current > latest) {
    // A newer server wrote this database; running old code on it could corrupt it.
    throw new Error(
      `The database schema (version ${String(current)}) is newer than this server (${String(latest)}).`,
    );
  }
  const record = db.prepare(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );
  const applied: number[] = [];
  const pending = [...migrations]
    .sort((a, b) => a.version - b.version)
    .filter((m) => m.version > current);
  for (const migration of pending) {
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, now());
    })();
    applied.push(migration.version);
  }
  return applied;
}
