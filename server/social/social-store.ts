import type { Sql } from '../db/sql';
import type { SocialProviderKind } from '../../contract/social';
import { newToken, tokenHash } from '../auth/tokens';

/** A state is good for ten minutes: a QR code waits for a phone, a person types slowly. */
export const SOCIAL_STATE_TTL_MS = 10 * 60_000;
/** An identity waits ten minutes on the binding page for its account. */
export const SOCIAL_PENDING_TTL_MS = 10 * 60_000;

/** A provider configured for a unit, with its secret (server-side only). */
export interface SocialProviderRecord {
  unitId: number;
  providerId: string;
  kind: SocialProviderKind;
  appId: string;
  appSecret: string;
  agentId: string;
  name: string;
  logo: string;
}

/** An identity a provider vouched for: issuer + subject name it; the rest is for people. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  openid: string;
  unionid: string;
  nickname: string;
}

export interface PendingIdentity extends ProviderIdentity {
  unitId: number;
  providerId: string;
  deviceId: string;
}

export interface LinkedIdentity {
  issuer: string;
  subject: string;
  userId: number;
  nickname: string;
  linkedAt: number;
}

interface ProviderRow {
  unit_id: number;
  provider_id: string;
  kind: SocialProviderKind;
  app_id: string;
  app_secret: string;
  agent_id: string;
  name: string;
  logo: string;
}

function toProvider(row: ProviderRow): SocialProviderRecord {
  return {
    unitId: row.unit_id,
    providerId: row.provider_id,
    kind: row.kind,
    appId: row.app_id,
    appSecret: row.app_secret,
    agentId: row.agent_id,
    name: row.name,
    logo: row.logo,
  };
}

export type LinkOutcome = 'linked' | 'identity-taken';

const PROVIDER_COLUMNS = 'unit_id, provider_id, kind, app_id, app_secret, agent_id, name, logo';
const PROVIDERS_OF_UNIT = `SELECT ${PROVIDER_COLUMNS} FROM social_providers
  WHERE unit_id = ? ORDER BY sort, provider_id`;
const PROVIDER_BY_ID = `SELECT ${PROVIDER_COLUMNS} FROM social_providers
  WHERE unit_id = ? AND provider_id = ?`;
const INSERT_STATE = `INSERT INTO social_states
    (state_hash, browser_hash, unit_id, provider_id, expires_at)
  VALUES (?, ?, ?, ?, ?)`;
// One UPDATE claims a state: it must be this browser's, this unit's and provider's, unused
// and unexpired; two callbacks racing with one state (on one node or two) cannot both win.
const CLAIM_STATE = `UPDATE social_states SET used_at = ?
  WHERE state_hash = ? AND browser_hash = ? AND unit_id = ? AND provider_id = ?
    AND used_at IS NULL AND expires_at > ?`;
const SWEEP_STATES = 'DELETE FROM social_states WHERE expires_at <= ?';
const INSERT_PENDING = `INSERT INTO social_pending (pending_hash, unit_id, provider_id, issuer,
    subject, openid, unionid, nickname, device_id, expires_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const FIND_PENDING = `SELECT unit_id, provider_id, issuer, subject, openid, unionid, nickname,
    device_id
  FROM social_pending WHERE pending_hash = ? AND expires_at > ?`;
const DELETE_PENDING = 'DELETE FROM social_pending WHERE pending_hash = ?';
const SWEEP_PENDING = 'DELETE FROM social_pending WHERE expires_at <= ?';
const FIND_LINK =
  'SELECT user_id, nickname FROM social_identities WHERE issuer = ? AND subject = ?';
// The primary key (issuer, subject) decides a race: the second insert changes nothing.
const INSERT_LINK = `INSERT INTO social_identities (issuer, subject, user_id, nickname, linked_at)
  VALUES (?, ?, ?, ?, ?) ON CONFLICT (issuer, subject) DO NOTHING`;
const LINKS_OF_USER = `SELECT issuer, subject, nickname, linked_at FROM social_identities
  WHERE user_id = ? ORDER BY linked_at, issuer`;
const DELETE_LINK =
  'DELETE FROM social_identities WHERE issuer = ? AND subject = ? AND user_id = ?';

interface PendingRow {
  unit_id: number;
  provider_id: string;
  issuer: string;
  subject: string;
  openid: string;
  unionid: string;
  nickname: string;
  device_id: string;
}

/**
 * Social login's tables (migration 10): the providers of each unit, the states this browser
 * started (login CSRF), the identities waiting for the binding page, and the linked identities.
 * Secrets of the browser (state, browser cookie, pending cookie) are stored only as hashes.
 */
