import { MIGRATIONS, type Migration } from './migrations';
import { POSTGRES_BASELINE, POSTGRES_BASELINE_VERSION } from './postgres-schema';
import type { Sql, SqlDialect } from './sql';

/**
 * The migrations of an engine, in order: SQLite's all of them; PostgreSQL's its baseline (the
 * schema of version 13 at once, server/db/postgres-schema.ts) and every later one's `postgres`.
 */
export function migrationsFor(
  dialect: SqlDialect,
  migrations: readonly Migration[] = MIGRATIONS,
): Migration[] {
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  if (dialect === 'sqlite') return sorted;
  return [
    {
      version: POSTGRES_BASELINE_VERSION,
      name: 'the schema of version 13',
      sql: POSTGRES_BASELINE,
    },
    ...sorted
      .filter((migration) => migration.version > POSTGRES_BASELINE_VERSION)
      .map((migration) => {
        if (migration.postgres === undefined) {
          throw new Error(`Migration ${String(migration.version)} has no PostgreSQL text.`);
        }
        return { ...migration, sql: migration.postgres };
      }),
  ];
}

/** Applies the pending migrations, each in its own transaction; returns the versions applied. */
export async function runMigrations(
  sql: Sql,
  migrations: readonly Migration[] = migrationsFor(sql.dialect),
  now: () => number = Date.now,
): Promise<number[]> {
  await sql.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version    INTEGER PRIMARY KEY,
      name       TEXT    NOT NULL,
      applied_at BIGINT  NOT NULL
    )
  `);
  const row = await sql.get<{ version: number | null }>(
    'SELECT MAX(version) AS version FROM schema_migrations',
  );
  const current = row?.version ?? 0;
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  if (current > latest) {
    // A newer server wrote this database; running old code on it could corrupt it.
    throw new Error(
      `The database schema (version ${String(current)}) is newer than this server (${String(latest)}).`,
    );
  }
  const applied: number[] = [];
  for (const migration of migrations.filter((m) => m.version > current)) {
    await sql.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await migration.data?.(tx);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        now(),
      ]);
    });
    applied.push(migration.version);
  }
  return applied;
}
