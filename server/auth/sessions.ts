import type { Sql } from '../db/sql';
import { announceRevocations } from '../db/change-notices';
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
  /**
   * Told of every revocation, so this process's cache of sessions (AccessLookup) drops it at
   * once; other processes hear of it through server/db/change-notices.ts.
   */
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

const INSERT_SESSION = `INSERT INTO sessions (user_id, access_hash, refresh_hash, access_expires_at,
    refresh_expires_at, created_at, user_agent, ip, family_id)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  RETURNING id`;
const START_FAMILY = 'UPDATE sessions SET family_id = id WHERE id = ?';
const BY_ACCESS = `SELECT ${SESSION_COLUMNS} FROM sessions
  WHERE access_hash = ? AND revoked_at IS NULL AND access_expires_at > ?`;
const BY_REFRESH = `SELECT ${SESSION_COLUMNS} FROM sessions
  WHERE refresh_hash = ? AND revoked_at IS NULL AND refresh_expires_at > ?`;
const ANY_BY_REFRESH = `SELECT ${SESSION_COLUMNS}, refresh_expires_at, revoked_at FROM sessions
  WHERE refresh_hash = ?`;
/** Conditional: of two parallel revocations of one session, exactly one changes a row. */
const REVOKE = `UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL
  RETURNING user_id`;
const END_FAMILY = `UPDATE sessions SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL
  RETURNING id, user_id`;
const END_OTHERS = `UPDATE sessions SET revoked_at = ?
  WHERE user_id = ? AND id <> ? AND revoked_at IS NULL
  RETURNING id`;
const PURGE = 'DELETE FROM sessions WHERE refresh_expires_at < ?';

/**
 * Sessions: a pair of random tokens per sign-in, stored only as SHA-256 hashes. The access token
 * is short-lived; the refresh token (longer) buys a new pair once and is then revoked (rotation).
 *
 * Every session belongs to a family: a sign-in starts one, and the sessions that continue it
 * (refresh), are handed over from it (relogin) or switch its identity (role switch) join it.
 * A family ends as a whole: on logout from any of its sessions, and when a refresh token that
 * was already used is presented again, since then two parties hold the same grant and the
 * server cannot tell the thief from the owner (RFC 9700 §4.14.2).
 *
 * Several server nodes may share the database: a session is ended by a conditional UPDATE
 * (`revoked_at IS NULL`) whose count of changed rows decides which of two parallel requests
 * ended it, never by a read followed by a write; the same transaction announces it to the other
 * nodes (server/db/change-notices.ts).
 */
export class SessionStore {
  constructor(
    private readonly sql: Sql,
    private readonly options: SessionStoreOptions,
  ) {}

  /**
   * Starts a session for a user and returns its tokens (the only time they exist in clear): a
   * new family (a sign-in), or a member of `familyId` (a session derived from one of it).
   */
  create(userId: number, meta: SessionMeta = {}, familyId?: number): Promise<SessionTokens> {
    const accessToken = newToken();
    const refreshToken = newToken();
    return this.sql.transaction((tx) =>
      this.insert(tx, { userId, meta, familyId, accessToken, refreshToken }),
    );
  }

  /** The session of a valid (known, unexpired, unrevoked) access token. */
  async findByAccessToken(accessToken: string): Promise<ActiveSession | undefined> {
    const row = await this.sql.get<SessionRow>(BY_ACCESS, [
      tokenHash(accessToken),
      this.options.now(),
    ]);
    return row && toActive(row);
  }

  /** The session of a valid refresh token, whatever the state of its access token. */
  async findByRefreshToken(refreshToken: string): Promise<ActiveSession | undefined> {
    const row = await this.sql.get<SessionRow>(BY_REFRESH, [
      tokenHash(refreshToken),
      this.options.now(),
    ]);
    return row && toActive(row);
  }

  /**
   * Exchanges a refresh token for a new session of the same family, revoking the old one
   * atomically, if `accept` (the caller's check of the session's user, unit and host) returns
   * something. A token that was already revoked (used once, logged out, switched from) is a
   * replay: the whole family ends, since one of its holders is not its owner. Of two requests
   * presenting the same token at once (on one node or two), the one whose conditional revocation
   * changes the row rotates; the other is a replay.
   */
  async rotate<T>(
    refreshToken: string,
    meta: SessionMeta,
    accept: (session: ActiveSession) => Promise<T | undefined>,
  ): Promise<Rotation<T>> {
    const row = await this.sql.get<RefreshRow>(ANY_BY_REFRESH, [tokenHash(refreshToken)]);
    if (!row) return { kind: 'refused' };
    if (row.revoked_at !== null) {
      await this.endFamily(row.family_id);
      return { kind: 'replayed', familyId: row.family_id };
    }
    if (row.refresh_expires_at <= this.options.now()) return { kind: 'refused' };
    const session = toActive(row);
    // The check reads users and units through the caller's services: before the transaction,
    // which does database work only (server/db/sql.ts).
    const accepted = await accept(session);
    if (accepted === undefined) return { kind: 'refused' };
    const tokens = await this.replace(session, session.userId, meta);
    if (tokens) return { kind: 'rotated', tokens, accepted };
    // Another request revoked the session since it was read: the same token used twice.
    await this.endFamily(row.family_id);
    return { kind: 'replayed', familyId: row.family_id };
  }

