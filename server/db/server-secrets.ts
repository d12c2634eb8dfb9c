import type { Database } from 'better-sqlite3';
import { randomBytes } from 'node:crypto';

/**
 * A secret the server makes itself the first time it needs it and keeps in the database, so
 * every process of one database signs and checks with the same one (server_secrets).
 */
export function serverSecret(db: Database, name: string): string {
  db.prepare('INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING').run(
    name,
    randomBytes(32).toString('base64url'),
  );
  const row = db
    .prepare<[string], { value: string }>('SELECT value FROM server_secrets WHERE name = ?')
    .get(name);
  if (!row) throw new Error(`server secret ${name} could not be stored`);
  return row.value;
}
