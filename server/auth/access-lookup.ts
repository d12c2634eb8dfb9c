import type { Sql } from '../db/sql';
import { toUnit, type Unit, type UnitRow } from '../tenancy/units';
import { toUser, type User, type UserRow } from '../uaa/users';
import type { ActiveSession } from './sessions';
import { tokenHash } from './tokens';
import { boundedSet } from '../bounded-map';

export interface AccessRecord {
  session: ActiveSession;
  user: User;
  unit: Unit;
}

interface AccessRow extends UserRow {
  session_id: number;
  family_id: number;
  access_expires_at: number;
  unit_name: string;
  unit_en_name: string;
  unit_type: number;
  unit_status: number;
  sharding_code: string;
  campus_units: string;
}

interface CacheEntry {
  record: AccessRecord;
  cachedUntil: number;
}

export interface AccessLookupOptions {
  now: () => number;
  /**
   * How long a looked-up session is trusted without asking the database again; 0 turns the cache
   * off. Revocations made through this server process (logout, refresh, a family ended) take
   * effect at once, and so do those other processes announce (on PostgreSQL, through
   * server/db/change-notices.ts: other nodes, the admin tool); any other change made to the
   * database behind the process's back (a user renamed, a unit's status) only within this delay.
   */
  cacheMs?: number;
  maxEntries?: number;
  /**
   * Starts without caching until `resume` (on PostgreSQL, until the node listens for the other
   * processes' revocations).
   */
  suspended?: boolean;
}

const SELECT_ACCESS = `SELECT s.id AS session_id, s.family_id, s.access_expires_at,
    u.id, u.unit_id, u.login_name, u.real_name, u.user_type, u.sex, u.avatar, u.user_status,
    u.superman, u.school_year, u.term,
    n.name AS unit_name, n.en_name AS unit_en_name, n.unit_type, n.unit_status,
    n.sharding_code, n.campus_units
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  JOIN units n ON n.id = u.unit_id
  WHERE s.access_hash = ? AND s.revoked_at IS NULL AND s.access_expires_at > ?`;

/**
 * The session, user and unit behind an access token. Every authenticated call starts here, so it
 * is one indexed query, and its result may be kept for a moment (`cacheMs`): under load the
 * query cost more than the rest of a current-user call together.
 */
export class AccessLookup {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly now: () => number;
  private readonly cacheMs: number;
  private readonly maxEntries: number;
  /** Counts revocations and suspensions, so a lookup that one overtook is not cached. */
  private revocations = 0;
  private suspended: boolean;

  constructor(
    private readonly sql: Sql,
    options: AccessLookupOptions,
  ) {
    this.now = options.now;
    this.cacheMs = options.cacheMs ?? 2000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.suspended = options.suspended ?? false;
  }

  /** The record of a valid (known, unexpired, unrevoked) access token. */
  async find(accessToken: string): Promise<AccessRecord | undefined> {
    const hash = tokenHash(accessToken);
    const now = this.now();
    const hit = this.cache.get(hash);
    if (hit) {
      if (hit.cachedUntil > now && hit.record.session.accessExpiresAt > now) return hit.record;
      this.cache.delete(hash);
    }
    const revocations = this.revocations;
    const row = await this.sql.get<AccessRow>(SELECT_ACCESS, [hash, now]);
    if (!row) return undefined;
    const record = toRecord(row);
    // Only hits are kept (unknown tokens cost no memory), and not when a session was revoked or
    // the cache suspended while the query ran (it may have been this one, or a revocation this
    // process could not hear); the oldest entry makes room.
    if (this.cacheMs <= 0 || this.suspended || this.revocations !== revocations) return record;
    boundedSet(this.cache, hash, { record, cachedUntil: now + this.cacheMs }, this.maxEntries);
    return record;
  }

  /** Drops a revoked session from the cache (called by the session store). */
  forgetSession(sessionId: number): void {
    this.revocations += 1;
    for (const [hash, entry] of this.cache) {
      if (entry.record.session.sessionId === sessionId) this.cache.delete(hash);
    }
  }

  /** Drops every session of a user from the cache (a revocation another process announced). */
  forgetUser(userId: number): void {
    this.revocations += 1;
    for (const [hash, entry] of this.cache) {
      if (entry.record.user.id === userId) this.cache.delete(hash);
    }
  }

  /** Drops every cached session (an announcement this process could not read). */
  forgetAll(): void {
    this.revocations += 1;
    this.cache.clear();
  }

  /**
   * Empties the cache and caches nothing until `resume`: the process can no longer hear of
   * revocations made elsewhere, so what it remembers may be stale.
   */
  suspend(): void {
    this.suspended = true;
    this.forgetAll();
  }

  /** Caches again: the process hears of revocations made elsewhere from now on. */
  resume(): void {
    // A lookup that started before now may have read a session revoked while nobody listened.
    this.revocations += 1;
    this.suspended = false;
  }
}

function toRecord(row: AccessRow): AccessRecord {
  const unitRow: UnitRow = {
    id: row.unit_id,
    name: row.unit_name,
    en_name: row.unit_en_name,
    unit_type: row.unit_type,
    unit_status: row.unit_status,
    sharding_code: row.sharding_code,
    campus_units: row.campus_units,
  };
  return {
    session: {
      sessionId: row.session_id,
      userId: row.id,
      familyId: row.family_id,
      accessExpiresAt: row.access_expires_at,
    },
    user: toUser(row),
    unit: toUnit(unitRow),
  };
}
