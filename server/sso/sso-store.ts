import type { Sql } from '../db/sql';

/**
 * The single-sign-on stand-ins' one-time tickets (stored hashed) and spent nonces, in the
 * database so that a ticket issued by one node is honoured by another (docs/scale-out.md).
 * Taking a ticket is one DELETE … RETURNING and spending a nonce one conditional INSERT, so of
 * two requests racing on different nodes exactly one succeeds.
 */
export class SsoStore {
  constructor(private readonly sql: Sql) {}

  async issueTicket(ticketHash: string, userName: string, expiresAt: number): Promise<void> {
    await this.sql.run(
      'INSERT INTO sso_tickets (ticket_hash, user_name, expires_at) VALUES (?, ?, ?)',
      [ticketHash, userName, expiresAt],
    );
  }

  /** The ticket's user, taking the ticket; undefined when unknown, taken or expired. */
  async takeTicket(ticketHash: string, now: number): Promise<string | undefined> {
    const row = await this.sql.get<{ user_name: string; expires_at: number }>(
      'DELETE FROM sso_tickets WHERE ticket_hash = ? RETURNING user_name, expires_at',
      [ticketHash],
    );
    return row !== undefined && row.expires_at > now ? row.user_name : undefined;
  }

  /** Records a nonce as spent until `expiresAt`; false when it already was. */
  async spendNonce(nonce: string, expiresAt: number): Promise<boolean> {
    const result = await this.sql.run(
      'INSERT INTO sso_nonces (nonce, expires_at) VALUES (?, ?) ON CONFLICT (nonce) DO NOTHING',
      [nonce, expiresAt],
    );
    return result.changes === 1;
  }

  async purge(now: number): Promise<void> {
    await this.sql.run('DELETE FROM sso_tickets WHERE expires_at <= ?', [now]);
    await this.sql.run('DELETE FROM sso_nonces WHERE expires_at <= ?', [now]);
  }
}
