import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { runMigrations } from './migrate';
import { PostgresSql } from './postgres-sql';
import type { Sql } from './sql';
import { SqliteSql } from './sqlite-sql';

export const DATABASE_FILE = 'edudesk.db';

export interface DatabaseLocation {
  /** `<dataDir>/edudesk.db` when no URL is given. */
  dataDir: string;
  /** `postgres://…`: the PostgreSQL database several nodes share (EDUDESK_DATABASE_URL). */
  databaseUrl?: string | undefined;
}

/**
 * Opens the server's database with the schema up to date: PostgreSQL when a URL is given, else
 * (creating it if needed) `<dataDir>/edudesk.db` in WAL mode. `work` runs after the migrations
 * and, on PostgreSQL, under the lock every starting node takes, so that of several nodes
 * starting on an empty database one migrates and seeds and the others find it done.
 */
export async function openDatabase(
  location: DatabaseLocation,
  now: () => number = Date.now,
  work: (sql: Sql) => Promise<unknown> = () => Promise.resolve(),
): Promise<Sql> {
  if (location.databaseUrl !== undefined) {
    const sql = PostgresSql.open({ connectionString: location.databaseUrl });
    try {
      await sql.withStartupLock(async () => {
        await runMigrations(sql, undefined, now);
        await work(sql);
      });
      return sql;
    } catch (error) {
      await sql.close();
      throw error;
    }
  }
  fs.mkdirSync(location.dataDir, { recursive: true });
  const connection = new BetterSqlite3(path.join(location.dataDir, DATABASE_FILE));
  const sql = new SqliteSql(connection);
  try {
    // WAL lets readers (every authenticated request) proceed while a login writes.
    connection.pragma('journal_mode = WAL');
    connection.pragma('synchronous = NORMAL');
    connection.pragma('foreign_keys = ON');
    connection.pragma('busy_timeout = 5000');
    await runMigrations(sql, undefined, now);
    await work(sql);
    return sql;
  } catch (error) {
    connection.close();
    throw error;
  }
}

/** Where a database URL points, for messages: the host, port and database, never the password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const database = parsed.pathname.replace(/^\//, '') || '(default database)';
    return `${parsed.hostname}:${parsed.port || '5432'}/${database}`;
  } catch {
    return '(an unreadable EDUDESK_DATABASE_URL)';
  }
}
