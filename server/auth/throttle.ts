import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { TOO_MANY_ATTEMPTS } from '../../contract/auth';
import type { ThrottleOptions } from '../config';
import type { Sql } from '../db/sql';
import { fail } from '../http/envelope';
import { tooManyAttempts } from '../http/messages';

/**
 * A failure counter. A counter that `locks` refuses attempts for `lockSeconds` once it reaches
 * `maxFailures` in the window; one that does not only tells when it is over its threshold (an
 * address: the login asks for a proof of work then, never refuses).
 */
export interface ThrottleKey {
  key: string;
  maxFailures: number;
  locks: boolean;
}

interface ThrottleRow {
  failures: number;
  window_started_at: number;
  locked_until: number;
}

const SELECT = 'SELECT failures, window_started_at, locked_until FROM login_throttle WHERE key = ?';
/**
 * One failure on a key, in one statement, so that parallel failures (on one node or several)
 * are all counted: a new window when the key has none, its window is over or its lock has run
 * out; a lock (and a new window) when a locking key reaches its maximum; else one more failure.
 * `@first_failures` and `@first_locked_until` are what a new window starts with (a maximum of 1
 * locks at once).
 */
const COUNT_FAILURE = `INSERT INTO login_throttle (key, failures, window_started_at, locked_until)
  VALUES (@key, @first_failures, @now, @first_locked_until)
  ON CONFLICT (key) DO UPDATE SET
    failures = CASE
      WHEN ${freshWindow()} THEN @first_failures
      WHEN ${reachesMaximum()} THEN 0
      ELSE login_throttle.failures + 1 END,
    window_started_at = CASE
      WHEN ${freshWindow()} THEN @now
      WHEN ${reachesMaximum()} THEN @now
      ELSE login_throttle.window_started_at END,
    locked_until = CASE
      WHEN ${freshWindow()} THEN @first_locked_until
      WHEN ${reachesMaximum()} THEN CAST(@lock_until AS BIGINT)
      ELSE login_throttle.locked_until END
  RETURNING failures, locked_until`;
/** An attempt counted by COUNT_FAILURE that turned out not to be a failure. */
const UNCOUNT = 'UPDATE login_throttle SET failures = failures - 1 WHERE key = ? AND failures > 0';
/** An attempt that set a lock and turned out not to be a guess: the lock is lifted. */
const UNLOCK = `UPDATE login_throttle SET failures = ?, locked_until = 0
  WHERE key = ? AND locked_until = ?`;
const REMOVE = 'DELETE FROM login_throttle WHERE key = ?';
const LOCKED_COUNT = 'SELECT COUNT(*) AS locked FROM login_throttle WHERE locked_until > ?';
const PURGE = 'DELETE FROM login_throttle WHERE locked_until <= ? AND window_started_at < ?';
const DEVICE_KNOWN = `SELECT 1 AS found FROM known_devices
  WHERE device_hash = ? AND user_id = ? AND last_seen_at > ?`;
const DEVICE_KNOWN_TO_ANYONE =
  'SELECT 1 AS found FROM known_devices WHERE device_hash = ? AND last_seen_at > ? LIMIT 1';
const DEVICE_SEEN = `INSERT INTO known_devices (device_hash, user_id, created_at, last_seen_at)
  VALUES (?, ?, ?, ?)
  ON CONFLICT (device_hash, user_id) DO UPDATE SET last_seen_at = excluded.last_seen_at`;
const DEVICES_PURGE = 'DELETE FROM known_devices WHERE last_seen_at <= ?';
const PROOF_SPEND =
  'INSERT INTO spent_proofs (signature, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING';
const PROOFS_PURGE = 'DELETE FROM spent_proofs WHERE expires_at <= ?';

/** The stored row's window is over, or its lock has run out (COUNT_FAILURE). */
function freshWindow(): string {
  return `(CAST(@now AS BIGINT) - login_throttle.window_started_at >= CAST(@window_ms AS BIGINT)
    OR (login_throttle.locked_until <> 0 AND login_throttle.locked_until <= CAST(@now AS BIGINT)))`;
}

