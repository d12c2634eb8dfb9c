import { loginKey } from '../auth/login-name';
import type { Sql } from './sql';

/** A schema change, applied once, in order of version, inside a transaction. */
export interface Migration {
  version: number;
  name: string;
  /** SQLite's text. */
  sql: string;
  /** PostgreSQL's text: required from version 14 on (server/db/migrate.ts `migrationsFor`). */
  postgres?: string;
  /** Rows to rewrite after the text, in the same transaction (what SQL alone cannot compute). */
  data?: (tx: Sql) => Promise<void>;
}

/**
 * The schema, as numbered migrations. Never edit a migration that has shipped: add a new one.
 * Times are epoch milliseconds (INTEGER) so expiry checks are plain comparisons.
 *
 * Expand, then contract (docs/operations.md, "Upgrades"): during a rolling upgrade the previous
 * version's nodes run on the migrated database. So a migration only adds (tables, nullable
 * columns or columns with a default, indexes the previous version's writes satisfy), the new code
 * copes with rows the previous version writes meanwhile, and what is no longer used is dropped a
 * version later. A migration that cannot (15, 8) needs an upgrade with every node stopped: say so
 * in docs/operations.md.
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
  {
    version: 2,
    name: 'desktop: applications, messages, licences, themes, permissions, identity links',
    sql: `
      -- A unit's desktop applications (spec §3 application item); codes are unique per unit.
      CREATE TABLE desktop_apps (
        unit_id            INTEGER NOT NULL REFERENCES units (id) ON DELETE CASCADE,
        code               TEXT    NOT NULL,
        category_code      TEXT    NOT NULL,
        zname              TEXT    NOT NULL,
        name               TEXT    NOT NULL,
        short_name         TEXT    NOT NULL DEFAULT '',
        english_short_name TEXT    NOT NULL DEFAULT '',
        english_name       TEXT    NOT NULL DEFAULT '',
        menu_route         TEXT    NOT NULL DEFAULT '',
        server_id          TEXT    NOT NULL,
        deploy_path        TEXT    NOT NULL DEFAULT '',
        front_user_type    TEXT    NOT NULL DEFAULT '',
        limit_user_type    TEXT    NOT NULL DEFAULT '',
        app_type           INTEGER NOT NULL DEFAULT 1,
        update_status      INTEGER NOT NULL DEFAULT 1,
        sort_order         INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (unit_id, code)
      );

      -- The modules (micro-services, an application's serverId) and their names.
      CREATE TABLE desktop_modules (
        server_id    TEXT PRIMARY KEY,
        name         TEXT NOT NULL,
        english_name TEXT NOT NULL DEFAULT ''
      );

      -- A user's own icon order (the desktop's drag and drop); absent codes follow, by default.
      CREATE TABLE user_app_order (
        user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code     TEXT    NOT NULL,
        position INTEGER NOT NULL,
        PRIMARY KEY (user_id, code)
      );

      CREATE TABLE app_unread_counts (
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code    TEXT    NOT NULL,
        num     INTEGER NOT NULL CHECK (num >= 0),
        PRIMARY KEY (user_id, code)
      );

      -- Desktop messages and to-do items (kind 'message' or 'todo'); read_at NULL is unread.
      CREATE TABLE desktop_messages (
        id           INTEGER PRIMARY KEY,
        user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind         TEXT    NOT NULL CHECK (kind IN ('message', 'todo')),
        message_meno TEXT    NOT NULL,
        importance   INTEGER NOT NULL CHECK (importance BETWEEN 1 AND 5),
        module       TEXT    NOT NULL DEFAULT '',
        created_at   INTEGER NOT NULL,
        url          TEXT    NOT NULL DEFAULT '',
        open_way     INTEGER NOT NULL DEFAULT 0,
        -- openWay 1: a JSON list of module codes, expanded into expiry items when answered.
        content      TEXT    NOT NULL DEFAULT '',
        read_at      INTEGER
      );
      CREATE INDEX desktop_messages_unread ON desktop_messages (user_id, kind, read_at, created_at);

      -- Per-user desktop settings: the saved theme and the message configuration (JSON).
      CREATE TABLE user_desktop_settings (
        user_id        INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        theme          TEXT,
        message_config TEXT
      );

      -- Per-unit desktop settings: the synced theme and the unit flags.
      CREATE TABLE unit_desktop_settings (
        unit_id         INTEGER PRIMARY KEY REFERENCES units (id) ON DELETE CASCADE,
        theme           TEXT,
        is_vocational   INTEGER NOT NULL DEFAULT 0,
        have_institute  INTEGER NOT NULL DEFAULT 0,
        help_key        TEXT    NOT NULL DEFAULT ''
      );

      CREATE TABLE user_access_details (
        id         INTEGER PRIMARY KEY,
        user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        user_type  INTEGER NOT NULL,
        unit_id    INTEGER NOT NULL,
        res_id     TEXT    NOT NULL,
        res_name   TEXT    NOT NULL,
        type       INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX user_access_details_user ON user_access_details (user_id, created_at);

      -- Module licences per unit. end_time is absolute; a demo row may instead carry
      -- end_offset_ms, counted from the time of each request, so the demo never goes stale.
      CREATE TABLE module_licences (
        unit_id       INTEGER NOT NULL REFERENCES units (id) ON DELETE CASCADE,
        server_id     TEXT    NOT NULL,
        name          TEXT    NOT NULL,
        end_time      INTEGER,
        end_offset_ms INTEGER,
        PRIMARY KEY (unit_id, server_id),
        CHECK ((end_time IS NULL) <> (end_offset_ms IS NULL))
      );

      -- The permission menu tree of each application (spec §3 menu resource tree).
      CREATE TABLE menu_resources (
        id            INTEGER PRIMARY KEY,
        app_code      TEXT    NOT NULL,
        code          TEXT    NOT NULL,
        name          TEXT    NOT NULL,
        parent_id     INTEGER REFERENCES menu_resources (id) ON DELETE CASCADE,
        resource_type INTEGER NOT NULL,
        menu_route    TEXT    NOT NULL DEFAULT '',
        sort_order    INTEGER NOT NULL DEFAULT 0,
        UNIQUE (app_code, code)
      );

      CREATE TABLE user_menu_grants (
        user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        resource_id INTEGER NOT NULL REFERENCES menu_resources (id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, resource_id)
      );

      -- A teacher account and the parent account of the same person (the role switcher).
      CREATE TABLE identity_links (
        teacher_user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        parent_user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        PRIMARY KEY (teacher_user_id, parent_user_id)
      );
      CREATE INDEX identity_links_parent ON identity_links (parent_user_id);

      -- The child a parent chose last (student/set/parentChildren).
      CREATE TABLE parent_current_child (
        parent_user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        child_id       INTEGER NOT NULL REFERENCES children (id) ON DELETE CASCADE
      );
    `,
  },
  {
    version: 3,
    name: 'storage: uploaded files and partial (chunked) uploads',
    sql: `
      -- A user's stored file (spec §7 storage). Content lives once per MD5 on disk
      -- (<dataDir>/storage/files); several rows may share it (instant upload, other names).
      CREATE TABLE uploaded_files (
        id         TEXT    PRIMARY KEY,
        md5        TEXT    NOT NULL,
        file_name  TEXT    NOT NULL,
        ext        TEXT    NOT NULL,
        size       INTEGER NOT NULL,
        user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        unit_id    INTEGER NOT NULL,
        server_id  TEXT    NOT NULL,
        uid        TEXT    NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL
      );
      CREATE INDEX uploaded_files_user ON uploaded_files (user_id, created_at);
      CREATE INDEX uploaded_files_md5 ON uploaded_files (md5);

      -- An unfinished chunked upload, per content and chunk size: its chunks are on disk under
      -- <dataDir>/storage/chunks/<md5>/<each_size>/. Untouched ones are cleaned up after an age.
      CREATE TABLE partial_uploads (
        md5        TEXT    NOT NULL,
        each_size  INTEGER NOT NULL,
        size       INTEGER NOT NULL,
        chunks     INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (md5, each_size)
      );
      CREATE INDEX partial_uploads_updated ON partial_uploads (updated_at);
    `,
  },
  {
    version: 4,
    name: 'uaa: installation client ids for the device (user-client) login',
    sql: `
      -- A desktop installation's client id (spec §4 step 2, §7 login_user_client), bound to the
      -- staff account it signs in. Only the SHA-256 of the id is kept: it is a credential.
      CREATE TABLE user_clients (
        client_hash TEXT    PRIMARY KEY,
        user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at  INTEGER NOT NULL
      );
    `,
  },
  {
    version: 5,
    name: 'uaa: face records, face clock-ins and face index versions',
    sql: `
      -- A user's enrolled face (spec §3 face record, §7 face/check): the photo as sent (JPEG or
      -- PNG bytes), its L2-normalised embedding (little-endian float32) and the unit it is
      -- matched in. One per user; enrolling again replaces it.
      CREATE TABLE face_records (
        user_id       INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        unit_id       INTEGER NOT NULL REFERENCES units (id) ON DELETE CASCADE,
        image         BLOB    NOT NULL,
        image_type    TEXT    NOT NULL CHECK (image_type IN ('image/jpeg', 'image/png')),
        embedding     BLOB    NOT NULL,
        register_time INTEGER NOT NULL
      );
      CREATE INDEX face_records_unit ON face_records (unit_id);

      -- A face clock-in (spec §7 login/face/clocking): who was recognised, in which unit, by
      -- whose session (the clocking device's operator) and how similar the face was.
      CREATE TABLE face_clockings (
        id          INTEGER PRIMARY KEY,
        user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        unit_id     INTEGER NOT NULL REFERENCES units (id) ON DELETE CASCADE,
        operator_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
        similarity  REAL    NOT NULL,
        clock_time  INTEGER NOT NULL
      );
      CREATE INDEX face_clockings_user ON face_clockings (user_id, clock_time);
      CREATE INDEX face_clockings_unit ON face_clockings (unit_id, clock_time);

      -- A counter per unit, bumped by the triggers below on every change of its face records
      -- (whoever makes it), so the server's in-memory face index knows when to reload.
      CREATE TABLE face_index_versions (
        unit_id INTEGER PRIMARY KEY,
        version INTEGER NOT NULL
      );
      CREATE TRIGGER face_records_inserted AFTER INSERT ON face_records BEGIN
        INSERT INTO face_index_versions (unit_id, version) VALUES (NEW.unit_id, 1)
          ON CONFLICT (unit_id) DO UPDATE SET version = version + 1;
      END;
      CREATE TRIGGER face_records_updated AFTER UPDATE ON face_records BEGIN
        INSERT INTO face_index_versions (unit_id, version) VALUES (NEW.unit_id, 1)
          ON CONFLICT (unit_id) DO UPDATE SET version = version + 1;
        INSERT INTO face_index_versions (unit_id, version)
          SELECT OLD.unit_id, 1 WHERE OLD.unit_id <> NEW.unit_id
          ON CONFLICT (unit_id) DO UPDATE SET version = version + 1;
      END;
      CREATE TRIGGER face_records_deleted AFTER DELETE ON face_records BEGIN
        INSERT INTO face_index_versions (unit_id, version) VALUES (OLD.unit_id, 1)
          ON CONFLICT (unit_id) DO UPDATE SET version = version + 1;
      END;
    `,
  },
  {
    version: 6,
    name: 'storage: chunks written in place into one partial file per upload',
    sql: `
      -- The chunks of a partial upload now land at their offset in one file,
      -- <dataDir>/storage/chunks/<md5>/<each_size>/data; a row here says that chunk is whole
      -- there. The earlier layout (a file per chunk) is given up: its uploads are forgotten, so
      -- the clean-up removes their folders as orphans and their chunks are sent again.
      DELETE FROM partial_uploads;
      CREATE TABLE partial_chunks (
        md5       TEXT    NOT NULL,
        each_size INTEGER NOT NULL,
        chunk     INTEGER NOT NULL,
        PRIMARY KEY (md5, each_size, chunk)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 7,
    name: 'auth: session families (refresh, relogin and switch keep the sign-in they came from)',
    sql: `
      -- The id of the sign-in a session descends from by refresh, relogin or role switch (its own
      -- id for a sign-in). Logout, and a refresh token presented again, end the whole family.
      -- No foreign key: the sign-in's own row may be purged before its descendants.
      ALTER TABLE sessions ADD COLUMN family_id INTEGER;
      UPDATE sessions SET family_id = id;
      CREATE INDEX sessions_family ON sessions (family_id);
    `,
  },
  {
    version: 8,
    name: 'storage: partial uploads belong to a unit',
    sql: `
      -- A partial upload is now one unit's: its chunks are written to
      -- <dataDir>/storage/chunks/<unit_id>/<md5>/<each_size>/data, and a chunk check or a merge
      -- only ever sees the caller's unit's uploads. Earlier partial uploads (chunks/<md5>/…) are
      -- forgotten: the clean-up removes their folders and their chunks are sent again.
      DROP TABLE partial_chunks;
      DROP TABLE partial_uploads;
      CREATE TABLE partial_uploads (
        unit_id    INTEGER NOT NULL,
        md5        TEXT    NOT NULL,
        each_size  INTEGER NOT NULL,
        size       INTEGER NOT NULL,
        chunks     INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (unit_id, md5, each_size)
      );
      CREATE INDEX partial_uploads_updated ON partial_uploads (updated_at);
      CREATE TABLE partial_chunks (
        unit_id   INTEGER NOT NULL,
        md5       TEXT    NOT NULL,
        each_size INTEGER NOT NULL,
        chunk     INTEGER NOT NULL,
        PRIMARY KEY (unit_id, md5, each_size, chunk)
      ) WITHOUT ROWID;
      -- Instant upload looks for the content among the files of the caller's unit.
      CREATE INDEX uploaded_files_unit_md5 ON uploaded_files (unit_id, md5);
    `,
  },
  {
    version: 9,
    name: 'oauth: registered partner clients, authorisation codes and partner tokens',
    sql: `
      -- Partner applications the platform signs users in for (docs/oauth.md). The operator's
      -- registrations are written here at each start; the secret is kept only as a SHA-256 hash.
      CREATE TABLE oauth_clients (
        client_id     TEXT PRIMARY KEY,
        name          TEXT NOT NULL,
        logo_uri      TEXT NOT NULL DEFAULT '',
        secret_hash   TEXT,
        redirect_uris TEXT NOT NULL,
        scope         TEXT NOT NULL
      );
      -- One-time authorisation codes, stored hashed and bound to everything the token request
      -- must repeat. used_at marks a redeemed code: presenting it again revokes its tokens.
      CREATE TABLE oauth_codes (
        id             INTEGER PRIMARY KEY AUTOINCREMENT,
        code_hash      TEXT    NOT NULL UNIQUE,
        client_id      TEXT    NOT NULL,
        redirect_uri   TEXT    NOT NULL,
        user_id        INTEGER NOT NULL,
        unit_id        INTEGER NOT NULL,
        scope          TEXT    NOT NULL,
        code_challenge TEXT,
        expires_at     INTEGER NOT NULL,
        used_at        INTEGER
      );
      CREATE INDEX oauth_codes_expires ON oauth_codes (expires_at);
      -- A partner's tokens: never platform sessions, so they reach only the userinfo endpoint.
      -- grant_id is the code they descend from (refresh keeps it), so a grant ends as a whole.
      CREATE TABLE oauth_tokens (
        token_hash TEXT PRIMARY KEY,
        kind       TEXT    NOT NULL CHECK (kind IN ('access', 'refresh')),
        grant_id   INTEGER NOT NULL,
        client_id  TEXT    NOT NULL,
        user_id    INTEGER NOT NULL,
        unit_id    INTEGER NOT NULL,
        scope      TEXT    NOT NULL,
        expires_at INTEGER NOT NULL,
        revoked_at INTEGER
      ) WITHOUT ROWID;
      CREATE INDEX oauth_tokens_grant ON oauth_tokens (grant_id);
      CREATE INDEX oauth_tokens_expires ON oauth_tokens (expires_at);
    `,
  },
  {
    version: 10,
    name: 'uaa: one-time login tickets, social providers, linked identities',
    sql: `
      -- One-time tickets that hand a signed-in user's session to another page or application
      -- (spec §4 step 4). Stored hashed; a ticket joins the session family it was issued from.
      CREATE TABLE login_tickets (
        ticket_hash TEXT    PRIMARY KEY,
        user_id     INTEGER NOT NULL,
        family_id   INTEGER NOT NULL,
        expires_at  INTEGER NOT NULL,
        used_at     INTEGER
      ) WITHOUT ROWID;
      CREATE INDEX login_tickets_expires ON login_tickets (expires_at);
      -- Third-party sign-in providers configured per unit (spec §3 social provider). kind says
      -- which protocol: WeChat website QR login, the WeChat official account, WeCom.
      CREATE TABLE social_providers (
        unit_id     INTEGER NOT NULL,
        provider_id TEXT    NOT NULL,
        kind        TEXT    NOT NULL CHECK (kind IN ('weixin', 'weixin_mp', 'wecom')),
        app_id      TEXT    NOT NULL,
        app_secret  TEXT    NOT NULL,
        agent_id    TEXT    NOT NULL DEFAULT '',
        name        TEXT    NOT NULL,
        logo        TEXT    NOT NULL DEFAULT '',
        sort        INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (unit_id, provider_id)
      );
      -- A third-party identity linked to a platform account. The key is the identity, so one
      -- identity links to one account whatever races (WeChat: its unionid; WeCom: corp + userid).
      CREATE TABLE social_identities (
        issuer    TEXT    NOT NULL,
        subject   TEXT    NOT NULL,
        user_id   INTEGER NOT NULL,
        nickname  TEXT    NOT NULL DEFAULT '',
        linked_at INTEGER NOT NULL,
        PRIMARY KEY (issuer, subject)
      );
      CREATE INDEX social_identities_user ON social_identities (user_id);
      -- The state of a third-party sign-in this browser started (login CSRF): hashed, bound to
      -- a random cookie of the browser, used once.
      CREATE TABLE social_states (
        state_hash   TEXT    PRIMARY KEY,
        browser_hash TEXT    NOT NULL,
        unit_id      INTEGER NOT NULL,
        provider_id  TEXT    NOT NULL,
        expires_at   INTEGER NOT NULL,
        used_at      INTEGER
      ) WITHOUT ROWID;
      -- An identity the provider vouched for that is not linked yet: the binding page links it.
      -- Found through a cookie of the browser, never through the address.
      CREATE TABLE social_pending (
        pending_hash TEXT    PRIMARY KEY,
        unit_id      INTEGER NOT NULL,
        provider_id  TEXT    NOT NULL,
        issuer       TEXT    NOT NULL,
        subject      TEXT    NOT NULL,
        openid       TEXT    NOT NULL,
        unionid      TEXT    NOT NULL,
        nickname     TEXT    NOT NULL,
        device_id    TEXT    NOT NULL,
        expires_at   INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 11,
    name: 'notices: the notice application built on PH',
    sql: `
      -- The notices (通知公告) of each unit; the list is paged newest first and searched by title.
      CREATE TABLE notices (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        unit_id      INTEGER NOT NULL,
        title        TEXT    NOT NULL,
        category     TEXT    NOT NULL,
        content      TEXT    NOT NULL,
        publisher    TEXT    NOT NULL,
        contact      TEXT    NOT NULL DEFAULT '',
        email        TEXT    NOT NULL DEFAULT '',
        published_at INTEGER NOT NULL,
        created_by   INTEGER
      );
      CREATE INDEX notices_unit_published ON notices (unit_id, published_at DESC, id DESC);
    `,
  },
  {
    version: 12,
    name: 'speech: synonyms of the applications for voice commands',
    sql: `
      -- Extra words a voice command may use for an application of a unit (find_by_vocabulary),
      -- besides its Chinese, English and short names. phrase is stored lower-case.
      CREATE TABLE app_vocabulary (
        unit_id INTEGER NOT NULL,
        code    TEXT    NOT NULL,
        phrase  TEXT    NOT NULL,
        PRIMARY KEY (unit_id, code, phrase),
        FOREIGN KEY (unit_id, code) REFERENCES desktop_apps (unit_id, code) ON DELETE CASCADE
      ) WITHOUT ROWID;
      CREATE INDEX app_vocabulary_phrase ON app_vocabulary (unit_id, phrase);
    `,
  },
  {
    version: 13,
    name: 'sign-in throttling: known devices, spent proofs of work, server secrets',
    sql: `
      -- A browser that signed in to an account (its device cookie, stored hashed): its sign-ins
      -- to that account pass the account's lock and the address's challenge (server/auth/throttle.ts).
      CREATE TABLE known_devices (
        device_hash  TEXT    NOT NULL,
        user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at   INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL,
        PRIMARY KEY (device_hash, user_id)
      ) WITHOUT ROWID;
      CREATE INDEX known_devices_seen ON known_devices (last_seen_at);
      -- Proofs of work already used (their challenge's signature), kept until they expire.
      CREATE TABLE spent_proofs (
        signature  TEXT    PRIMARY KEY,
        expires_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      -- Secrets the server makes itself at first start (shared by every node of one database).
      CREATE TABLE server_secrets (
        name  TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 14,
    name: 'several nodes: speech tokens and single-sign-on tickets in the database',
    sql: `
      -- One-use speech tokens (server/speech/speech-tokens.ts): issued by one node, spent by
      -- the node the gateway's WebSocket reaches.
      CREATE TABLE speech_tokens (
        token_hash TEXT    PRIMARY KEY,
        user_id    INTEGER NOT NULL,
        user_type  INTEGER NOT NULL,
        unit_id    INTEGER NOT NULL,
        unit_type  INTEGER NOT NULL,
        language   TEXT    NOT NULL,
        expires_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX speech_tokens_expires ON speech_tokens (expires_at);
      -- The single-sign-on partners' one-time tickets and used nonces (server/sso/sso-routes.ts).
      CREATE TABLE sso_tickets (
        ticket_hash TEXT    PRIMARY KEY,
        user_name   TEXT    NOT NULL,
        expires_at  INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX sso_tickets_expires ON sso_tickets (expires_at);
      CREATE TABLE sso_nonces (
        nonce      TEXT    PRIMARY KEY,
        expires_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX sso_nonces_expires ON sso_nonces (expires_at);
    `,
    postgres: `
      -- One-use speech tokens (server/speech/speech-tokens.ts): issued by one node, spent by
      -- the node the gateway's WebSocket reaches.
      CREATE TABLE speech_tokens (
        token_hash TEXT    PRIMARY KEY,
        user_id    BIGINT  NOT NULL,
        user_type  BIGINT  NOT NULL,
        unit_id    BIGINT  NOT NULL,
        unit_type  BIGINT  NOT NULL,
        language   TEXT    NOT NULL,
        expires_at BIGINT  NOT NULL
      );
      CREATE INDEX speech_tokens_expires ON speech_tokens (expires_at);
      -- The single-sign-on partners' one-time tickets and used nonces (server/sso/sso-routes.ts).
      CREATE TABLE sso_tickets (
        ticket_hash TEXT    PRIMARY KEY,
        user_name   TEXT    NOT NULL,
        expires_at  BIGINT  NOT NULL
      );
      CREATE INDEX sso_tickets_expires ON sso_tickets (expires_at);
      CREATE TABLE sso_nonces (
        nonce      TEXT    PRIMARY KEY,
        expires_at BIGINT  NOT NULL
      );
      CREATE INDEX sso_nonces_expires ON sso_nonces (expires_at);
    `,
  },
  {
    version: 15,
    name: 'sign-in names found by one normalised key on both engines',
    // SQLite's NOCASE and PostgreSQL's loose ICU collation matched different spellings of one
    // name (full-width letters, soft hyphens, zero-width spaces on PostgreSQL only): users are
    // found by server/auth/login-name.ts's key instead, computed here for the rows already stored.
    sql: `
      ALTER TABLE users ADD COLUMN login_key TEXT;
      CREATE UNIQUE INDEX users_login_key_unique ON users (login_key);
    `,
    postgres: `
      ALTER TABLE users ADD COLUMN login_key TEXT;
      CREATE UNIQUE INDEX users_login_key_unique ON users (login_key);
    `,
    data: async (tx) => {
      const rows = await tx.all<{ id: number; login_name: string }>(
        'SELECT id, login_name FROM users ORDER BY id',
      );
      const owners = new Map<string, string>();
      for (const row of rows) {
        const key = loginKey(row.login_name);
        const other = owners.get(key);
        if (other !== undefined) {
          throw new Error(
            `The sign-in names "${other}" and "${row.login_name}" are the same once normalised ` +
              `(${key}): rename one of them, then start the server again.`,
          );
        }
        owners.set(key, row.login_name);
        await tx.run('UPDATE users SET login_key = ? WHERE id = ?', [key, row.id]);
      }
    },
  },
  {
    version: 16,
    name: 'admin tool: one-time passwords, contact details, children linked to pupils',
    // What `npm run admin -- import-users` writes (server/cli/import-users.ts): a password an
    // administrator set or generated is one the user must change at first sign-in; a child row
    // made from a pupil's account names that account, so importing the file again updates it.
    sql: `
      ALTER TABLE users ADD COLUMN must_change_password INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE users ADD COLUMN phone TEXT NOT NULL DEFAULT '';
      ALTER TABLE users ADD COLUMN email TEXT NOT NULL DEFAULT '';
      ALTER TABLE children ADD COLUMN student_user_id INTEGER
        REFERENCES users (id) ON DELETE SET NULL;
      CREATE UNIQUE INDEX children_parent_student ON children (parent_user_id, student_user_id);
    `,
    postgres: `
      ALTER TABLE users ADD COLUMN must_change_password BIGINT NOT NULL DEFAULT 0;
      ALTER TABLE users ADD COLUMN phone TEXT NOT NULL DEFAULT '';
      ALTER TABLE users ADD COLUMN email TEXT NOT NULL DEFAULT '';
      ALTER TABLE children ADD COLUMN student_user_id BIGINT
        REFERENCES users (id) ON DELETE SET NULL;
      CREATE UNIQUE INDEX children_parent_student ON children (parent_user_id, student_user_id);
    `,
  },
  {
    version: 17,
    name: "desktop messages: each user's unread counts kept by the database",
    // The open desktop asks its unread counts once a minute per signed-in user
    // (docs/scale-out.md, "The desktop's poll of new messages"): counting a user's unread rows
    // cost more the more they left unread; one row per user and kind, kept by triggers whoever
    // writes (a node of either version, the admin tool), is read by its key instead.
    sql: `
      CREATE TABLE desktop_unread_counts (
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind    TEXT    NOT NULL,
        unread  INTEGER NOT NULL,
        PRIMARY KEY (user_id, kind)
      ) WITHOUT ROWID;
      CREATE TRIGGER desktop_messages_unread_inserted AFTER INSERT ON desktop_messages
        WHEN NEW.read_at IS NULL BEGIN
        INSERT INTO desktop_unread_counts (user_id, kind, unread) VALUES (NEW.user_id, NEW.kind, 1)
          ON CONFLICT (user_id, kind) DO UPDATE SET unread = unread + 1;
      END;
      CREATE TRIGGER desktop_messages_unread_updated
        AFTER UPDATE OF user_id, kind, read_at ON desktop_messages BEGIN
        UPDATE desktop_unread_counts SET unread = unread - 1
          WHERE OLD.read_at IS NULL AND user_id = OLD.user_id AND kind = OLD.kind;
        INSERT INTO desktop_unread_counts (user_id, kind, unread)
          SELECT NEW.user_id, NEW.kind, 1 WHERE NEW.read_at IS NULL
          ON CONFLICT (user_id, kind) DO UPDATE SET unread = unread + 1;
      END;
      CREATE TRIGGER desktop_messages_unread_deleted AFTER DELETE ON desktop_messages
        WHEN OLD.read_at IS NULL BEGIN
        UPDATE desktop_unread_counts SET unread = unread - 1
          WHERE user_id = OLD.user_id AND kind = OLD.kind;
      END;
      INSERT INTO desktop_unread_counts (user_id, kind, unread)
        SELECT user_id, kind, COUNT(*) FROM desktop_messages WHERE read_at IS NULL
        GROUP BY user_id, kind;
    `,
    postgres: `
      CREATE TABLE desktop_unread_counts (
        user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind    TEXT   NOT NULL,
        unread  BIGINT NOT NULL,
        PRIMARY KEY (user_id, kind)
      );
      CREATE FUNCTION desktop_unread_counted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.read_at IS NULL THEN
          UPDATE desktop_unread_counts SET unread = unread - 1
            WHERE user_id = OLD.user_id AND kind = OLD.kind;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.read_at IS NULL THEN
          INSERT INTO desktop_unread_counts (user_id, kind, unread) VALUES (NEW.user_id, NEW.kind, 1)
            ON CONFLICT (user_id, kind) DO UPDATE SET unread = desktop_unread_counts.unread + 1;
        END IF;
        RETURN NULL;
      END
      $$;
      CREATE TRIGGER desktop_messages_unread_counted
        AFTER INSERT OR UPDATE OF user_id, kind, read_at OR DELETE ON desktop_messages
        FOR EACH ROW EXECUTE FUNCTION desktop_unread_counted();
      -- Counted once the trigger is in place: creating it waited for the writes under way and
      -- holds off new ones until this commits, so no row is counted twice or missed.
      INSERT INTO desktop_unread_counts (user_id, kind, unread)
        SELECT user_id, kind, COUNT(*) FROM desktop_messages WHERE read_at IS NULL
        GROUP BY user_id, kind;
    `,
  },
  {
    version: 18,
    name: 'desktop messages: changed unread counts announced to every node',
    // Each node keeps the counts it read (server/base/unread-counts.ts) and forgets a user's when
    // told. On SQLite one process serves the database and asks `PRAGMA data_version` for the
    // admin tool's writes: nothing to change. On PostgreSQL the trigger announces the user whose
    // counts it changed, whoever wrote (a node of either version, the admin tool); the notice is
    // delivered when the transaction commits, once per user and transaction. The channel is
    // UNREAD_COUNTS_CHANNEL of that file.
    sql: '-- SQLite: nothing to change.',
    postgres: `
      CREATE OR REPLACE FUNCTION desktop_unread_counted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.read_at IS NULL THEN
          UPDATE desktop_unread_counts SET unread = unread - 1
            WHERE user_id = OLD.user_id AND kind = OLD.kind;
          PERFORM pg_notify('edudesk_unread_counts', OLD.user_id::text);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.read_at IS NULL THEN
          INSERT INTO desktop_unread_counts (user_id, kind, unread) VALUES (NEW.user_id, NEW.kind, 1)
            ON CONFLICT (user_id, kind) DO UPDATE SET unread = desktop_unread_counts.unread + 1;
          PERFORM pg_notify('edudesk_unread_counts', NEW.user_id::text);
        END IF;
        RETURN NULL;
      END
      $$;
    `,
  },
];
