import { randomBytes } from 'node:crypto';
import { tokenHash } from '../auth/tokens';
import type { LangType } from '../../contract/languages';

/** How long a speech token may wait to be used (it opens one recording, then it is spent). */
export const SPEECH_TOKEN_TTL_MS = 60_000;
/** Outstanding tokens kept at most (the oldest go first): a bound on memory. */
const MAX_OUTSTANDING = 1000;

export interface SpeechGrant {
  userId: number;
  userType: number;
  unitId: number;
  unitType: number;
  language: LangType;
  /** The page device the lookups answer for (mobile pages from the phone). */
  expiresAt: number;
}

/**
 * Short-lived, single-use speech tokens for the stand-in gateway: kept in memory only as a hash,
 * spent by the first connection that presents them (one token, one recording).
 */
export class SpeechTokens {
  private readonly grants = new Map<string, SpeechGrant>();

  constructor(private readonly now: () => number) {}

  issue(grant: Omit<SpeechGrant, 'expiresAt'>): { token: string; expiresAt: number } {
    this.prune();
    const token = randomBytes(16).toString('hex');
    const expiresAt = this.now() + SPEECH_TOKEN_TTL_MS;
    this.grants.set(tokenHash(token), { ...grant, expiresAt });
    while (this.grants.size > MAX_OUTSTANDING) {
      const oldest = this.grants.keys().next().value;
      if (oldest === undefined) break;
      this.grants.delete(oldest);
    }
    return { token, expiresAt };
  }

  /** The grant of a token, spending it; null when unknown, used or expired. */
  redeem(token: string | undefined): SpeechGrant | null {
    if (token === undefined || !/^[0-9a-f]{32}$/.test(token)) return null;
    const key = tokenHash(token);
    const grant = this.grants.get(key);
    if (grant === undefined) return null;
    this.grants.delete(key);
    return grant.expiresAt > this.now() ? grant : null;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, grant] of this.grants) {
      if (grant.expiresAt <= now) this.grants.delete(key);
    }
  }
}
