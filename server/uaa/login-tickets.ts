import type { Database, Statement } from 'better-sqlite3';
import { newToken, tokenHash } from '../auth/tokens';

/** A ticket is good for one minute: long enough for a redirect, too short to be kept. */
export const LOGIN_TICKET_TTL_MS = 60_000;

export type TicketRedemption =
  | { kind: 'redeemed'; userId: number; familyId: number }
  /** Used before, expired, unknown, or issued from a sign-in that has ended since. */
  | { kind: 'refused' };

/**
 * One-time login tickets (spec §4 step 4): issued to a signed-in user, stored only as a hash,
 * redeemed once within a minute for a session in the family the ticket came from, so the new
 * session ends with the sign-in that gave it.
 */
export class LoginTicketStore {
  private readonly insert: Statement<[string, number, number, number]>;
  private readonly claim: Statement<[number, string, number]>;
  private readonly find: Statement<[string], { user_id: number; family_id: number }>;
  private readonly familyLive: Statement<[number], { live: number }>;
  private readonly sweep: Statement<[number]>;

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {
    this.insert = db.prepare(
      'INSERT INTO login_tickets (ticket_hash, user_id, family_id, expires_at) VALUES (?, ?, ?, ?)',
    );
    // Claiming is one UPDATE, so two requests racing with one ticket cannot both win.
    this.claim = db.prepare(
      `UPDATE login_tickets SET used_at = ?
        WHERE ticket_hash = ? AND used_at IS NULL AND expires_at > ?`,
    );
    this.find = db.prepare('SELECT user_id, family_id FROM login_tickets WHERE ticket_hash = ?');
    this.familyLive = db.prepare(
      'SELECT COUNT(*) AS live FROM sessions WHERE family_id = ? AND revoked_at IS NULL',
    );
    this.sweep = db.prepare('DELETE FROM login_tickets WHERE expires_at <= ?');
  }

  issue(userId: number, familyId: number): { ticket: string; expiresIn: number } {
    const now = this.now();
    this.sweep.run(now - LOGIN_TICKET_TTL_MS);
    const ticket = newToken();
    this.insert.run(tokenHash(ticket), userId, familyId, now + LOGIN_TICKET_TTL_MS);
    return { ticket, expiresIn: LOGIN_TICKET_TTL_MS / 1000 };
  }

  redeem(ticket: string): TicketRedemption {
    const hash = tokenHash(ticket);
    const now = this.now();
    return this.db.transaction((): TicketRedemption => {
      if (this.claim.run(now, hash, now).changes !== 1) return { kind: 'refused' };
      const row = this.find.get(hash);
      if (!row || (this.familyLive.get(row.family_id)?.live ?? 0) === 0) return { kind: 'refused' };
      return { kind: 'redeemed', userId: row.user_id, familyId: row.family_id };
    })();
  }
}
