import { MIGRATIONS, type Migration } from './migrations';
import { POSTGRES_BASELINE, POSTGRES_BASELINE_VERSION } from './postgres-schema';
import type { Sql, SqlDialect } from './sql';

/** The newest schema this build knows: its highest migration, the same on both engines. */
export const SCHEMA_VERSION = MIGRATIONS.reduce((max, m) => Math.max(max, m.version), 0);

/**
 * Thrown at start on a database a newer build has migrated: running this build's code on it could
 * corrupt it. The message says what happened and how to roll back (docs/operations.md, "Upgrades").
 */
export class NewerSchemaError extends Error {
  constructor(
    readonly databaseSchema: number,
    readonly knownSchema: number,
  ) {
    super(
      `the database was upgraded by a newer version of EduDesk: its schema is version ` +
        `${String(databaseSchema)}, and this version knows schemas up to ${String(knownSchema)}. ` +
        'It does not start on it, as its code could damage the newer data. To roll back, stop ' +
        'every node and restore the backup taken before the upgrade (admin restore DIR); or run ' +
        'the newer version again. See docs/operations.md, "Upgrades".',
    );
    this.name = 'NewerSchemaError';
  }
}

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
  if (current > latest) throw new NewerSchemaError(current, latest);
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
