/** A schema change, applied once, in order of version, inside a transaction. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * The schema, as numbered migrations. Never edit a migration that has shipped: add a new one.
 * Times are epoch milliseconds (INTEGER) so expiry checks are plain comparisons.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'units, users, children, sessions and login throttling',
    sql: `
      CREATE TABLE units (
        id            INTEGER PRIMARY KEY,
        name          TEXT    NOT NULL,
        en_name       TEXT    NOT NULL DEFAULT '',
        unit_type     INTEGER NOT NULL CHECK (unit_type IN (1, 2)),
        unit_status   INTEGER NOT NULL DEFAULT 1,
        sharding_code TEXT    NOT NULL DEFAULT '',
        campus_units  TEXT    NOT NULL DEFAULT '[]'
      );

      -- The tenancy rule: a request's host (lowercase, without port) selects its unit.
      CREATE TABLE unit_hosts (
        host    TEXT    PRIMARY KEY,
        unit_id INTEGER NOT NULL REFERENCES units (id) ON DELETE CASCADE
      );
      CREATE INDEX unit_hosts_unit ON unit_hosts (unit_id);

      CREATE TABLE unit_login_configs (
        unit_id        INTEGER PRIMARY KEY REFERENCES units (id) ON DELETE CASCADE,
        footer         TEXT    NOT NULL DEFAULT '',
        link           TEXT    NOT NULL DEFAULT '',
        ba_img         TEXT    NOT NULL DEFAULT '',
        ba_content     TEXT    NOT NULL DEFAULT '',
        ba_url         TEXT    NOT NULL DEFAULT '',
        help_center    INTEGER NOT NULL DEFAULT 0,
        decoration_set TEXT    NOT NULL DEFAULT '{}'
      );

      CREATE TABLE users (
        id            INTEGER PRIMARY KEY,
        unit_id       INTEGER NOT NULL REFERENCES units (id),
        login_name    TEXT    NOT NULL COLLATE NOCASE UNIQUE,
        password_hash TEXT    NOT NULL,
        real_name     TEXT    NOT NULL,
        user_type     INTEGER NOT NULL,
        sex           INTEGER NOT NULL DEFAULT 0,
        avatar        TEXT    NOT NULL DEFAULT '',
        user_status   INTEGER NOT NULL DEFAULT 1,
        superman      INTEGER NOT NULL DEFAULT 0,
        school_year   TEXT    NOT NULL DEFAULT '',
        term          TEXT    NOT NULL DEFAULT '',
        created_at    INTEGER NOT NULL
      );
      CREATE INDEX users_unit ON users (unit_id);

      -- Roles per project, e.g. XX_SYS_ in base marks a unit administrator (spec §6).
      CREATE TABLE user_roles (
        user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role_code TEXT    NOT NULL,
        project   TEXT    NOT NULL,
        PRIMARY KEY (user_id, role_code, project)
      );

      -- Students linked to a parent account (spec §3 Child).
      CREATE TABLE children (
        id             INTEGER PRIMARY KEY,
        parent_user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        real_name      TEXT    NOT NULL,
        grade_name     TEXT    NOT NULL DEFAULT '',
        class_name     TEXT    NOT NULL DEFAULT '',
        sex            INTEGER NOT NULL DEFAULT 0,
        status         INTEGER NOT NULL DEFAULT 1,
        sort_order     INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX children_parent ON children (parent_user_id, sort_order);

      -- Only SHA-256 hashes of the tokens are stored: a leaked database grants no session.
      CREATE TABLE sessions (
        id                 INTEGER PRIMARY KEY,
        user_id            INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        access_hash        TEXT    NOT NULL UNIQUE,
        refresh_hash       TEXT    NOT NULL UNIQUE,
        access_expires_at  INTEGER NOT NULL,
        refresh_expires_at INTEGER NOT NULL,
        created_at         INTEGER NOT NULL,
        revoked_at         INTEGER,
        user_agent         TEXT,
        ip                 TEXT
      );
      CREATE INDEX sessions_user ON sessions (user_id);
      CREATE INDEX sessions_refresh_expiry ON sessions (refresh_expires_at);

      -- Failed-login counters, keyed 'account:<name>' or 'address:<ip>'.
      CREATE TABLE login_throttle (
        key               TEXT    PRIMARY KEY,
        failures          INTEGER NOT NULL,
        window_started_at INTEGER NOT NULL,
        locked_until      INTEGER NOT NULL DEFAULT 0
      );
    `,
  },
];
