import type { Sql } from '../db/sql';
import type { ActiveSession } from './sessions';
import { boundedSet } from '../bounded-map';

const FLAG_OF_USER = 'SELECT must_change_password FROM users WHERE id = ?';
const CHANGE_PASSWORD = `UPDATE users SET password_hash = ?, must_change_password = 0
  WHERE id = ?`;

/**
 * Whether a session's user must change a one-time password before anything else
 * (`users.must_change_password`, set by the admin tool's import-users and reset-password:
 * docs/security.md, "First sign-in password change"), and the change itself.
 *
 * The flag is read from the database, so a change made on another node counts at once. A
 * session found without the flag is remembered until its access token expires: the flag can
 * only be set again by the admin tool's reset-password, which ends every session of the
 * account, or on a new account, which has none. So once the user has changed the password, the
 * calls of their sessions cost no query here.
 */
export class PasswordChangeGate {
  /** Sessions known to need no change, with the time their access token expires. */
  private readonly cleared = new Map<number, number>();

  constructor(
    private readonly sql: Sql,
    private readonly now: () => number,
    private readonly maxEntries = 10_000,
  ) {}

  async required(session: ActiveSession): Promise<boolean> {
    const until = this.cleared.get(session.sessionId);
    if (until !== undefined) {
      if (until > this.now()) return false;
      this.cleared.delete(session.sessionId);
    }
    const row = await this.sql.get<{ must_change_password: number }>(FLAG_OF_USER, [
      session.userId,
    ]);
    // A user removed meanwhile has no session that matters: the access lookup refuses it.
    const required = (row?.must_change_password ?? 0) !== 0;
    if (!required) this.remember(session);
    return required;
  }

  /** Stores a new password hash for the user and clears the flag, in `tx` when given. */
  async change(userId: number, passwordHash: string, tx: Sql = this.sql): Promise<void> {
    await tx.run(CHANGE_PASSWORD, [passwordHash, userId]);
  }

  private remember(session: ActiveSession): void {
    boundedSet(this.cleared, session.sessionId, session.accessExpiresAt, this.maxEntries);
  }
}
