import type { FastifyReply, FastifyRequest } from 'fastify';
import { activeAccountOnHost } from '../auth/authenticate';
import type { Services } from '../services';
import { OAuthStore, type OAuthClient, type PartnerTokens } from './oauth-store';
import { verifierMatches } from './pkce';

/** RFC 6749 §5.2 error codes. */
type TokenError =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type';

const FORM = 'application/x-www-form-urlencoded';
const BASIC = /^Basic\s+([A-Za-z0-9+/]+=*)$/i;

/** RFC 6749 §2.3.1: Basic credentials are form-urlencoded before base64. */
function formDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

type Credentials =
  | { kind: 'basic'; clientId: string; secret: string }
  | { kind: 'post'; clientId: string; secret: string }
  | { kind: 'none'; clientId: string }
  | { kind: 'invalid'; basic: boolean };

/** How the client identified itself: one method only (RFC 6749 §2.3). */
function credentialsOf(request: FastifyRequest, body: Record<string, string>): Credentials {
  const header = request.headers.authorization;
  const bodyId = body.client_id;
  const bodySecret = body.client_secret;
  if (header !== undefined) {
    const match = BASIC.exec(header);
    if (!match?.[1] || bodySecret !== undefined) return { kind: 'invalid', basic: true };
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const clientId = colon < 0 ? undefined : formDecode(decoded.slice(0, colon));
    const secret = colon < 0 ? undefined : formDecode(decoded.slice(colon + 1));
    if (clientId === undefined || secret === undefined) return { kind: 'invalid', basic: true };
    if (bodyId !== undefined && bodyId !== clientId) return { kind: 'invalid', basic: true };
    return { kind: 'basic', clientId, secret };
  }
  if (bodyId === undefined || bodyId === '') return { kind: 'invalid', basic: false };
  if (bodySecret !== undefined) return { kind: 'post', clientId: bodyId, secret: bodySecret };
  return { kind: 'none', clientId: bodyId };
}

/** The authenticated client, or undefined (RFC 6749 §3.2.1: confidential clients must). */
async function authenticate(
  store: OAuthStore,
  credentials: Credentials,
): Promise<OAuthClient | undefined> {
  if (credentials.kind === 'invalid') return undefined;
  const client = await store.findClient(credentials.clientId);
  if (!client) return undefined;
  if (client.secretHash === undefined) return credentials.kind === 'none' ? client : undefined;
  if (credentials.kind === 'none') return undefined;
  return OAuthStore.secretMatches(client, credentials.secret) ? client : undefined;
}

/** The form's single-valued string fields; a repeated parameter is an error (RFC 6749 §3.2). */
function formFields(body: unknown): Record<string, string> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value !== 'string') return undefined;
    fields[name] = value;
  }
  return fields;
}

function tokenAnswer(tokens: PartnerTokens) {
  return {
    access_token: tokens.accessToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresIn,
    refresh_token: tokens.refreshToken,
    scope: tokens.scope,
  };
}

export interface TokenEndpointContext {
  services: Services;
  store: OAuthStore;
}

/**
 * The token endpoint (RFC 6749 §3.2): the authorization_code grant with PKCE (RFC 7636 §4.6)
 * and refresh_token with rotation. Answers are RFC 6749 §5 JSON, never cached.
 */
export async function handleTokenRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  { services, store }: TokenEndpointContext,
): Promise<FastifyReply> {
  void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  const error = (status: number, code: TokenError, description: string) =>
    reply.code(status).send({ error: code, error_description: description });

  const contentType = (request.headers['content-type'] ?? '')
    .split(';', 1)[0]
    ?.trim()
    .toLowerCase();
  const body = contentType === FORM ? formFields(request.body) : undefined;
  if (!body) return error(400, 'invalid_request', 'Send a form-encoded body with single values');

  const credentials = credentialsOf(request, body);
  const client = await authenticate(store, credentials);
  if (!client) {
    void reply.header('www-authenticate', 'Basic realm="EduDesk", charset="UTF-8"');
    return error(401, 'invalid_client', 'Client authentication failed');
  }

  switch (body.grant_type) {
    case 'authorization_code': {
      const { code, redirect_uri: redirectUri, code_verifier: verifier } = body;
      if (code === undefined || code === '' || redirectUri === undefined) {
        return error(400, 'invalid_request', 'code and redirect_uri are required');
      }
      const redemption = await store.redeemCode(code);
      if (redemption.kind === 'replayed') {
        return error(400, 'invalid_grant', 'The code was already used; its tokens are revoked');
      }
      if (redemption.kind === 'unknown') {
        return error(400, 'invalid_grant', 'The code is invalid or has expired');
      }
      const { grant, grantId } = redemption;
      if (grant.clientId !== client.clientId || grant.redirectUri !== redirectUri) {
        return error(400, 'invalid_grant', 'The code was issued to another client or redirect_uri');
      }
      if (grant.codeChallenge === undefined) {
        // A verifier without a challenge is a PKCE downgrade (RFC 9700 §4.8.2).
        if (verifier !== undefined) {
          return error(400, 'invalid_grant', 'code_verifier sent but no code_challenge was');
        }
      } else if (verifier === undefined || !verifierMatches(verifier, grant.codeChallenge)) {
        return error(400, 'invalid_grant', 'The code_verifier does not match the code_challenge');
      }
      const account = await activeAccountOnHost(services, request, grant.userId);
      if (account?.unit.id !== grant.unitId) {
        return error(400, 'invalid_grant', 'The code is invalid or has expired');
      }
      const tokens = await store.issueTokens(grantId, {
        clientId: client.clientId,
        userId: grant.userId,
        unitId: grant.unitId,
        scope: grant.scope,
      });
      return reply.send(tokenAnswer(tokens));
    }
    case 'refresh_token': {
      const token = body.refresh_token;
      if (token === undefined || token === '') {
        return error(400, 'invalid_request', 'refresh_token is required');
      }
      // The user must still be active, in the unit the grant was given in, on its host.
      const rotation = await store.rotateRefreshToken(
        token,
        client.clientId,
        async ({ userId, unitId }) =>
          (await activeAccountOnHost(services, request, userId))?.unit.id === unitId,
      );
      if (rotation.kind === 'refused') {
        return error(400, 'invalid_grant', 'The refresh token is invalid, expired or revoked');
      }
      return reply.send(tokenAnswer(rotation.tokens));
    }
    case undefined:
      return error(400, 'invalid_request', 'grant_type is required');
    default:
      return error(400, 'unsupported_grant_type', 'Only authorization_code and refresh_token');
  }
}
