import type { Database, Statement } from 'better-sqlite3';
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

/**
 * Social login's tables (migration 10): the providers of each unit, the states this browser
 * started (login CSRF), the identities waiting for the binding page, and the linked identities.
 * Secrets of the browser (state, browser cookie, pending cookie) are stored only as hashes.
 */
export class SocialStore {
  private readonly providersOfUnit: Statement<[number], ProviderRow>;
  private readonly providerById: Statement<[number, string], ProviderRow>;
  private readonly insertState: Statement<[string, string, number, string, number]>;
  private readonly claimState: Statement<[number, string, string, number, string, number]>;
  private readonly sweepStates: Statement<[number]>;
  private readonly insertPending: Statement<
    [string, number, string, string, string, string, string, string, string, number]
  >;
  private readonly findPending: Statement<
    [string, number],
    {
      unit_id: number;
      provider_id: string;
      issuer: string;
      subject: string;
      openid: string;
      unionid: string;
      nickname: string;
      device_id: string;
    }
  >;
  private readonly deletePending: Statement<[string]>;
  private readonly sweepPending: Statement<[number]>;
  private readonly findLink: Statement<[string, string], { user_id: number; nickname: string }>;
  private readonly insertLink: Statement<[string, string, number, string, number]>;
  private readonly linksOfUser: Statement<
    [number],
    { issuer: string; subject: string; nickname: string; linked_at: number }
  >;
  private readonly deleteLink: Statement<[string, string, number]>;

  /**
   * `offered` says which kinds of provider this server can serve (providerOffered,
   * server/social/provider-availability.ts): the others are neither listed nor found.
   */
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
    private readonly offered: (kind: SocialProviderKind) => boolean = () => true,
  ) {
    const providerColumns = 'unit_id, provider_id, kind, app_id, app_secret, agent_id, name, logo';
    this.providersOfUnit = db.prepare(
      `SELECT ${providerColumns} FROM social_providers WHERE unit_id = ? ORDER BY sort, provider_id`,
    );
    this.providerById = db.prepare(
      `SELECT ${providerColumns} FROM social_providers WHERE unit_id = ? AND provider_id = ?`,
    );
    this.insertState = db.prepare(
      `INSERT INTO social_states (state_hash, browser_hash, unit_id, provider_id, expires_at)
       VALUES (?, ?, ?, ?, ?)`,
    );
    // One UPDATE claims a state: it must be this browser's, this unit's and provider's, unused
    // and unexpired; two callbacks racing with one state cannot both win.
    this.claimState = db.prepare(
      `UPDATE social_states SET used_at = ?
        WHERE state_hash = ? AND browser_hash = ? AND unit_id = ? AND provider_id = ?
          AND used_at IS NULL AND expires_at > ?`,
    );
    this.sweepStates = db.prepare('DELETE FROM social_states WHERE expires_at <= ?');
    this.insertPending = db.prepare(
      `INSERT INTO social_pending (pending_hash, unit_id, provider_id, issuer, subject, openid,
         unionid, nickname, device_id, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.findPending = db.prepare(
      `SELECT unit_id, provider_id, issuer, subject, openid, unionid, nickname, device_id
         FROM social_pending WHERE pending_hash = ? AND expires_at > ?`,
    );
    this.deletePending = db.prepare('DELETE FROM social_pending WHERE pending_hash = ?');
    this.sweepPending = db.prepare('DELETE FROM social_pending WHERE expires_at <= ?');
    this.findLink = db.prepare(
      'SELECT user_id, nickname FROM social_identities WHERE issuer = ? AND subject = ?',
    );
    // The primary key (issuer, subject) decides a race: the second insert changes nothing.
    this.insertLink = db.prepare(
      `INSERT INTO social_identities (issuer, subject, user_id, nickname, linked_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT (issuer, subject) DO NOTHING`,
    );
    this.linksOfUser = db.prepare(
      `SELECT issuer, subject, nickname, linked_at FROM social_identities
        WHERE user_id = ? ORDER BY linked_at, issuer`,
    );
    this.deleteLink = db.prepare(
      'DELETE FROM social_identities WHERE issuer = ? AND subject = ? AND user_id = ?',
    );
  }

  /** The unit's providers this server offers. */
  providers(unitId: number): SocialProviderRecord[] {
    return this.providersOfUnit
      .all(unitId)
      .filter((row) => this.offered(row.kind))
      .map(toProvider);
  }

  /** One of the unit's providers, when this server offers it. */
  provider(unitId: number, providerId: string): SocialProviderRecord | undefined {
    const row = this.providerById.get(unitId, providerId);
    return row && this.offered(row.kind) ? toProvider(row) : undefined;
  }

  /** A new state for a sign-in this browser starts with a provider of a unit. */
  issueState(browser: string, unitId: number, providerId: string): string {
    const now = this.now();
    this.sweepStates.run(now - SOCIAL_STATE_TTL_MS);
    const state = newToken();
    this.insertState.run(
      tokenHash(state),
      tokenHash(browser),
      unitId,
      providerId,
      now + SOCIAL_STATE_TTL_MS,
    );
    return state;
  }

  /** True once for a state this browser started with this unit's provider, within its time. */
  claimStateOf(state: string, browser: string, unitId: number, providerId: string): boolean {
    const now = this.now();
    return (
      this.claimState.run(now, tokenHash(state), tokenHash(browser), unitId, providerId, now)
        .changes === 1
    );
  }

  /** Keeps an identity for the binding page; returns the secret of the browser's cookie. */
  holdPending(identity: PendingIdentity): string {
    const now = this.now();
    this.sweepPending.run(now);
    const secret = newToken();
    this.insertPending.run(
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
    );
    return secret;
  }

  pending(secret: string): PendingIdentity | undefined {
    const row = this.findPending.get(tokenHash(secret), this.now());
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

  dropPending(secret: string): void {
    this.deletePending.run(tokenHash(secret));
  }

  linkedUser(issuer: string, subject: string): number | undefined {
    return this.findLink.get(issuer, subject)?.user_id;
  }

  /** Links an identity to a user; 'identity-taken' when it is (already) linked to another. */
  link(identity: ProviderIdentity, userId: number): LinkOutcome {
    return this.db.transaction((): LinkOutcome => {
      this.insertLink.run(identity.issuer, identity.subject, userId, identity.nickname, this.now());
      return this.findLink.get(identity.issuer, identity.subject)?.user_id === userId
        ? 'linked'
        : 'identity-taken';
    })();
  }

  links(userId: number): LinkedIdentity[] {
    return this.linksOfUser.all(userId).map((row) => ({
      issuer: row.issuer,
      subject: row.subject,
      userId,
      nickname: row.nickname,
      linkedAt: row.linked_at,
    }));
  }

  unlink(issuer: string, subject: string, userId: number): boolean {
    return this.deleteLink.run(issuer, subject, userId).changes === 1;
  }
}