  /**
   * Ends a session and starts its successor in the same family, for `userId` (the same user
   * after a refresh, the other identity after a role switch), in one transaction. Undefined,
   * and nothing started, when the session had already ended (a parallel request ended it).
   */
  async replace(
    session: ActiveSession,
    userId: number,
    meta: SessionMeta = {},
  ): Promise<SessionTokens | undefined> {
    const accessToken = newToken();
    const refreshToken = newToken();
    const tokens = await this.sql.transaction(async (tx) => {
      const revoked = await tx.all<{ user_id: number }>(REVOKE, [
        this.options.now(),
        session.sessionId,
      ]);
      if (revoked.length !== 1) return undefined;
      await announceRevocations(tx, [session.userId]);
      return this.insert(tx, {
        userId,
        meta,
        familyId: session.familyId,
        accessToken,
        refreshToken,
      });
    });
    this.options.onRevoke?.(session.sessionId);
    return tokens;
  }

  /** Ends one session (its family goes on: see `endFamily`). */
  async revoke(sessionId: number): Promise<void> {
    await this.sql.transaction(async (tx) => {
      const ended = await tx.all<{ user_id: number }>(REVOKE, [this.options.now(), sessionId]);
      await announceRevocations(
        tx,
        ended.map((row) => row.user_id),
      );
    });
    this.options.onRevoke?.(sessionId);
  }

  /**
   * Ends every live session of a family (logout, refresh-token replay), in one statement. A
   * family may hold several users' sessions (a role switch joins the other identity to it).
   */
  async endFamily(familyId: number): Promise<void> {
    const ended = await this.sql.transaction(async (tx) => {
      const rows = await tx.all<{ id: number; user_id: number }>(END_FAMILY, [
        this.options.now(),
        familyId,
      ]);
      await announceRevocations(
        tx,
        rows.map((row) => row.user_id),
      );
      return rows;
    });
    for (const { id } of ended) this.options.onRevoke?.(id);
  }

  /**
   * Ends every live session of a user but `keptSessionId` (a password change: whoever else holds
   * a session of the account, in any family, loses it), in one transaction with `alongside`
   * (the new password stored): both happen, or neither.
   */
  async endOtherSessions(
    userId: number,
    keptSessionId: number,
    alongside: (tx: Sql) => Promise<void> = () => Promise.resolve(),
  ): Promise<void> {
    const ended = await this.sql.transaction(async (tx) => {
      await alongside(tx);
      const rows = await tx.all<{ id: number }>(END_OTHERS, [
        this.options.now(),
        userId,
        keptSessionId,
      ]);
      if (rows.length > 0) await announceRevocations(tx, [userId]);
      return rows;
    });
    for (const { id } of ended) this.options.onRevoke?.(id);
  }

  /** Inserts a session (and purges long-expired ones) inside the caller's transaction. */
  private async insert(
    tx: Sql,
    session: {
      userId: number;
      meta: SessionMeta;
      familyId: number | undefined;
      accessToken: string;
      refreshToken: string;
    },
  ): Promise<SessionTokens> {
    const { userId, meta, familyId, accessToken, refreshToken } = session;
    const now = this.options.now();
    const inserted = await tx.get<{ id: number }>(INSERT_SESSION, [
      userId,
      tokenHash(accessToken),
      tokenHash(refreshToken),
      now + this.options.accessTokenTtlSeconds * 1000,
      now + this.options.refreshTokenTtlSeconds * 1000,
      now,
      meta.userAgent?.slice(0, 512) ?? null,
      meta.ip ?? null,
      familyId ?? null,
    ]);
    if (!inserted) throw new Error('a session could not be stored');
    const sessionId = inserted.id;
    if (familyId === undefined) await tx.run(START_FAMILY, [sessionId]);
    await tx.run(PURGE, [now - RETENTION_MS]);
    return { sessionId, userId, familyId: familyId ?? sessionId, accessToken, refreshToken };
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
