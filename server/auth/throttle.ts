import type { Database, Statement } from 'better-sqlite3';
import type { FastifyReply } from 'fastify';
import { TOO_MANY_ATTEMPTS } from '../../contract/auth';
import type { ThrottleOptions } from '../config';
import { fail } from '../http/envelope';
import { tooManyAttempts } from '../http/messages';

/** A counter to check and bump: one per account, one per client address. */
export interface ThrottleKey {
  key: string;
  maxFailures: number;
}

interface ThrottleRow {
  failures: number;
  window_started_at: number;
  locked_until: number;
}

/**
 * Failed-login throttling. Each key counts failures within a window; reaching the key's limit
 * locks it for `lockSeconds` (and starts a new count afterwards). While any key of an attempt is
 * locked the attempt is refused, even with the right password, and the client is told when to
 * retry. A success clears the account's counter but not the address's, so an attacker cannot
 * reset an address's count by signing in to an account of their own.
 */
export class LoginThrottle {
  private readonly select: Statement<[string], ThrottleRow>;
  private readonly upsert: Statement<[string, number, number, number]>;
  private readonly remove: Statement<[string]>;
  private readonly purge: Statement<[number, number]>;

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
  }

  accountKey(username: string): ThrottleKey {
    return { key: `account:${username.toLowerCase()}`, maxFailures: this.options.maxFailures };
  }

  addressKey(address: string): ThrottleKey {
    return { key: `address:${address}`, maxFailures: this.options.maxFailuresPerAddress };
  }

  /** Seconds until every given key is unlocked; 0 when none is locked. */
  retryAfterSeconds(keys: readonly ThrottleKey[]): number {
    const now = this.now();
    let lockedUntil = 0;
    for (const { key } of keys) {
      const row = this.select.get(key);
      if (row && row.locked_until > lockedUntil) lockedUntil = row.locked_until;
    }
    return lockedUntil > now ? Math.ceil((lockedUntil - now) / 1000) : 0;
  }

  recordFailure(keys: readonly ThrottleKey[]): void {
    const now = this.now();
    const windowMs = this.options.windowSeconds * 1000;
    this.db.transaction(() => {
      for (const { key, maxFailures } of keys) {
        const row = this.select.get(key);
        const freshWindow =
          row === undefined ||
          now - row.window_started_at >= windowMs ||
          (row.locked_until !== 0 && row.locked_until <= now);
        let failures = freshWindow ? 1 : row.failures + 1;
        let windowStartedAt = freshWindow ? now : row.window_started_at;
        let lockedUntil = freshWindow ? 0 : row.locked_until;
        if (failures >= maxFailures) {
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