/** A locking key's failure, counted on the stored row, reaches its maximum (COUNT_FAILURE). */
function reachesMaximum(): string {
  return `(CAST(@locks AS BIGINT) = 1
    AND login_throttle.failures + 1 >= CAST(@max_failures AS BIGINT))`;
}

/** Stale rows are purged at most this often, by one statement of their own. */
const PURGE_EVERY_MS = 60_000;

/** One attempt counted on a key: the key, and what the count left there. */
export interface CountedKey extends ThrottleKey {
  /** Failures in the current window, this attempt's included (0 when it set a lock). */
  failures: number;
  /** The lock this attempt set, epoch ms; 0 when it set none. */
  lockedBy: number;
}

/** A browser's device cookie: the token it carries and the hash the database knows it by. */
export interface DeviceToken {
  token: string;
  hash: string;
}

/** How long a known device stays known without a sign-in (the cookie's lifetime too). */
export const KNOWN_DEVICE_SECONDS = 365 * 24 * 3600;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/**
 * The sign-in throttle's data, behind one repository (OWASP's "device cookies" scheme; the
 * rules are in server/auth/login-guard.ts): failure counters per account, per client address and
 * per known device; the devices (browsers) known to each account; the proofs of work already
 * spent. Everything lives in the database, so every server process of one database shares it.
 */
export class LoginThrottle {
  constructor(
    private readonly sql: Sql,
    private readonly options: ThrottleOptions,
    private readonly now: () => number,
  ) {}

  /**
   * Failures for an account from browsers it does not know: they lock it for those browsers.
   * Kept by the user's id once the user is found, so every spelling of the name shares one lock;
   * an unknown name's by its normalised key (server/auth/login-name.ts), one budget per form.
   */
  accountKey(subject: { userId: number } | { loginKey: string }): ThrottleKey {
    const key = 'userId' in subject ? `user:${String(subject.userId)}` : `name:${subject.loginKey}`;
    return { key, maxFailures: this.options.maxFailures, locks: true };
  }

  /** Failures from a client address: over the threshold, sign-ins from it must prove work. */
  addressKey(address: string): ThrottleKey {
    const key = `address:${address}`;
    return { key, maxFailures: this.options.maxFailuresPerAddress, locks: false };
  }

  /**
   * A known device's own budget for one account (`subject` a user id), or for face and device
   * logins from it (`subject` the login's kind): a stolen laptop still cannot guess forever.
   */
  deviceKey(device: DeviceToken, subject: number | string): ThrottleKey {
    const key = `device:${device.hash}:${String(subject)}`;
    return { key, maxFailures: this.options.maxFailuresPerDevice, locks: true };
  }

  /** Accounts and devices locked now (every node's: the locks live in the database). */
  async lockedCount(): Promise<number> {
    const row = await this.sql.get<{ locked: number }>(LOCKED_COUNT, [this.now()]);
    return row?.locked ?? 0;
  }

  /** The device of a cookie's value (any value: it is looked up by its hash only). */
  deviceOf(token: string | undefined): DeviceToken | undefined {
    if (token === undefined || !/^[A-Za-z0-9_-]{32,64}$/.test(token)) return undefined;
    return { token, hash: sha256(token) };
  }

  /** True when this browser signed in to the user within the known-device lifetime. */
  async isKnownDevice(device: DeviceToken | undefined, userId: number): Promise<boolean> {
    if (!device) return false;
    const since = this.now() - KNOWN_DEVICE_SECONDS * 1000;
    const row = await this.sql.get<{ found: number }>(DEVICE_KNOWN, [device.hash, userId, since]);
    return row !== undefined;
  }

  /** True when this browser signed in to anyone here (face and device logins have no account). */
  async isKnownToAnyone(device: DeviceToken | undefined): Promise<boolean> {
    if (!device) return false;
    const since = this.now() - KNOWN_DEVICE_SECONDS * 1000;
    const row = await this.sql.get<{ found: number }>(DEVICE_KNOWN_TO_ANYONE, [device.hash, since]);
    return row !== undefined;
  }

