import BetterSqlite3 from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password';
import { DEFAULT_OPTIONS } from '../config';
import { openDatabase } from './database';
import { runMigrations } from './migrate';
import { MIGRATIONS } from './migrations';
import { seedDemoData } from './seed';
import { SEED_USERS } from './seed-data';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-db-test-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const seedOptions = {
  demoPassword: DEFAULT_OPTIONS.demoPassword,
  scryptCost: DEFAULT_OPTIONS.scryptCost,
  now: () => 1_772_000_000_000,
};

describe('database', () => {
  it('creates the data directory and opens in WAL mode with foreign keys on', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const db = openDatabase(dataDir);
    expect(fs.existsSync(path.join(dataDir, 'edudesk.db'))).toBe(true);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });

  it('applies each migration once and records it', () => {
    const dataDir = tempDir();
    const db = openDatabase(dataDir);
    const versions = db.prepare('SELECT version FROM schema_migrations').pluck().all();
    expect(versions).toEqual(MIGRATIONS.map((m) => m.version));
    expect(runMigrations(db)).toEqual([]);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all();
    expect(tables).toEqual(
      expect.arrayContaining([
        'units',
        'unit_hosts',
        'unit_login_configs',
        'users',
        'user_roles',
        'children',
        'sessions',
        'login_throttle',
        'schema_migrations',
      ]),
    );
    db.close();
  });

  it('refuses a database written by a newer server', () => {
    const db = new BetterSqlite3(':memory:');
    runMigrations(db);
    db.prepare("INSERT INTO schema_migrations VALUES (999, 'future', 0)").run();
    expect(() => runMigrations(db)).toThrow(/newer/);
    db.close();
  });

  it('applies a new migration on top of an existing database', () => {
    const db = new BetterSqlite3(':memory:');
    runMigrations(db);
    const next = { version: 1000, name: 'test', sql: 'CREATE TABLE extra (id INTEGER)' };
    expect(runMigrations(db, [...MIGRATIONS, next])).toEqual([1000]);
    expect(runMigrations(db, [...MIGRATIONS, next])).toEqual([]);
    db.close();
  });

  it('seeds the demo tenants once, with salted scrypt hashes of the demo password', async () => {
    const db = openDatabase(tempDir());
    expect(await seedDemoData(db, seedOptions)).toBe(true);
    expect(await seedDemoData(db, seedOptions)).toBe(false);

    const count = (table: string) =>
      db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
    expect(count('units')).toBe(2);
    expect(count('users')).toBe(SEED_USERS.length);
    expect(count('children')).toBe(SEED_USERS.flatMap((user) => user.children).length);
    const hosts = db.prepare('SELECT host, unit_id FROM unit_hosts ORDER BY host').all();
    expect(hosts).toEqual([
      { host: '127.0.0.1', unit_id: 1001 },
      { host: 'area.localhost', unit_id: 2001 },
      { host: 'localhost', unit_id: 1001 },
      { host: 'school.localhost', unit_id: 1001 },
    ]);
    const roles = db.prepare('SELECT user_id, role_code, project FROM user_roles').all();
    expect(roles).toEqual([{ user_id: 10001, role_code: 'XX_SYS_', project: 'base' }]);

    const hashes = db.prepare('SELECT password_hash FROM users').pluck().all() as string[];
    expect(new Set(hashes).size).toBe(hashes.length);
    // The product's cost: OWASP's minimum for scrypt (server/auth/password.ts).
    expect(hashes[0]).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Edu@2026', hashes[0] ?? '')).toBe(true);
    db.close();
  });

  it('leaves a database that already has units alone', async () => {
    const db = openDatabase(tempDir());
    db.prepare("INSERT INTO units (id, name, unit_type) VALUES (1, 'Own school', 2)").run();
    expect(await seedDemoData(db, seedOptions)).toBe(false);
    expect(db.prepare('SELECT COUNT(*) FROM users').pluck().get()).toBe(0);
    db.close();
  });
});
