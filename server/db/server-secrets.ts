import { randomBytes } from 'node:crypto';
import type { Sql } from './sql';

const STORE = 'INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING';
const READ = 'SELECT value FROM server_secrets WHERE name = ?';

/**
 * A secret the server makes itself the first time it needs it and keeps in the database, so
 * every process of one database signs and checks with the same one (server_secrets). Of several
 * nodes making it at once, the first insert wins and every node reads that one.
 */
export async function serverSecret(sql: Sql, name: string): Promise<string> {
  await sql.run(STORE, [name, randomBytes(32).toString('base64url')]);
  const row = await sql.get<{ value: string }>(READ, [name]);
  if (!row) throw new Error(`server secret ${name} could not be stored`);
  return row.value;
}
