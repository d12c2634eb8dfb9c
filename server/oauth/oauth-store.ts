import type { Sql } from '../db/sql';
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

const UPSERT_CLIENT = `INSERT INTO oauth_clients
    (client_id, name, logo_uri, secret_hash, redirect_uris, scope)
  VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT (client_id) DO UPDATE SET name = excluded.name, logo_uri = excluded.logo_uri,
    secret_hash = excluded.secret_hash, redirect_uris = excluded.redirect_uris,
    scope = excluded.scope`;
const CLIENT_IDS = 'SELECT client_id FROM oauth_clients';
const DELETE_CLIENT = 'DELETE FROM oauth_clients WHERE client_id = ?';
const CLIENT = 'SELECT * FROM oauth_clients WHERE client_id = ?';
const INSERT_CODE = `INSERT INTO oauth_codes (code_hash, client_id, redirect_uri, user_id, unit_id, scope,
    code_challenge, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;
const CODE = 'SELECT * FROM oauth_codes WHERE code_hash = ?';
// The redemption's claim: of two redemptions at once (on one node or two), one changes the row.
const USE_CODE = 'UPDATE oauth_codes SET used_at = ? WHERE id = ? AND used_at IS NULL';
const INSERT_TOKEN = `INSERT INTO oauth_tokens (token_hash, kind, grant_id, client_id, user_id,
    unit_id, scope, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;
const REFRESH_TOKEN = `SELECT * FROM oauth_tokens WHERE token_hash = ? AND kind = 'refresh'`;
// The rotation's claim: of two rotations of one refresh token at once, one changes the row.
const REVOKE_TOKEN = `UPDATE oauth_tokens SET revoked_at = ?
  WHERE token_hash = ? AND revoked_at IS NULL`;
const REVOKE_GRANT = `UPDATE oauth_tokens SET revoked_at = ?
  WHERE grant_id = ? AND revoked_at IS NULL`;
const LIVE_TOKEN = `SELECT grant_id, client_id, user_id, unit_id, scope FROM oauth_tokens
  WHERE token_hash = ? AND kind = ? AND revoked_at IS NULL AND expires_at > ?`;
const PURGE_CODES = 'DELETE FROM oauth_codes WHERE expires_at < ?';
const PURGE_TOKENS = 'DELETE FROM oauth_tokens WHERE expires_at < ?';

/**
 * Partner clients, authorisation codes and partner tokens in the database. Codes and tokens are
 * random and stored only as SHA-256 hashes. Partner tokens live in their own table: the
 * platform's session lookup never sees them, so they open nothing but the userinfo endpoint.
 *
 * Several server nodes may share the database: a code is redeemed, and a refresh token rotated,
 * by a conditional UPDATE (`… AND used_at IS NULL`, `… AND revoked_at IS NULL`), so of two
 * attempts at once exactly one wins and the other is taken for a replay.
 */
export class OAuthStore {
  constructor(
    private readonly sql: Sql,
    private readonly options: OAuthStoreOptions,
  ) {}

  /** Writes the operator's registrations (at each start): added, updated, and others removed. */
  async register(clients: readonly OAuthClientRegistration[]): Promise<void> {
    const ids = new Set(clients.map((client) => client.clientId));
    const rows = clients.map((client) => [
      client.clientId,
      client.name,
      client.logoUri,
      client.secret === undefined ? null : tokenHash(client.secret),
      JSON.stringify(client.redirectUris),
      client.scope,
    ]);
    await this.sql.transaction(async (tx) => {
      for (const row of rows) await tx.run(UPSERT_CLIENT, row);
      // The registrations not in the list go (compared here: the list may be long).
      for (const { client_id: clientId } of await tx.all<{ client_id: string }>(CLIENT_IDS)) {
        if (!ids.has(clientId)) await tx.run(DELETE_CLIENT, [clientId]);
      }
    });
  }

  async findClient(clientId: string): Promise<OAuthClient | undefined> {
    const row = await this.sql.get<ClientRow>(CLIENT, [clientId]);
    return row ? toClient(row) : undefined;
  }

  /** Constant-time check of a confidential client's secret. */
  static secretMatches(client: OAuthClient, secret: string): boolean {
    if (client.secretHash === undefined) return false;
    return sameSecret(client.secretHash, tokenHash(secret), 'hex');
  }

  /** A new one-time code for `grant`, valid for the code lifetime. */
  async issueCode(grant: CodeGrant): Promise<string> {
    const now = this.options.now();
    const code = newToken();
    await this.sql.run(INSERT_CODE, [
      tokenHash(code),
      grant.clientId,
      grant.redirectUri,
      grant.userId,
      grant.unitId,
      grant.scope,
      grant.codeChallenge ?? null,
      now + this.options.codeTtlMs,
    ]);
    await this.purge(now);
    return code;
  }

  /**
   * Redeems a code once (RFC 6749 §4.1.2): a code already redeemed is refused and every token
   * issued from it is revoked, since two parties now hold it; an expired code is unknown.
   * The code is marked used (a conditional update: one of two redemptions at once wins) before
   * the caller checks its binding (client, redirect URI, verifier): a failed redemption also
   * spends the code.
   */
  async redeemCode(code: string): Promise<CodeRedemption> {
    const now = this.options.now();
    const row = await this.sql.get<CodeRow>(CODE, [tokenHash(code)]);
    if (!row) return { kind: 'unknown' };
    const won = row.used_at === null && (await this.sql.run(USE_CODE, [now, row.id])).changes === 1;
    if (!won) {
      await this.revokeGrant(row.id);
      return { kind: 'replayed' };
    }
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
  }

  /** A new access and refresh token for a grant. */
  async issueTokens(
    grantId: number,
    record: Omit<PartnerTokenRecord, 'grantId'>,
  ): Promise<PartnerTokens> {
    const now = this.options.now();
    const accessToken = newToken();
    const refreshToken = newToken();
    const rows = (
      [
        ['access', accessToken, this.options.accessTtlMs],
        ['refresh', refreshToken, this.options.refreshTtlMs],
      ] as const
    ).map(([kind, token, ttl]) => [
      tokenHash(token),
      kind,
      grantId,
      record.clientId,
      record.userId,
      record.unitId,
      record.scope,
      now + ttl,
    ]);
    await this.sql.transaction(async (tx) => {
      for (const row of rows) await tx.run(INSERT_TOKEN, row);
    });
    return {
      accessToken,
      refreshToken,
      expiresIn: Math.floor(this.options.accessTtlMs / 1000),
      scope: record.scope,
    };
  }

  /** The live access token's record, or undefined (unknown, expired or revoked). */
  findAccessToken(token: string): Promise<PartnerTokenRecord | undefined> {
    return this.findLive(token, 'access');
  }

  /**
   * Rotates a refresh token of `clientId` (RFC 9700 §4.14.2): the old one is revoked and a new
   * pair issued for the same grant. A refresh token presented again (already rotated or revoked,
   * or rotated by another request at the same moment) ends its whole grant.
   */
  async rotateRefreshToken(
    token: string,
    clientId: string,
    ownerMayContinue: (owner: { userId: number; unitId: number }) => Promise<boolean>,
  ): Promise<{ kind: 'rotated'; tokens: PartnerTokens } | { kind: 'refused' }> {
    const now = this.options.now();
    const hash = tokenHash(token);
    const row = await this.sql.get<TokenRow & { expires_at: number; revoked_at: number | null }>(
      REFRESH_TOKEN,
      [hash],
    );
    if (row?.client_id !== clientId) return { kind: 'refused' };
    if (row.revoked_at !== null) {
      await this.revokeGrant(row.grant_id);
      return { kind: 'refused' };
    }
    if (row.expires_at <= now) return { kind: 'refused' };
    if (!(await ownerMayContinue({ userId: row.user_id, unitId: row.unit_id }))) {
      return { kind: 'refused' };
    }
    // The claim: another rotation of this token that won meanwhile makes this one a replay.
    if ((await this.sql.run(REVOKE_TOKEN, [now, hash])).changes !== 1) {
      await this.revokeGrant(row.grant_id);
      return { kind: 'refused' };
    }
    const tokens = await this.issueTokens(row.grant_id, {
      clientId: row.client_id,
      userId: row.user_id,
      unitId: row.unit_id,
      scope: row.scope,
    });
    return { kind: 'rotated', tokens };
  }

  /** Revokes every token of a grant (a replayed code or refresh token). */
  async revokeGrant(grantId: number): Promise<void> {
    await this.sql.run(REVOKE_GRANT, [this.options.now(), grantId]);
  }

  private async findLive(
    token: string,
    kind: 'access' | 'refresh',
  ): Promise<PartnerTokenRecord | undefined> {
    const row = await this.sql.get<TokenRow>(LIVE_TOKEN, [
      tokenHash(token),
      kind,
      this.options.now(),
    ]);
    if (!row) return undefined;
    return {
      grantId: row.grant_id,
      clientId: row.client_id,
      userId: row.user_id,
      unitId: row.unit_id,
      scope: row.scope,
    };
  }

  private async purge(now: number): Promise<void> {
    await this.sql.run(PURGE_CODES, [now - RETENTION_MS]);
    await this.sql.run(PURGE_TOKENS, [now - RETENTION_MS]);
  }
}
