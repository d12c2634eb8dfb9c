import { hashPasswordSync, type PasswordCost } from '../auth/password';
import { loginKey } from '../auth/login-name';
import { tokenHash } from '../auth/tokens';
import { userAvatarPath } from '../storage/paths';
import {
  DEMO_CLIENT_ID,
  DEMO_CLIENT_LOGIN,
  SEED_TERM,
  SEED_UNITS,
  SEED_USERS,
  SEED_YEAR,
} from './seed-data';
import type { ServerMode, ServerOptions } from '../config';
import { openDatabase } from './database';
import type { Sql } from './sql';
import { seedDemoUnitDesktops, seedDesktopDemo, seedPlatformCatalogue } from './seed-desktop';
import { seedSocialDemo } from './seed-social';
import { seedNotices } from '../notices/seed-notices';

export interface SeedOptions {
  /** What a fresh database gets (docs/security.md, "Modes"); demo when absent. */
  mode?: ServerMode;
  demoPassword: string;
  passwordCost: PasswordCost;
  now: () => number;
}

/** A database the seed has not run on: no module and no unit (a production one may have none). */
async function isEmpty(sql: Sql): Promise<boolean> {
  return (
    (await sql.get('SELECT 1 FROM desktop_modules LIMIT 1')) === undefined &&
    (await sql.get('SELECT 1 FROM units LIMIT 1')) === undefined
  );
}

/**
 * Seeds a fresh database. Both modes get the platform catalogue: the modules and the menu
 * (permission) trees, which name no unit. Demo mode adds the demo data: the two demo units with
 * their hosts, login pages (filing numbers), applications, licences and flags, the accounts (one
 * published password), the demo device client, linked identities, the stand-in providers' apps
 * and linked social identities, grants, messages, to-dos and notices. Production adds none of
 * it: its unit and first account come from `admin create-admin --unit-name` or `admin add-unit`
 * (server/cli/create-admin.ts, server/cli/unit-commands.ts).
 *
 * Does nothing on a database seeded before, so an operator's own data is never touched. Returns
 * whether it seeded.
 */
export async function seedDemoData(sql: Sql, options: SeedOptions): Promise<boolean> {
  if (!(await isEmpty(sql))) return false;
  const demo = (options.mode ?? 'demo') === 'demo';
  // Hashing is slow by design (about 15 ms a hash): before the transaction, not inside it.
  const hashes = demo
    ? SEED_USERS.map(() => hashPasswordSync(options.demoPassword, options.passwordCost))
    : [];
  const insertUnit = `INSERT INTO units (id, name, en_name, unit_type, unit_status, sharding_code, campus_units)
     VALUES (?, ?, ?, ?, 1, ?, '[]')`;
  const insertHost = 'INSERT INTO unit_hosts (host, unit_id) VALUES (?, ?)';
  const insertConfig = `INSERT INTO unit_login_configs
       (unit_id, footer, link, ba_img, ba_content, ba_url, help_center, decoration_set)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;
  const insertUser = `INSERT INTO users (id, unit_id, login_name, login_key, password_hash, real_name, user_type,
       sex, avatar, user_status, superman, school_year, term, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0, ?, ?, ?)`;
  const insertRole = 'INSERT INTO user_roles (user_id, role_code, project) VALUES (?, ?, ?)';
  const insertChild = `INSERT INTO children (id, parent_user_id, real_name, grade_name, class_name, sex, status,
       sort_order)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;
  const now = options.now();

  return sql.transaction(async (sql) => {
    // Another process may have seeded while we were hashing.
    if (!(await isEmpty(sql))) return false;
    await seedPlatformCatalogue(sql);
    if (!demo) return true;

    for (const unit of SEED_UNITS) {
      await sql.run(insertUnit, [
        unit.id,
        unit.name,
        unit.enName,
        unit.unitType,
        unit.shardingCode,
      ]);
      for (const host of unit.hosts) await sql.run(insertHost, [host, unit.id]);
      const config = unit.loginConfig;
      await sql.run(insertConfig, [
        unit.id,
        config.footer,
        config.link,
        config.baImg,
        config.baContent,
        config.baUrl,
        config.helpCenter ? 1 : 0,
        JSON.stringify(config.decorationSet),
      ]);
    }
    await seedDemoUnitDesktops(sql);

    for (const [index, user] of SEED_USERS.entries()) {
      await sql.run(insertUser, [
        user.id,
        user.unitId,
        user.loginName,
        loginKey(user.loginName),
        hashes[index] ?? null,
        user.realName,
        user.userType,
        user.sex,
        user.hasAvatar ? userAvatarPath(user.id) : '',
        SEED_YEAR,
        SEED_TERM,
        now,
      ]);
      for (const role of user.roles) await sql.run(insertRole, [user.id, role.code, role.project]);
      for (const [order, child] of user.children.entries()) {
        await sql.run(insertChild, [
          child.id,
          user.id,
          child.realName,
          child.gradeName,
          child.className,
          child.sex,
          child.status,
          order,
        ]);
      }
    }
    const client = SEED_USERS.find((user) => user.loginName === DEMO_CLIENT_LOGIN);
    if (client) {
      await sql.run(
        'INSERT INTO user_clients (client_hash, user_id, created_at) VALUES (?, ?, ?)',
        [tokenHash(DEMO_CLIENT_ID), client.id, now],
      );
    }
    await seedDesktopDemo(sql, now);
    await seedSocialDemo(sql, now);
    // The notice application's notices.
    await seedNotices(sql, now);
    if (sql.dialect === 'postgres') await resyncIdentities(sql);
    return true;
  });
}

/**
 * PostgreSQL's identities do not move when a row is written with its id (the seed's units, users
 * and children): set each to follow the largest id, so the next row without one gets a free id.
 */
async function resyncIdentities(sql: Sql): Promise<void> {
  const tables = await sql.all<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name = 'id' AND is_identity = 'YES'`,
  );
  for (const { table_name: table } of tables) {
    await sql.get(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), COALESCE(MAX(id), 0) + 1, false)
       FROM ${table}`,
    );
  }
}

/**
 * The server's database, migrated and, when it is new, seeded for the server's mode: what the
 * server (server/app.ts) and the first-administrator command (server/cli/create-admin.ts) open.
 * On PostgreSQL, of several nodes starting at once one migrates and seeds (server/db/database.ts).
 */
export async function openSeededDatabase(
  options: Pick<
    ServerOptions,
    'dataDir' | 'databaseUrl' | 'mode' | 'demoPassword' | 'passwordCost' | 'now'
  >,
): Promise<Sql> {
  const now = options.now ?? Date.now;
  return openDatabase(options, now, (sql) =>
    seedDemoData(sql, {
      mode: options.mode,
      demoPassword: options.demoPassword,
      passwordCost: options.passwordCost,
      now,
    }),
  );
}
