import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/database';
import type { Sql } from '../db/sql';

/**
 * The engine the server suite runs on: SQLite in a temporary folder by default, PostgreSQL when
 * EDUDESK_TEST_POSTGRES_URL names a server the suite may create databases on (scripts/
 * test-server.mjs starts a private one). Each test server gets a database of its own.
 */
const givenUrl = process.env.EDUDESK_TEST_POSTGRES_URL;
export const TEST_POSTGRES_URL = givenUrl === undefined || givenUrl === '' ? undefined : givenUrl;

export interface TestDatabaseLocation {
  dataDir: string;
  /** Set on PostgreSQL: a new, empty database. */
  databaseUrl?: string;
  /** Drops the database and removes the folder. */
  remove: () => Promise<void>;
}

/** A fresh, empty place for one test server's data on the engine under test. */
export async function createTestDatabase(
  prefix = 'edudesk-server-test-',
): Promise<TestDatabaseLocation> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const removeFolder = () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  if (TEST_POSTGRES_URL === undefined) {
    return {
      dataDir,
      remove: () => {
        removeFolder();
        return Promise.resolve();
      },
    };
  }
  const name = `edudesk_test_${randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    remove: async () => {
      removeFolder();
      await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A migrated, unseeded database on the engine under test, and how to close and remove it. */
export async function openTestDatabase(
  now: () => number = Date.now,
): Promise<{ sql: Sql; location: TestDatabaseLocation; dispose: () => Promise<void> }> {
  const location = await createTestDatabase('edudesk-db-test-');
  const sql = await openDatabase(location, now);
  return {
    sql,
    location,
    dispose: async () => {
      await sql.close();
      await location.remove();
    },
  };
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