export class SocialStore {
  /**
   * `offered` says which kinds of provider this server can serve (providerOffered,
   * server/social/provider-availability.ts): the others are neither listed nor found.
   */
  constructor(
    private readonly sql: Sql,
    private readonly now: () => number,
    private readonly offered: (kind: SocialProviderKind) => boolean = () => true,
  ) {}

  /** The unit's providers this server offers. */
  async providers(unitId: number): Promise<SocialProviderRecord[]> {
    const rows = await this.sql.all<ProviderRow>(PROVIDERS_OF_UNIT, [unitId]);
    return rows.filter((row) => this.offered(row.kind)).map(toProvider);
  }

  /** One of the unit's providers, when this server offers it. */
  async provider(unitId: number, providerId: string): Promise<SocialProviderRecord | undefined> {
    const row = await this.sql.get<ProviderRow>(PROVIDER_BY_ID, [unitId, providerId]);
    return row && this.offered(row.kind) ? toProvider(row) : undefined;
  }

  /** A new state for a sign-in this browser starts with a provider of a unit. */
  async issueState(browser: string, unitId: number, providerId: string): Promise<string> {
    const now = this.now();
    await this.sql.run(SWEEP_STATES, [now - SOCIAL_STATE_TTL_MS]);
    const state = newToken();
    await this.sql.run(INSERT_STATE, [
      tokenHash(state),
      tokenHash(browser),
      unitId,
      providerId,
      now + SOCIAL_STATE_TTL_MS,
    ]);
    return state;
  }

  /** True once for a state this browser started with this unit's provider, within its time. */
  async claimStateOf(
    state: string,
    browser: string,
    unitId: number,
    providerId: string,
  ): Promise<boolean> {
    const now = this.now();
    const claimed = await this.sql.run(CLAIM_STATE, [
      now,
      tokenHash(state),
      tokenHash(browser),
      unitId,
      providerId,
      now,
    ]);
    return claimed.changes === 1;
  }

  /** Keeps an identity for the binding page; returns the secret of the browser's cookie. */
  async holdPending(identity: PendingIdentity): Promise<string> {
    const now = this.now();
    await this.sql.run(SWEEP_PENDING, [now]);
    const secret = newToken();
    await this.sql.run(INSERT_PENDING, [
      tokenHash(secret),
      identity.unitId,
      identity.providerId,
      identity.issuer,
      identity.subject,
      identity.openid,
      identity.unionid,
      identity.nickname,
      identity.deviceId,
      now + SOCIAL_PENDING_TTL_MS,
    ]);
    return secret;
  }

  async pending(secret: string): Promise<PendingIdentity | undefined> {
    const row = await this.sql.get<PendingRow>(FIND_PENDING, [tokenHash(secret), this.now()]);
    return row
      ? {
          unitId: row.unit_id,
          providerId: row.provider_id,
          issuer: row.issuer,
          subject: row.subject,
          openid: row.openid,
          unionid: row.unionid,
          nickname: row.nickname,
          deviceId: row.device_id,
        }
      : undefined;
  }

  async dropPending(secret: string): Promise<void> {
    await this.sql.run(DELETE_PENDING, [tokenHash(secret)]);
  }

  async linkedUser(issuer: string, subject: string): Promise<number | undefined> {
    return (await this.sql.get<{ user_id: number }>(FIND_LINK, [issuer, subject]))?.user_id;
  }

  /** Links an identity to a user; 'identity-taken' when it is (already) linked to another. */
  async link(identity: ProviderIdentity, userId: number): Promise<LinkOutcome> {
    const linkedAt = this.now();
    return this.sql.transaction(async (tx): Promise<LinkOutcome> => {
      await tx.run(INSERT_LINK, [
        identity.issuer,
        identity.subject,
        userId,
        identity.nickname,
        linkedAt,
      ]);
      const owner = await tx.get<{ user_id: number }>(FIND_LINK, [
        identity.issuer,
        identity.subject,
      ]);
      return owner?.user_id === userId ? 'linked' : 'identity-taken';
    });
  }

  async links(userId: number): Promise<LinkedIdentity[]> {
    const rows = await this.sql.all<{
      issuer: string;
      subject: string;
      nickname: string;
      linked_at: number;
    }>(LINKS_OF_USER, [userId]);
    return rows.map((row) => ({
      issuer: row.issuer,
      subject: row.subject,
      userId,
      nickname: row.nickname,
      linkedAt: row.linked_at,
    }));
  }

  async unlink(issuer: string, subject: string, userId: number): Promise<boolean> {
    return (await this.sql.run(DELETE_LINK, [issuer, subject, userId])).changes === 1;
  }
}
