import type { Database, Statement } from 'better-sqlite3';
import { newToken, tokenHash } from './tokens';

export interface SessionTokens {
  sessionId: number;
  userId: number;
  accessToken: string;
  refreshToken: string;
}

export interface ActiveSession {
  sessionId: number;
  userId: number;
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

/** Expired sessions are kept this long for auditing, then removed. */
const RETENTION_MS = 24 * 3600 * 1000;

interface SessionRow {
  id: number;
  user_id: number;
  access_expires_at: number;
}

/**
 * Sessions: a pair of random tokens per sign-in, stored only as SHA-256 hashes. The access token
 * is short-lived; the refresh token (longer) buys a new pair once and is then revoked, so a stolen
 * refresh token stops working as soon as its owner refreshes (rotation).
 */
export class SessionStore {
  private readonly insert: Statement<
    [number, string, string, number, number, number, string | null, string | null]
  >;
  private readonly byAccess: Statement<[string, number], SessionRow>;
  private readonly byRefresh: Statement<[string, number], SessionRow>;
  private readonly revokeById: Statement<[number, number]>;
  private readonly purge: Statement<[number]>;

  constructor(
    private readonly db: Database,
    private readonly options: SessionStoreOptions,
  ) {
    this.insert = db.prepare(
      `INSERT INTO sessions (user_id, access_hash, refresh_hash, access_expires_at,
         refresh_expires_at, created_at, user_agent, ip)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.byAccess = db.prepare(
      `SELECT id, user_id, access_expires_at FROM sessions
       WHERE access_hash = ? AND revoked_at IS NULL AND access_expires_at > ?`,
    );
    this.byRefresh = db.prepare(
      `SELECT id, user_id, access_expires_at FROM sessions
       WHERE refresh_hash = ? AND revoked_at IS NULL AND refresh_expires_at > ?`,
    );
    this.revokeById = db.prepare(
      'UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
    );
    this.purge = db.prepare('DELETE FROM sessions WHERE refresh_expires_at < ?');
  }

  /** Starts a session for a user and returns its tokens (the only time they exist in clear). */
  create(userId: number, meta: SessionMeta = {}): SessionTokens {
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
    );
    this.purge.run(now - RETENTION_MS);
    return { sessionId: Number(result.lastInsertRowid), userId, accessToken, refreshToken };
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

  /** Exchanges a valid refresh token for a new session, revoking the old one atomically. */
  rotate(refreshToken: string, meta: SessionMeta = {}): SessionTokens | undefined {
    return this.db.transaction(() => {
      const current = this.findByRefreshToken(refreshToken);
      if (!current) return undefined;
      this.revoke(current.sessionId);
      return this.create(current.userId, meta);
    })();
  }

  revoke(sessionId: number): void {
    this.revokeById.run(this.options.now(), sessionId);
    this.options.onRevoke?.(sessionId);
  }
}

function toActive(row: SessionRow): ActiveSession {
  return { sessionId: row.id, userId: row.user_id, accessExpiresAt: row.access_expires_at };
}
