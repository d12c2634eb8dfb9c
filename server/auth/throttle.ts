import type { Database, Statement } from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { TOO_MANY_ATTEMPTS } from '../../contract/auth';
import type { ThrottleOptions } from '../config';
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
  private readonly select: Statement<[string], ThrottleRow>;
  private readonly upsert: Statement<[string, number, number, number]>;
  private readonly remove: Statement<[string]>;
  private readonly purge: Statement<[number, number]>;
  private readonly deviceKnown: Statement<[string, number, number], { found: number }>;
  private readonly deviceKnownToAnyone: Statement<[string, number], { found: number }>;
  private readonly deviceSeen: Statement<[string, number, number, number]>;
  private readonly devicesPurge: Statement<[number]>;
  private readonly proofSpend: Statement<[string, number]>;
  private readonly proofsPurge: Statement<[number]>;

  constructor(
    private readonly db: Database,
    private readonly options: ThrottleOptions,
    private readonly now: () => number,
  ) {
    this.select = db.prepare(
      'SELECT failures, window_started_at, locked_until FROM login_throttle WHERE key = ?',
    );
    this.upsert = db.prepare(
      `INSERT INTO login_throttle (key, failures, window_started_at, locked_until)
       VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET failures = excluded.failures,
         window_started_at = excluded.window_started_at, locked_until = excluded.locked_until`,
    );
    this.remove = db.prepare('DELETE FROM login_throttle WHERE key = ?');
    this.purge = db.prepare(
      'DELETE FROM login_throttle WHERE locked_until <= ? AND window_started_at < ?',
    );
    this.deviceKnown = db.prepare<[string, number, number], { found: number }>(
      `SELECT 1 AS found FROM known_devices
       WHERE device_hash = ? AND user_id = ? AND last_seen_at > ?`,
    );
    this.deviceKnownToAnyone = db.prepare<[string, number], { found: number }>(
      'SELECT 1 AS found FROM known_devices WHERE device_hash = ? AND last_seen_at > ? LIMIT 1',
    );
    this.deviceSeen = db.prepare(
      `INSERT INTO known_devices (device_hash, user_id, created_at, last_seen_at)
       VALUES (?, ?, ?, ?)
       ON CONFLICT (device_hash, user_id) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
    );
    this.devicesPurge = db.prepare('DELETE FROM known_devices WHERE last_seen_at <= ?');
    this.proofSpend = db.prepare(
      'INSERT INTO spent_proofs (signature, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
    );
    this.proofsPurge = db.prepare('DELETE FROM spent_proofs WHERE expires_at <= ?');
  }

  /** Failures for an account from browsers it does not know: they lock it for those browsers. */
  accountKey(username: string): ThrottleKey {
    const key = `account:${username.toLowerCase()}`;
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

  /** The device of a cookie's value (any value: it is looked up by its hash only). */
  deviceOf(token: string | undefined): DeviceToken | undefined {
    if (token === undefined || !/^[A-Za-z0-9_-]{32,64}$/.test(token)) return undefined;
    return { token, hash: sha256(token) };
  }

  /** True when this browser signed in to the user within the known-device lifetime. */
  isKnownDevice(device: DeviceToken | undefined, userId: number): boolean {
    if (!device) return false;
    const since = this.now() - KNOWN_DEVICE_SECONDS * 1000;
    return this.deviceKnown.get(device.hash, userId, since) !== undefined;
  }

  /** True when this browser signed in to anyone here (face and device logins have no account). */
  isKnownToAnyone(device: DeviceToken | undefined): boolean {
    if (!device) return false;
    const since = this.now() - KNOWN_DEVICE_SECONDS * 1000;
    return this.deviceKnownToAnyone.get(device.hash, since) !== undefined;
  }

  /**
   * Remembers that this browser signed in to the user (a new device token when it has none) and
   * returns the token its cookie carries from now on.
   */
  rememberDevice(device: DeviceToken | undefined, userId: number): DeviceToken {
    const known = device ?? this.deviceOf(randomBytes(32).toString('base64url'));
    if (!known) throw new Error('a new device token must be well formed');
    const now = this.now();
    this.deviceSeen.run(known.hash, userId, now, now);
    this.devicesPurge.run(now - KNOWN_DEVICE_SECONDS * 1000);
    return known;
  }

  /** Seconds until every locking key is unlocked; 0 when none is locked. */
  retryAfterSeconds(keys: readonly ThrottleKey[]): number {
    const now = this.now();
    let lockedUntil = 0;
    for (const { key, locks } of keys) {
      if (!locks) continue;
      const row = this.select.get(key);
      if (row && row.locked_until > lockedUntil) lockedUntil = row.locked_until;
    }
    return lockedUntil > now ? Math.ceil((lockedUntil - now) / 1000) : 0;
  }

  /** True when a non-locking key (an address) reached its threshold in the current window. */
  overThreshold(key: ThrottleKey): boolean {
    const row = this.select.get(key.key);
    if (!row) return false;
    const windowMs = this.options.windowSeconds * 1000;
    return this.now() - row.window_started_at < windowMs && row.failures >= key.maxFailures;
  }

  /** Counts one failure on every key, in one transaction (parallel guesses count exactly). */
  recordFailure(keys: readonly ThrottleKey[]): void {
    const now = this.now();
    const windowMs = this.options.windowSeconds * 1000;
    this.db.transaction(() => {
      for (const { key, maxFailures, locks } of keys) {
        const row = this.select.get(key);
        const freshWindow =
          row === undefined ||
          now - row.window_started_at >= windowMs ||
          (row.locked_until !== 0 && row.locked_until <= now);
        let failures = freshWindow ? 1 : row.failures + 1;
        let windowStartedAt = freshWindow ? now : row.window_started_at;
        let lockedUntil = freshWindow ? 0 : row.locked_until;
        if (locks && failures >= maxFailures) {
          lockedUntil = now + this.options.lockSeconds * 1000;
          failures = 0;
          windowStartedAt = now;
        }
        this.upsert.run(key, failures, windowStartedAt, lockedUntil);
      }
      this.purge.run(now, now - windowMs);
    })();
  }

  clear(key: ThrottleKey): void {
    this.remove.run(key.key);
  }

  /** Marks a proof of work used; false when it was used before (a replay). */
  spendProof(signature: string, expiresAt: number): boolean {
    const now = this.now();
    this.proofsPurge.run(now);
    return this.proofSpend.run(signature, expiresAt).changes === 1;
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
