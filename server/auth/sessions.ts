import type { Database, Statement } from 'better-sqlite3';
import { newToken, tokenHash } from './tokens';

export interface SessionTokens {
  sessionId: number;
  userId: number;
  familyId: number;
  accessToken: string;
  refreshToken: string;
}

export interface ActiveSession {
  sessionId: number;
  userId: number;
  /** The sign-in this session descends from (its own id for a sign-in). */
  familyId: number;
  accessExpiresAt: number;
}

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export interface SessionStoreOptions {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  now: () => number;
  /** Told of every revocation, so caches of sessions (AccessLookup) drop it at once. */
  onRevoke?: (sessionId: number) => void;
}

/** What presenting a refresh token came to. */
export type Rotation<T> =
  /** A new session replaced the token's; `accepted` is what the caller's check returned. */
  | { kind: 'rotated'; tokens: SessionTokens; accepted: T }
  /** The token had already been used or revoked: its whole family has now been ended. */
  | { kind: 'replayed'; familyId: number }
  /** Unknown, expired, or refused by the caller's check: nothing changed. */
  | { kind: 'refused' };

/** Expired sessions are kept this long for auditing, then removed. */
const RETENTION_MS = 24 * 3600 * 1000;

interface SessionRow {
  id: number;
  user_id: number;
  family_id: number;
  access_expires_at: number;
}

interface RefreshRow extends SessionRow {
  refresh_expires_at: number;
  revoked_at: number | null;
}

const SESSION_COLUMNS = 'id, user_id, family_id, access_expires_at';

/**
 * Sessions: a pair of random tokens per sign-in, stored only as SHA-256 hashes. The access token
 * is short-lived; the refresh token (longer) buys a new pair once and is then revoked (rotation).
 *
 * Every session belongs to a family: a sign-in starts one, and the sessions that continue it
 * (refresh), are handed over from it (relogin) or switch its identity (role switch) join it.
 * A family ends as a whole: on logout from any of its sessions, and when a refresh token that
 * was already used is presented again, since then two parties hold the same grant and the
 * server cannot tell the thief from the owner (RFC 9700 §4.14.2).
 */
export class SessionStore {
  private readonly insert: Statement<
    [number, string, string, number, number, number, string | null, string | null, number | null]
  >;
  private readonly startFamily: Statement<[number]>;
  private readonly byAccess: Statement<[string, number], SessionRow>;
  private readonly byRefresh: Statement<[string, number], SessionRow>;
  private readonly anyByRefresh: Statement<[string], RefreshRow>;
  private readonly revokeById: Statement<[number, number]>;
  private readonly liveOfFamily: Statement<[number], { id: number }>;
  private readonly purge: Statement<[number]>;

