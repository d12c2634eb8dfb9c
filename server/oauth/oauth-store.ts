import type { Database } from 'better-sqlite3';
import { newToken, sameSecret, tokenHash } from '../auth/tokens';
import type { OAuthClientRegistration } from './oauth-clients-config';

/** A registered client as stored (the secret only as a hash). */
export interface OAuthClient {
  clientId: string;
  name: string;
  logoUri: string;
  /** undefined for a public client. */
  secretHash: string | undefined;
  redirectUris: string[];
  scopes: string[];
}

/** What an authorisation code is bound to (RFC 6749 §4.1.3, RFC 7636 §4.4). */
export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  userId: number;
  unitId: number;
  scope: string;
  /** The S256 challenge, or undefined when the (confidential) client sent none. */
  codeChallenge: string | undefined;
}

export type CodeRedemption =
  | { kind: 'redeemed'; grantId: number; grant: CodeGrant }
  /** The code was redeemed before: its grant's tokens have now been revoked. */
  | { kind: 'replayed' }
  | { kind: 'unknown' };

export interface PartnerTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  scope: string;
}

export interface PartnerTokenRecord {
  grantId: number;
  clientId: string;
  userId: number;
  unitId: number;
  scope: string;
}

interface ClientRow {
  client_id: string;
  name: string;
  logo_uri: string;
  secret_hash: string | null;
  redirect_uris: string;
  scope: string;
}

interface CodeRow {
  id: number;
  client_id: string;
  redirect_uri: string;
  user_id: number;
  unit_id: number;
  scope: string;
  code_challenge: string | null;
  expires_at: number;
  used_at: number | null;
}

interface TokenRow {
  grant_id: number;
  client_id: string;
  user_id: number;
  unit_id: number;
  scope: string;
}

export interface OAuthStoreOptions {
  now: () => number;
  codeTtlMs: number;
  accessTtlMs: number;
  refreshTtlMs: number;
}

/** Codes and tokens past their expiry are kept this long (a late replay is still recognised). */
const RETENTION_MS = 24 * 3600 * 1000;

function toClient(row: ClientRow): OAuthClient {
  return {
    clientId: row.client_id,
    name: row.name,
    logoUri: row.logo_uri,
    secretHash: row.secret_hash ?? undefined,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    scopes: row.scope.split(' ').filter((scope) => scope !== ''),
  };
}

/**
 * Partner clients, authorisation codes and partner tokens in SQLite. Codes and tokens are random
 * and stored only as SHA-256 hashes. Partner tokens live in their own table: the platform's
 * session lookup never sees them, so they open nothing but the userinfo endpoint.
 */
export class OAuthStore {
  // Prepared once: the userinfo lookup and the code and token calls are per-request paths.
  private readonly sql;

