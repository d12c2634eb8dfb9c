import { TEST_PASSWORD_COST } from '../testing/test-app';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyPasswordSync } from '../auth/password';
import { DEFAULT_OPTIONS } from '../config';
import { gate } from '../testing/gate';
import { createTestDatabase, openTestDatabase, TEST_POSTGRES_URL } from '../testing/test-database';
import { openDatabase } from './database';
import { migrationsFor, runMigrations } from './migrate';
import { MIGRATIONS } from './migrations';
import { openSeededDatabase, seedDemoData } from './seed';
import { SEED_USERS } from './seed-data';
import { OUTER_CLIENT_IN_TRANSACTION, type Sql } from './sql';
import type { SqliteSql } from './sqlite-sql';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDatabase(): Promise<Sql> {
  const { sql, dispose } = await openTestDatabase();
  cleanups.push(dispose);
  return sql;
}

const seedOptions = {
  demoPassword: DEFAULT_OPTIONS.demoPassword,
  passwordCost: DEFAULT_OPTIONS.passwordCost,
  now: () => 1_772_000_000_000,
};

/** Takes migration 17's counts away, as a database of an earlier version was. */
async function undoUnreadCounts(sql: Sql): Promise<void> {
  await sql.exec(
    sql.dialect === 'postgres'
      ? 'DROP TRIGGER desktop_messages_unread_counted ON desktop_messages;' +
          'DROP FUNCTION desktop_unread_counted(); DROP TABLE desktop_unread_counts;'
      : 'DROP TRIGGER desktop_messages_unread_inserted; DROP TRIGGER desktop_messages_unread_updated;' +
          'DROP TRIGGER desktop_messages_unread_deleted; DROP TABLE desktop_unread_counts;',
  );
}

