import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { runMigrations } from './migrate';

export const DATABASE_FILE = 'edudesk.db';

/** Opens (creating if needed) `<dataDir>/edudesk.db` in WAL mode with the schema up to date. */
export function openDatabase(dataDir: string, now: () => number = Date.now): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new BetterSqlite3(path.join(dataDir, DATABASE_FILE));
  try {
    // WAL lets readers (every authenticated request) proceed while a login writes.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    runMigrations(db, undefined, now);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