  constructor(
    private readonly db: Database,
    private readonly options: SessionStoreOptions,
  ) {
    this.insert = db.prepare(
      `INSERT INTO sessions (user_id, access_hash, refresh_hash, access_expires_at,
         refresh_expires_at, created_at, user_agent, ip, family_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.startFamily = db.prepare('UPDATE sessions SET family_id = id WHERE id = ?');
    this.byAccess = db.prepare(
      `SELECT ${SESSION_COLUMNS} FROM sessions
       WHERE access_hash = ? AND revoked_at IS NULL AND access_expires_at > ?`,
    );
    this.byRefresh = db.prepare(
      `SELECT ${SESSION_COLUMNS} FROM sessions
       WHERE refresh_hash = ? AND revoked_at IS NULL AND refresh_expires_at > ?`,
    );
    this.anyByRefresh = db.prepare(
      `SELECT ${SESSION_COLUMNS}, refresh_expires_at, revoked_at FROM sessions
       WHERE refresh_hash = ?`,
    );
    this.revokeById = db.prepare(
      'UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
    );
    this.liveOfFamily = db.prepare(
      'SELECT id FROM sessions WHERE family_id = ? AND revoked_at IS NULL',
    );
    this.purge = db.prepare('DELETE FROM sessions WHERE refresh_expires_at < ?');
  }

  /**
   * Starts a session for a user and returns its tokens (the only time they exist in clear): a
   * new family (a sign-in), or a member of `familyId` (a session derived from one of it).
   */
  create(userId: number, meta: SessionMeta = {}, familyId?: number): SessionTokens {
    return this.db.transaction(() => {
      const now = this.options.now();
      const accessToken = newToken();
      const refreshToken = newToken();
      const result = this.insert.run(
        userId,
        tokenHash(accessToken),
        tokenHash(refreshToken),
        now + this.options.accessTokenTtlSeconds * 1000,
        now + this.options.refreshTokenTtlSeconds * 1000,
        now,
        meta.userAgent?.slice(0, 512) ?? null,
        meta.ip ?? null,
        familyId ?? null,
      );
      const sessionId = Number(result.lastInsertRowid);
      if (familyId === undefined) this.startFamily.run(sessionId);
      this.purge.run(now - RETENTION_MS);
      return {
        sessionId,
        userId,
        familyId: familyId ?? sessionId,
        accessToken,
        refreshToken,
      };
    })();
  }

  /** The session of a valid (known, unexpired, unrevoked) access token. */
  findByAccessToken(accessToken: string): ActiveSession | undefined {
    const row = this.byAccess.get(tokenHash(accessToken), this.options.now());
    return row && toActive(row);
  }

  /** The session of a valid refresh token, whatever the state of its access token. */
  findByRefreshToken(refreshToken: string): ActiveSession | undefined {
    const row = this.byRefresh.get(tokenHash(refreshToken), this.options.now());
    return row && toActive(row);
  }

  /**
   * Exchanges a refresh token for a new session of the same family, revoking the old one
   * atomically, if `accept` (the caller's check of the session's user, unit and host) returns
   * something. A token that was already revoked (used once, logged out, switched from) is a
   * replay: the whole family ends, since one of its holders is not its owner.
   */
  rotate<T>(
    refreshToken: string,
    meta: SessionMeta,
    accept: (session: ActiveSession) => T | undefined,
  ): Rotation<T> {
    return this.db.transaction((): Rotation<T> => {
      const row = this.anyByRefresh.get(tokenHash(refreshToken));
      if (!row) return { kind: 'refused' };
      if (row.revoked_at !== null) {
        this.endFamily(row.family_id);
        return { kind: 'replayed', familyId: row.family_id };
      }
      if (row.refresh_expires_at <= this.options.now()) return { kind: 'refused' };
      const session = toActive(row);
      const accepted = accept(session);
      if (accepted === undefined) return { kind: 'refused' };
      return { kind: 'rotated', tokens: this.replace(session, session.userId, meta), accepted };
    })();
  }

  /**
   * Ends a session and starts its successor in the same family, for `userId` (the same user
   * after a refresh, the other identity after a role switch).
   */
  replace(session: ActiveSession, userId: number, meta: SessionMeta = {}): SessionTokens {
    return this.db.transaction(() => {
      this.revoke(session.sessionId);
      return this.create(userId, meta, session.familyId);
    })();
  }

  /** Ends one session (its family goes on: see `endFamily`). */
  revoke(sessionId: number): void {
    this.revokeById.run(this.options.now(), sessionId);
    this.options.onRevoke?.(sessionId);
  }

  /** Ends every live session of a family (logout, refresh-token replay). */
  endFamily(familyId: number): void {
    this.db.transaction(() => {
      for (const { id } of this.liveOfFamily.all(familyId)) this.revoke(id);
    })();
  }
}

function toActive(row: SessionRow): ActiveSession {
  return {
    sessionId: row.id,
    userId: row.user_id,
    familyId: row.family_id,
    accessExpiresAt: row.access_expires_at,
  };
}