  constructor(
    private readonly db: Database,
    private readonly options: OAuthStoreOptions,
  ) {
    this.sql = {
      upsertClient: db.prepare(
        `INSERT INTO oauth_clients (client_id, name, logo_uri, secret_hash, redirect_uris, scope)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (client_id) DO UPDATE SET name = excluded.name, logo_uri = excluded.logo_uri,
           secret_hash = excluded.secret_hash, redirect_uris = excluded.redirect_uris,
           scope = excluded.scope`,
      ),
      deleteOtherClients: db.prepare<[string]>(
        'DELETE FROM oauth_clients WHERE client_id NOT IN (SELECT value FROM json_each(?))',
      ),
      client: db.prepare<[string], ClientRow>('SELECT * FROM oauth_clients WHERE client_id = ?'),
      insertCode: db.prepare(
        `INSERT INTO oauth_codes (code_hash, client_id, redirect_uri, user_id, unit_id, scope,
           code_challenge, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      code: db.prepare<[string], CodeRow>('SELECT * FROM oauth_codes WHERE code_hash = ?'),
      useCode: db.prepare<[number, number]>('UPDATE oauth_codes SET used_at = ? WHERE id = ?'),
      insertToken: db.prepare(
        `INSERT INTO oauth_tokens (token_hash, kind, grant_id, client_id, user_id, unit_id, scope,
           expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      refreshToken: db.prepare<
        [string],
        TokenRow & { expires_at: number; revoked_at: number | null }
      >(`SELECT * FROM oauth_tokens WHERE token_hash = ? AND kind = 'refresh'`),
      revokeToken: db.prepare<[number, string]>(
        'UPDATE oauth_tokens SET revoked_at = ? WHERE token_hash = ?',
      ),
      revokeGrant: db.prepare<[number, number]>(
        'UPDATE oauth_tokens SET revoked_at = ? WHERE grant_id = ? AND revoked_at IS NULL',
      ),
      liveToken: db.prepare<[string, string, number], TokenRow>(
        `SELECT grant_id, client_id, user_id, unit_id, scope FROM oauth_tokens
         WHERE token_hash = ? AND kind = ? AND revoked_at IS NULL AND expires_at > ?`,
      ),
      purgeCodes: db.prepare<[number]>('DELETE FROM oauth_codes WHERE expires_at < ?'),
      purgeTokens: db.prepare<[number]>('DELETE FROM oauth_tokens WHERE expires_at < ?'),
    };
  }

  /** Writes the operator's registrations (at each start): added, updated, and others removed. */
  register(clients: readonly OAuthClientRegistration[]): void {
    const ids = clients.map((client) => client.clientId);
    this.db.transaction(() => {
      for (const client of clients) {
        this.sql.upsertClient.run(
          client.clientId,
          client.name,
          client.logoUri,
          client.secret === undefined ? null : tokenHash(client.secret),
          JSON.stringify(client.redirectUris),
          client.scope,
        );
      }
      this.sql.deleteOtherClients.run(JSON.stringify(ids));
    })();
  }

  findClient(clientId: string): OAuthClient | undefined {
    const row = this.sql.client.get(clientId);
    return row ? toClient(row) : undefined;
  }

  /** Constant-time check of a confidential client's secret. */
  static secretMatches(client: OAuthClient, secret: string): boolean {
    if (client.secretHash === undefined) return false;
    return sameSecret(client.secretHash, tokenHash(secret), 'hex');
  }

  /** A new one-time code for `grant`, valid for the code lifetime. */
  issueCode(grant: CodeGrant): string {
    const now = this.options.now();
    const code = newToken();
    this.sql.insertCode.run(
      tokenHash(code),
      grant.clientId,
      grant.redirectUri,
      grant.userId,
      grant.unitId,
      grant.scope,
      grant.codeChallenge ?? null,
      now + this.options.codeTtlMs,
    );
    this.purge(now);
    return code;
  }

  /**
   * Redeems a code once (RFC 6749 §4.1.2): a code already redeemed is refused and every token
   * issued from it is revoked, since two parties now hold it; an expired code is unknown.
   * The code is marked used in the same transaction as the read, before the caller checks its
   * binding (client, redirect URI, verifier): a failed redemption also spends the code.
   */
  redeemCode(code: string): CodeRedemption {
    const now = this.options.now();
    return this.db.transaction((): CodeRedemption => {
      const row = this.sql.code.get(tokenHash(code));
      if (!row) return { kind: 'unknown' };
      if (row.used_at !== null) {
        this.revokeGrant(row.id);
        return { kind: 'replayed' };
      }
      this.sql.useCode.run(now, row.id);
      if (row.expires_at <= now) return { kind: 'unknown' };
      return {
        kind: 'redeemed',
        grantId: row.id,
        grant: {
          clientId: row.client_id,
          redirectUri: row.redirect_uri,
          userId: row.user_id,
          unitId: row.unit_id,
          scope: row.scope,
          codeChallenge: row.code_challenge ?? undefined,
        },
      };
    })();
  }

  /** A new access and refresh token for a grant. */
  issueTokens(grantId: number, record: Omit<PartnerTokenRecord, 'grantId'>): PartnerTokens {
    const now = this.options.now();
    const accessToken = newToken();
    const refreshToken = newToken();
    this.db.transaction(() => {
      for (const [kind, token, ttl] of [
        ['access', accessToken, this.options.accessTtlMs],
        ['refresh', refreshToken, this.options.refreshTtlMs],
      ] as const) {
        this.sql.insertToken.run(
          tokenHash(token),
          kind,
          grantId,
          record.clientId,
          record.userId,
          record.unitId,
          record.scope,
          now + ttl,
        );
      }
    })();
    return {
      accessToken,
      refreshToken,
      expiresIn: Math.floor(this.options.accessTtlMs / 1000),
      scope: record.scope,
    };
  }

  /** The live access token's record, or undefined (unknown, expired or revoked). */
  findAccessToken(token: string): PartnerTokenRecord | undefined {
    return this.findLive(token, 'access');
  }

  /**
   * Rotates a refresh token of `clientId` (RFC 9700 §4.14.2): the old one is revoked and a new
   * pair issued for the same grant. A refresh token presented again (already rotated or revoked)
   * ends its whole grant.
   */
  rotateRefreshToken(
    token: string,
    clientId: string,
    ownerMayContinue: (owner: { userId: number; unitId: number }) => boolean,
  ): { kind: 'rotated'; tokens: PartnerTokens } | { kind: 'refused' } {
    const now = this.options.now();
    return this.db.transaction(() => {
      const row = this.sql.refreshToken.get(tokenHash(token));
      if (row?.client_id !== clientId) return { kind: 'refused' as const };
      if (row.revoked_at !== null) {
        this.revokeGrant(row.grant_id);
        return { kind: 'refused' as const };
      }
      if (row.expires_at <= now) return { kind: 'refused' as const };
      if (!ownerMayContinue({ userId: row.user_id, unitId: row.unit_id })) {
        return { kind: 'refused' as const };
      }
      this.sql.revokeToken.run(now, tokenHash(token));
      const tokens = this.issueTokens(row.grant_id, {
        clientId: row.client_id,
        userId: row.user_id,
        unitId: row.unit_id,
        scope: row.scope,
      });
      return { kind: 'rotated' as const, tokens };
    })();
  }

  /** Revokes every token of a grant (a replayed code or refresh token). */
  revokeGrant(grantId: number): void {
    this.sql.revokeGrant.run(this.options.now(), grantId);
  }

  private findLive(token: string, kind: 'access' | 'refresh'): PartnerTokenRecord | undefined {
    const row = this.sql.liveToken.get(tokenHash(token), kind, this.options.now());
    if (!row) return undefined;
    return {
      grantId: row.grant_id,
      clientId: row.client_id,
      userId: row.user_id,
      unitId: row.unit_id,
      scope: row.scope,
    };
  }

  private purge(now: number): void {
    this.sql.purgeCodes.run(now - RETENTION_MS);
    this.sql.purgeTokens.run(now - RETENTION_MS);
  }
}
