import { newToken, tokenHash } from '../auth/tokens';
import type { Sql } from '../db/sql';

/** A ticket is good for one minute: long enough for a redirect, too short to be kept. */
export const LOGIN_TICKET_TTL_MS = 60_000;

export type TicketRedemption =
  | { kind: 'redeemed'; userId: number; familyId: number }
  /** Used before, expired, unknown, or issued from a sign-in that has ended since. */
  | { kind: 'refused' };

const INSERT =
  'INSERT INTO login_tickets (ticket_hash, user_id, family_id, expires_at) VALUES (?, ?, ?, ?)';
// Claiming is one conditional UPDATE, so of two requests racing with one ticket (on one node or
// several) exactly one changes the row and wins.
const CLAIM = `UPDATE login_tickets SET used_at = ?
  WHERE ticket_hash = ? AND used_at IS NULL AND expires_at > ?`;
const FIND = 'SELECT user_id, family_id FROM login_tickets WHERE ticket_hash = ?';
const FAMILY_LIVE =
  'SELECT COUNT(*) AS live FROM sessions WHERE family_id = ? AND revoked_at IS NULL';
const SWEEP = 'DELETE FROM login_tickets WHERE expires_at <= ?';

/**
 * One-time login tickets (spec §4 step 4): issued to a signed-in user, stored only as a hash,
 * redeemed once within a minute for a session in the family the ticket came from, so the new
 * session ends with the sign-in that gave it.
 */
export class LoginTicketStore {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => number,
  ) {}

  async issue(userId: number, familyId: number): Promise<{ ticket: string; expiresIn: number }> {
    const now = this.now();
    await this.sql.run(SWEEP, [now - LOGIN_TICKET_TTL_MS]);
    const ticket = newToken();
    await this.sql.run(INSERT, [tokenHash(ticket), userId, familyId, now + LOGIN_TICKET_TTL_MS]);
    return { ticket, expiresIn: LOGIN_TICKET_TTL_MS / 1000 };
  }

  redeem(ticket: string): Promise<TicketRedemption> {
    const hash = tokenHash(ticket);
    const now = this.now();
    return this.sql.transaction(async (tx): Promise<TicketRedemption> => {
      if ((await tx.run(CLAIM, [now, hash, now])).changes !== 1) return { kind: 'refused' };
      const row = await tx.get<{ user_id: number; family_id: number }>(FIND, [hash]);
      if (!row) return { kind: 'refused' };
      const family = await tx.get<{ live: number }>(FAMILY_LIVE, [row.family_id]);
      if ((family?.live ?? 0) === 0) return { kind: 'refused' };
      return { kind: 'redeemed', userId: row.user_id, familyId: row.family_id };
    });
  }
}
