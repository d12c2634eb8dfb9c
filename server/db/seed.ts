import type { Database } from 'better-sqlite3';
import { hashPassword } from '../auth/password';
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
import { seedDesktopCatalogue, seedDesktopDemo } from './seed-desktop';
import { seedSocialDemo } from './seed-social';
import { seedNotices } from '../notices/seed-notices';
import { seedVocabulary } from './seed-vocabulary';

export interface SeedOptions {
  /** What a fresh database gets (docs/security.md, "Modes"); demo when absent. */
  mode?: ServerMode;
  demoPassword: string;
  scryptCost: number;
  now: () => number;
}

function isEmpty(db: Database): boolean {
  return db.prepare('SELECT 1 FROM units LIMIT 1').get() === undefined;
}

/**
 * Seeds a fresh database. Both modes get the platform catalogue: the units with their hosts and
 * login pages, the applications, modules, licences and menu trees, and the voice vocabulary.
 * Demo mode adds the demo data: the accounts (one published password), the demo device client,
 * linked identities, the stand-in providers' apps and linked social identities, grants, messages,
 * to-dos and notices. Production adds none of it: its first account comes from
 * `npm run create-admin` (server/cli/create-admin.ts).
 *
 * Does nothing when any unit exists, so an operator's own data is never touched. Returns whether
 * it seeded.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<boolean> {
  if (!isEmpty(db)) return false;
  const demo = (options.mode ?? 'demo') === 'demo';
  // Hashing is slow by design; do it before the (synchronous) transaction, in parallel.
  const hashes = demo
    ? await Promise.all(
        SEED_USERS.map(() => hashPassword(options.demoPassword, options.scryptCost)),
      )
    : [];
  const insertUnit = db.prepare(
    `INSERT INTO units (id, name, en_name, unit_type, unit_status, sharding_code, campus_units)
     VALUES (?, ?, ?, ?, 1, ?, '[]')`,
  );
  const insertHost = db.prepare('INSERT INTO unit_hosts (host, unit_id) VALUES (?, ?)');
  const insertConfig = db.prepare(
    `INSERT INTO unit_login_configs
       (unit_id, footer, link, ba_img, ba_content, ba_url, help_center, decoration_set)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertUser = db.prepare(
    `INSERT INTO users (id, unit_id, login_name, password_hash, real_name, user_type, sex, avatar,
       user_status, superman, school_year, term, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 0, ?, ?, ?)`,
  );
  const insertRole = db.prepare(
    'INSERT INTO user_roles (user_id, role_code, project) VALUES (?, ?, ?)',
  );
  const insertChild = db.prepare(
    `INSERT INTO children (id, parent_user_id, real_name, grade_name, class_name, sex, status,
       sort_order)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const now = options.now();

  return db.transaction(() => {
    // Another process may have seeded while we were hashing.
    if (!isEmpty(db)) return false;
    for (const unit of SEED_UNITS) {
      insertUnit.run(unit.id, unit.name, unit.enName, unit.unitType, unit.shardingCode);
      for (const host of unit.hosts) insertHost.run(host, unit.id);
      const config = unit.loginConfig;
      insertConfig.run(
        unit.id,
        config.footer,
        config.link,
        config.baImg,
        config.baContent,
        config.baUrl,
        config.helpCenter ? 1 : 0,
        JSON.stringify(config.decorationSet),
      );
    }
    seedDesktopCatalogue(db);
    seedVocabulary(db);
    if (!demo) return true;

    SEED_USERS.forEach((user, index) => {
      insertUser.run(
        user.id,
        user.unitId,
        user.loginName,
        hashes[index],
        user.realName,
        user.userType,
        user.sex,
        user.hasAvatar ? userAvatarPath(user.id) : '',
        SEED_YEAR,
        SEED_TERM,
        now,
      );
      for (const role of user.roles) insertRole.run(user.id, role.code, role.project);
      user.children.forEach((child, order) => {
        insertChild.run(
          child.id,
          user.id,
          child.realName,
          child.gradeName,
          child.className,
          child.sex,
          child.status,
          order,
        );
      });
    });
    const client = SEED_USERS.find((user) => user.loginName === DEMO_CLIENT_LOGIN);
    if (client) {
      db.prepare(
        'INSERT INTO user_clients (client_hash, user_id, created_at) VALUES (?, ?, ?)',
      ).run(tokenHash(DEMO_CLIENT_ID), client.id, now);
    }
    seedDesktopDemo(db, now);
    seedSocialDemo(db, now);
    // The notice application's notices.
    seedNotices(db, now);
    return true;
  })();
}

/**
 * The server's database, migrated and, when it is new, seeded for the server's mode: what the
 * server (server/app.ts) and the first-administrator command (server/cli/create-admin.ts) open.
 */
export async function openSeededDatabase(
  options: Pick<ServerOptions, 'dataDir' | 'mode' | 'demoPassword' | 'scryptCost' | 'now'>,
): Promise<Database> {
  const now = options.now ?? Date.now;
  const db = openDatabase(options.dataDir, now);
  try {
    await seedDemoData(db, {
      mode: options.mode,
      demoPassword: options.demoPassword,
      scryptCost: options.scryptCost,
      now,
    });
    return db;
  } catch (error) {
    if (db.open) db.close();
    throw error;
  }
}
