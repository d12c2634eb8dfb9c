import { randomBytes } from 'node:crypto';
import { tokenHash } from '../auth/tokens';
import type { Sql } from '../db/sql';
import { isLangType, type LangType } from '../../contract/languages';

/** How long a speech token may wait to be used (it opens one recording, then it is spent). */
export const SPEECH_TOKEN_TTL_MS = 60_000;

export interface SpeechGrant {
  userId: number;
  userType: number;
  unitId: number;
  unitType: number;
  language: LangType;
  expiresAt: number;
}

interface GrantRow {
  user_id: number;
  user_type: number;
  unit_id: number;
  unit_type: number;
  language: string;
  expires_at: number;
}

const INSERT = `INSERT INTO speech_tokens
  (token_hash, user_id, user_type, unit_id, unit_type, language, expires_at)
  VALUES (?, ?, ?, ?, ?, ?, ?)`;
const SPEND = `DELETE FROM speech_tokens WHERE token_hash = ?
  RETURNING user_id, user_type, unit_id, unit_type, language, expires_at`;
const PURGE = 'DELETE FROM speech_tokens WHERE expires_at <= ?';

/**
 * Short-lived, single-use speech tokens for the stand-in gateway, kept in the database as a hash
 * so that the node a gateway WebSocket reaches can spend a token another node issued (several
 * nodes behind one balancer, docs/scale-out.md). Spending is one DELETE … RETURNING: of two
 * connections presenting one token, exactly one gets the grant.
 */
export class SpeechTokens {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => number,
  ) {}

  async issue(
    grant: Omit<SpeechGrant, 'expiresAt'>,
  ): Promise<{ token: string; expiresAt: number }> {
    const now = this.now();
    await this.sql.run(PURGE, [now]);
    const token = randomBytes(16).toString('hex');
    const expiresAt = now + SPEECH_TOKEN_TTL_MS;
    await this.sql.run(INSERT, [
      tokenHash(token),
      grant.userId,
      grant.userType,
      grant.unitId,
      grant.unitType,
      grant.language,
      expiresAt,
    ]);
    return { token, expiresAt };
  }

  /** The grant of a token, spending it; null when unknown, used or expired. */
  async redeem(token: string | undefined): Promise<SpeechGrant | null> {
    if (token === undefined || !/^[0-9a-f]{32}$/.test(token)) return null;
    const row = await this.sql.get<GrantRow>(SPEND, [tokenHash(token)]);
    if (row === undefined || row.expires_at <= this.now() || !isLangType(row.language)) return null;
    return {
      userId: row.user_id,
      userType: row.user_type,
      unitId: row.unit_id,
      unitType: row.unit_type,
      language: row.language,
      expiresAt: row.expires_at,
    };
  }
}
