import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_POSTGRES_URL } from '../testing/test-database';
import { openDatabase } from './database';
import type { Sql } from './sql';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Each table's columns as `name:kind`, and the index names, on either engine. */
interface Shape {
  columns: Record<string, string[]>;
  indexes: string[];
}

const KINDS: Record<string, string> = {
  integer: 'integer',
  bigint: 'integer',
  text: 'text',
  blob: 'bytes',
  bytea: 'bytes',
  real: 'float',
  'double precision': 'float',
};

async function sqliteShape(sql: Sql): Promise<Shape> {
  const tables = await sql.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
  );
  const columns: Record<string, string[]> = {};
  for (const { name } of tables) {
    const info = await sql.all<{ name: string; type: string }>(
      `SELECT name, type FROM pragma_table_info('${name}')`,
    );
    columns[name] = info.map((c) => `${c.name}:${KINDS[c.type.toLowerCase()] ?? c.type}`).sort();
  }
  const indexes = await sql.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%'",
  );
  return { columns, indexes: indexes.map((i) => i.name).sort() };
}

async function postgresShape(sql: Sql): Promise<Shape> {
  const rows = await sql.all<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
     WHERE table_schema = current_schema()`,
  );
  const columns: Record<string, string[]> = {};
  for (const row of rows) {
    (columns[row.table_name] ??= []).push(
      `${row.column_name}:${KINDS[row.data_type] ?? row.data_type}`,
    );
  }
  for (const list of Object.values(columns)) list.sort();
  // Named indexes only: PostgreSQL names its key and unique indexes itself (…_pkey, …_key).
  const indexes = await sql.all<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()
     AND indexname NOT LIKE '%\\_pkey' AND indexname NOT LIKE '%\\_key'`,
  );
  return { columns, indexes: indexes.map((i) => i.indexname).sort() };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.runIf(TEST_POSTGRES_URL !== undefined)('the schema on both engines', () => {
  it('has the same tables, columns (by kind) and indexes after the migrations', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-parity-'));
    const sqlite = await openDatabase({ dataDir });
    cleanups.push(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    cleanups.push(() => sqlite.close());
    const postgres = await openTestDatabase();
    cleanups.push(postgres.dispose);

    const expected = await sqliteShape(sqlite);
    const actual = await postgresShape(postgres.sql);
    expect(Object.keys(expected.columns).length).toBeGreaterThan(40);
    expect(actual.columns).toEqual(expected.columns);
    expect(actual.indexes).toEqual(expected.indexes);
  });
});
