/**
 * The platform as an OAuth 2.0 authorisation server for partner applications (docs/oauth.md):
 * its endpoints and what the authorisation page reads. RFC 6749 (code grant),
 * RFC 7636 (PKCE, S256 only), RFC 8414 (metadata), RFC 9207 (iss).
 */
export const OAUTH_PATHS = {
  /** RFC 8414 metadata. */
  metadata: '/.well-known/oauth-authorization-server',
  /** The authorisation page (spec §2: any path containing authorize). */
  authorize: '/authorize',
  /** RFC 6749 §3.2: plain JSON answers (§5), not the platform envelope, so outside /api/. */
  token: '/oauth/token',
  /** Bearer-protected claims of the signed-in user; the only thing a partner token reaches. */
  userinfo: '/oauth/userinfo',
  /** The authorisation page's check of a client and redirect URI (platform envelope). */
  clientInfo: '/api/uaa/oauth/client',
} as const;

/** The only scope partners are given: who the user is. */
export const OAUTH_SCOPE_PROFILE = 'profile';

/** The decision the authorisation page posts with shiyue_webauth (reference-server field). */
export type OAuthDecision = 'allow' | 'deny';

/** data of GET /api/uaa/oauth/client: what the authorisation page shows. */
export interface OAuthClientInfo {
  clientId: string;
  /** Bilingual `中文|||English`. */
  name: string;
  /** A same-origin path or a data: image; '' when the partner has none. */
  logoUri: string;
  /** The scopes the partner will receive. */
  scopes: string[];
}

/** The envelope codes of a refused authorisation request (the page shows them, never navigates). */
export const OAUTH_PAGE_ERRORS = {
  missingClientId: 'missing_client_id',
  invalidClient: 'invalid_client',
  invalidRedirectUri: 'invalid_redirect_uri',
} as const;