  /**
   * Remembers that this browser signed in to the user (a new device token when it has none) and
   * returns the token its cookie carries from now on.
   */
  async rememberDevice(device: DeviceToken | undefined, userId: number): Promise<DeviceToken> {
    const known = device ?? this.deviceOf(randomBytes(32).toString('base64url'));
    if (!known) throw new Error('a new device token must be well formed');
    const now = this.now();
    await this.sql.run(DEVICE_SEEN, [known.hash, userId, now, now]);
    await this.sql.run(DEVICES_PURGE, [now - KNOWN_DEVICE_SECONDS * 1000]);
    return known;
  }

  /** Seconds until every locking key is unlocked; 0 when none is locked. */
  async retryAfterSeconds(keys: readonly ThrottleKey[]): Promise<number> {
    const now = this.now();
    let lockedUntil = 0;
    for (const { key, locks } of keys) {
      if (!locks) continue;
      const row = await this.sql.get<ThrottleRow>(SELECT, [key]);
      if (row && row.locked_until > lockedUntil) lockedUntil = row.locked_until;
    }
    return lockedUntil > now ? Math.ceil((lockedUntil - now) / 1000) : 0;
  }

  /**
   * Counts one attempt on a key, in one statement (parallel attempts, on one node or several,
   * count exactly; no transaction, so no lock is held across statements): the attempt is counted
   * before it is checked, and taken back (`uncount`) when it proves not to be a failure.
   */
  async count(key: ThrottleKey): Promise<CountedKey> {
    const now = this.now();
    const windowMs = this.options.windowSeconds * 1000;
    const lockUntil = now + this.options.lockSeconds * 1000;
    const locksAtOnce = key.locks && key.maxFailures <= 1;
    const row = await this.sql.get<{ failures: number; locked_until: number }>(COUNT_FAILURE, {
      key: key.key,
      now,
      window_ms: windowMs,
      locks: key.locks ? 1 : 0,
      max_failures: key.maxFailures,
      lock_until: lockUntil,
      first_failures: locksAtOnce ? 0 : 1,
      first_locked_until: locksAtOnce ? lockUntil : 0,
    });
    await this.purgeNowAndThen(now, windowMs);
    const lockedBy = row?.locked_until === lockUntil ? lockUntil : 0;
    return { ...key, failures: row?.failures ?? 1, lockedBy };
  }

  /** Takes back an attempt `count` counted (a success, or an attempt that was not a guess). */
  async uncount(counted: CountedKey): Promise<void> {
    if (counted.lockedBy !== 0) {
      await this.sql.run(UNLOCK, [counted.maxFailures - 1, counted.key, counted.lockedBy]);
    } else {
      await this.sql.run(UNCOUNT, [counted.key]);
    }
  }

  /**
   * Deletes the rows whose window and lock are over, in a statement of its own at most once a
   * minute per process: inside the counting statements' transaction it deadlocked them on
   * PostgreSQL (two transactions each holding a row the other's purge wanted).
   */
  private lastPurge = 0;

  private async purgeNowAndThen(now: number, windowMs: number): Promise<void> {
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.sql.run(PURGE, [now, now - windowMs]);
  }

  async clear(key: ThrottleKey): Promise<void> {
    await this.sql.run(REMOVE, [key.key]);
  }

  /** Marks a proof of work used; false when it was used before (a replay). */
  async spendProof(signature: string, expiresAt: number): Promise<boolean> {
    const now = this.now();
    await this.sql.run(PROOFS_PURGE, [now]);
    return (await this.sql.run(PROOF_SPEND, [signature, expiresAt])).changes === 1;
  }
}

/**
 * The answer to an attempt while one of its keys is locked (password, device and face logins):
 * envelope 429 `too_many_attempts` with the wait in words, in `data` and in Retry-After.
 */
export function sendTooManyAttempts(reply: FastifyReply, retryAfter: number): FastifyReply {
  return reply
    .header('retry-after', String(retryAfter))
    .send(fail(429, TOO_MANY_ATTEMPTS, tooManyAttempts(retryAfter), { data: { retryAfter } }));
}