async function count(sql: Sql, table: string): Promise<number> {
  return (await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n ?? -1;
}

describe('database', () => {
  it.runIf(TEST_POSTGRES_URL === undefined)(
    'creates the data directory and opens SQLite in WAL mode with foreign keys on',
    async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-db-test-'));
      cleanups.push(() => {
        fs.rmSync(root, { recursive: true, force: true });
      });
      const dataDir = path.join(root, 'nested', 'data');
      const sql = await openDatabase({ dataDir });
      cleanups.push(() => sql.close());
      expect(fs.existsSync(path.join(dataDir, 'edudesk.db'))).toBe(true);
      expect(sql.dialect).toBe('sqlite');
      const { connection } = sql as unknown as SqliteSql;
      expect(connection.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(connection.pragma('foreign_keys', { simple: true })).toBe(1);
    },
  );

  it('applies each migration once and records it', async () => {
    const sql = await freshDatabase();
    const versions = await sql.all<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(versions.map((row) => row.version)).toEqual(
      migrationsFor(sql.dialect).map((m) => m.version),
    );
    expect(await runMigrations(sql)).toEqual([]);
    for (const table of ['units', 'users', 'sessions', 'login_throttle', 'known_devices']) {
      expect(await count(sql, table)).toBe(0);
    }
  });

  it('refuses a database written by a newer server', async () => {
    const sql = await freshDatabase();
    await sql.run("INSERT INTO schema_migrations VALUES (999, 'future', 0)");
    await expect(runMigrations(sql)).rejects.toThrow(/newer/);
  });

  it('applies a new migration on top of an existing database, in its engine’s text', async () => {
    const sql = await freshDatabase();
    const next = {
      version: 1000,
      name: 'test',
      sql: 'CREATE TABLE extra (id INTEGER)',
      postgres: 'CREATE TABLE extra (id BIGINT)',
    };
    expect(await runMigrations(sql, migrationsFor(sql.dialect, [...MIGRATIONS, next]))).toEqual([
      1000,
    ]);
    expect(await runMigrations(sql, migrationsFor(sql.dialect, [...MIGRATIONS, next]))).toEqual([]);
    expect(await count(sql, 'extra')).toBe(0);
  });

  describe('sign-in names keyed by their normalised form (migration 15)', () => {
    /** A database as the server before migration 15 left it, with these users in unit 1. */
    async function before15(names: readonly string[]): Promise<Sql> {
      const sql = await freshDatabase();
      // Migration 16's columns and 17's counts go too: they run again after 15.
      await undoUnreadCounts(sql);
      await sql.exec(
        'DROP INDEX children_parent_student; ALTER TABLE children DROP COLUMN student_user_id;' +
          'ALTER TABLE users DROP COLUMN must_change_password; ALTER TABLE users DROP COLUMN phone;' +
          'ALTER TABLE users DROP COLUMN email;' +
          'DROP INDEX users_login_key_unique; ALTER TABLE users DROP COLUMN login_key;' +
          'DELETE FROM schema_migrations WHERE version >= 15',
      );
      await sql.run("INSERT INTO units (id, name, unit_type) VALUES (1, 'U', 2)");
      for (const [index, name] of names.entries()) {
        await sql.run(
          `INSERT INTO users (id, unit_id, login_name, password_hash, real_name, user_type, created_at)
           VALUES (?, 1, ?, 'x', 'N', 2, 0)`,
          [index + 1, name],
        );
      }
      return sql;
    }

    it('computes the key of every stored name', async () => {
      const sql = await before15(['Teacher01', 'ｗａｎｇ', 'li​si']);
      expect(await runMigrations(sql)).toContain(15);
      expect(await sql.all('SELECT login_name, login_key FROM users ORDER BY id')).toEqual([
        { login_name: 'Teacher01', login_key: 'teacher01' },
        { login_name: 'ｗａｎｇ', login_key: 'wang' },
        { login_name: 'li​si', login_key: 'lisi' },
      ]);
    });

    // SQLite's NOCASE let such names in (PostgreSQL's loose collation refused the second).
    it.runIf(TEST_POSTGRES_URL === undefined)(
      'stops, changing nothing, at two names that are one once normalised',
      async () => {
        const sql = await before15(['wang', 'ＷＡＮＧ']);
        await expect(runMigrations(sql)).rejects.toThrow(
          'The sign-in names "wang" and "ＷＡＮＧ" are the same once normalised (wang)',
        );
        expect(
          await sql.get('SELECT version FROM schema_migrations WHERE version = 15'),
        ).toBeUndefined();
      },
    );
  });

  describe("each user's unread counts, kept by the database (migration 17)", () => {
    const MESSAGE = `INSERT INTO desktop_messages (id, user_id, kind, message_meno, importance,
      created_at, read_at) VALUES (?, ?, ?, 'M', 3, 0, ?)`;

    async function withUsers(sql: Sql, ids: readonly number[]): Promise<void> {
      await sql.run("INSERT INTO units (id, name, unit_type) VALUES (1, 'U', 2)");
      for (const id of ids) {
        await sql.run(
          `INSERT INTO users (id, unit_id, login_name, login_key, password_hash, real_name,
             user_type, created_at) VALUES (?, 1, ?, ?, 'x', 'N', 2, 0)`,
          [id, `user${String(id)}`, `user${String(id)}`],
        );
      }
    }

    /** The kept counts and the counts of the rows themselves, zeros left out of both. */
    async function keptAndCounted(sql: Sql): Promise<[unknown[], unknown[]]> {
      const kept = await sql.all(
        `SELECT user_id, kind, unread FROM desktop_unread_counts WHERE unread <> 0
         ORDER BY user_id, kind`,
      );
      const counted = await sql.all(
        `SELECT user_id, kind, COUNT(*) AS unread FROM desktop_messages WHERE read_at IS NULL
         GROUP BY user_id, kind ORDER BY user_id, kind`,
      );
      return [kept, counted];
    }

    it('counts the messages stored before it', async () => {
      const sql = await freshDatabase();
      await undoUnreadCounts(sql);
      await sql.run('DELETE FROM schema_migrations WHERE version >= 17');
      await withUsers(sql, [1, 2]);
      const rows: [number, number, string, number | null][] = [
        [1, 1, 'message', null],
        [2, 1, 'message', null],
        [3, 1, 'message', 5],
        [4, 1, 'todo', null],
        [5, 2, 'todo', 5],
      ];
      for (const row of rows) await sql.run(MESSAGE, row);
      expect(await runMigrations(sql)).toEqual([17, 18]);
      expect(await sql.all('SELECT user_id, kind, unread FROM desktop_unread_counts')).toEqual([
        { user_id: 1, kind: 'message', unread: 2 },
        { user_id: 1, kind: 'todo', unread: 1 },
      ]);
    });

    it('follows every write to the messages, whoever makes it', async () => {
      const sql = await freshDatabase();
      await withUsers(sql, [1, 2]);
      const writes = [
        [MESSAGE, [1, 1, 'message', null]],
        [MESSAGE, [2, 1, 'message', null]],
        [MESSAGE, [3, 1, 'todo', null]],
        [MESSAGE, [4, 2, 'message', 9]],
        ['UPDATE desktop_messages SET read_at = 7 WHERE id = 1', []],
        ['UPDATE desktop_messages SET read_at = 8 WHERE id = 1', []],
        ['UPDATE desktop_messages SET read_at = NULL WHERE id = 4', []],
        ["UPDATE desktop_messages SET kind = 'todo' WHERE id = 2", []],
        ['UPDATE desktop_messages SET user_id = 2 WHERE id = 3', []],
        ["UPDATE desktop_messages SET message_meno = 'N' WHERE id = 4", []],
        ['DELETE FROM desktop_messages WHERE id = 2', []],
        ['UPDATE desktop_messages SET read_at = NULL WHERE user_id = 1', []],
        ['UPDATE desktop_messages SET read_at = 9 WHERE user_id = 2', []],
        ['DELETE FROM users WHERE id = 1', []],
      ] as const;
      for (const [text, params] of writes) {
        await sql.run(text, [...params]);
        const [kept, counted] = await keptAndCounted(sql);
        expect(kept, text).toEqual(counted);
      }
      expect(await count(sql, 'desktop_unread_counts')).toBeLessThanOrEqual(2);
    });
  });

  it('refuses to build PostgreSQL’s migrations when one has no PostgreSQL text', () => {
    const next = { version: 1000, name: 'sqlite only', sql: 'CREATE TABLE extra (id INTEGER)' };
    expect(() => migrationsFor('postgres', [...MIGRATIONS, next])).toThrow(/1000/);
  });

  it('seeds the demo tenants once, with salted argon2id hashes of the demo password', async () => {
    const sql = await freshDatabase();
    expect(await seedDemoData(sql, seedOptions)).toBe(true);
    expect(await seedDemoData(sql, seedOptions)).toBe(false);

    expect(await count(sql, 'units')).toBe(2);
    expect(await count(sql, 'users')).toBe(SEED_USERS.length);
    expect(await count(sql, 'children')).toBe(SEED_USERS.flatMap((user) => user.children).length);
    const hosts = await sql.all('SELECT host, unit_id FROM unit_hosts ORDER BY host');
    expect(hosts).toEqual([
      { host: '127.0.0.1', unit_id: 1001 },
      { host: 'area.localhost', unit_id: 2001 },
      { host: 'localhost', unit_id: 1001 },
      { host: 'school.localhost', unit_id: 1001 },
    ]);
    const roles = await sql.all('SELECT user_id, role_code, project FROM user_roles');
    expect(roles).toEqual([{ user_id: 10001, role_code: 'XX_SYS_', project: 'base' }]);

    const hashes = (await sql.all<{ h: string }>('SELECT password_hash AS h FROM users')).map(
      (row) => row.h,
    );
    expect(new Set(hashes).size).toBe(hashes.length);
    // The product's cost: OWASP's first argon2id setting (server/auth/password.ts).
    expect(hashes[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(verifyPasswordSync('Edu@2026', hashes[0] ?? '')).toBe(true);

    // A row the server writes without an id gets a free one after the seed's explicit ids.
    const inserted = await sql.get<{ id: number }>(
      `INSERT INTO children (parent_user_id, real_name) VALUES (?, 'New child') RETURNING id`,
      [SEED_USERS.find((user) => user.children.length > 0)?.id ?? 0],
    );
    expect(inserted?.id).toBeGreaterThan(
      Math.max(...SEED_USERS.flatMap((user) => user.children.map((child) => child.id))),
    );
  });

  it('leaves a database that already has units alone', async () => {
    const sql = await freshDatabase();
    await sql.run("INSERT INTO units (id, name, unit_type) VALUES (1, 'Own school', 2)");
    expect(await seedDemoData(sql, seedOptions)).toBe(false);
    expect(await count(sql, 'users')).toBe(0);
  });

  it('rolls a failed transaction back and lets the next one through', async () => {
    const sql = await freshDatabase();
    await expect(
      sql.transaction(async (tx) => {
        await tx.run("INSERT INTO units (id, name, unit_type) VALUES (7, 'Gone', 2)");
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count(sql, 'units')).toBe(0);
    await sql.transaction(async (tx) => {
      await tx.run("INSERT INTO units (id, name, unit_type) VALUES (8, 'Kept', 2)");
    });
    expect(await count(sql, 'units')).toBe(1);
  });

  it('keeps another caller’s write out of an open transaction', async () => {
    const sql = await freshDatabase();
    const entered = gate();
    const held = gate();
    const failing = sql.transaction(async (tx) => {
      await tx.run("INSERT INTO units (id, name, unit_type) VALUES (1, 'Rolled back', 2)");
      entered.open();
      await held.opened;
      throw new Error('roll back');
    });
    await entered.opened;
    const outside = sql.run("INSERT INTO units (id, name, unit_type) VALUES (2, 'Outside', 2)");
    held.open();
    await expect(failing).rejects.toThrow('roll back');
    await outside;
    const names = await sql.all<{ name: string }>('SELECT name FROM units ORDER BY id');
    expect(names).toEqual([{ name: 'Outside' }]);
  });

  it('refuses the outer client in a transaction’s work, and rolls the work back', async () => {
    const sql = await freshDatabase();
    const outerCalls: [string, (outer: Sql) => Promise<unknown>][] = [
      ['get', (outer) => outer.get('SELECT COUNT(*) AS n FROM units')],
      ['all', (outer) => outer.all('SELECT id FROM units')],
      ['run', (outer) => outer.run("INSERT INTO units (id, name, unit_type) VALUES (9, 'Out', 2)")],
      ['exec', (outer) => outer.exec('SELECT 1')],
      ['transaction', (outer) => outer.transaction((tx) => tx.get('SELECT 1 AS one'))],
      ['close', (outer) => outer.close()],
    ];
    for (const [method, call] of outerCalls) {
      await expect(
        sql.transaction(async (tx) => {
          await tx.run("INSERT INTO units (id, name, unit_type) VALUES (7, 'Inside', 2)");
          await call(sql);
        }),
        method,
      ).rejects.toThrow(OUTER_CLIENT_IN_TRANSACTION);
    }
    expect(await count(sql, 'units')).toBe(0);

    // Once the transaction has ended, work it started may use the outer client again.
    let later!: () => Promise<unknown>;
    await sql.transaction(async (tx) => {
      later = () => sql.run("INSERT INTO units (id, name, unit_type) VALUES (8, 'After', 2)");
      await tx.get('SELECT 1 AS one');
    });
    await later();
    expect(await count(sql, 'units')).toBe(1);
  });

  it('lets work a finished transaction left running wait for the next one like any caller', async () => {
    const sql = await freshDatabase();
    const paused = gate();
    let leftRunning!: Promise<unknown>;
    await sql.transaction(async (tx) => {
      await tx.get('SELECT 1 AS one');
      leftRunning = paused.opened.then(() =>
        sql.run("INSERT INTO units (id, name, unit_type) VALUES (2, 'Later', 2)"),
      );
    });
    const entered = gate();
    const held = gate();
    const next = sql.transaction(async (tx) => {
      await tx.run("INSERT INTO units (id, name, unit_type) VALUES (1, 'Next', 2)");
      entered.open();
      await held.opened;
    });
    await entered.opened;
    paused.open();
    held.open();
    await next;
    await leftRunning;
    const names = await sql.all<{ name: string }>('SELECT name FROM units ORDER BY id');
    expect(names).toEqual([{ name: 'Next' }, { name: 'Later' }]);
  });

  it.runIf(TEST_POSTGRES_URL !== undefined)(
    'lets one of several nodes starting at once migrate and seed while the others wait',
    async () => {
      const location = await createTestDatabase();
      cleanups.push(location.remove);
      const nodes = await Promise.all(
        [1, 2, 3].map(() =>
          openSeededDatabase({
            ...location,
            mode: 'demo',
            demoPassword: 'Edu@2026',
            passwordCost: TEST_PASSWORD_COST,
            now: seedOptions.now,
          }),
        ),
      );
      for (const node of nodes) cleanups.push(() => node.close());
      for (const node of nodes) {
        expect(await count(node, 'units')).toBe(2);
        expect(await count(node, 'users')).toBe(SEED_USERS.length);
      }
      const applied = await nodes[0]?.all('SELECT version FROM schema_migrations');
      expect(applied).toHaveLength(migrationsFor('postgres').length);
    },
  );
});
