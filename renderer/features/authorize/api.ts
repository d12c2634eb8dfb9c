import { API } from '../../../contract/api-paths';
import type { ApiEnvelope } from '../../../contract/envelope';
import { OAUTH_PATHS, type OAuthClientInfo, type OAuthDecision } from '../../../contract/oauth';
import { http } from '../../core/http/http';

/** The partner and its redirect URI, checked against the registration (no navigation on error). */
export function fetchClientInfo(
  clientId: string,
  redirectUri: string,
): Promise<ApiEnvelope<OAuthClientInfo | null>> {
  return http.get<OAuthClientInfo | null>(
    OAUTH_PATHS.clientInfo,
    { client_id: clientId, redirect_uri: redirectUri },
    { noIntercept: true },
  );
}

/** spec §7 shiyue_webauth: data is the redirect URL (with the code, or the refusal). */
export function postWebAuth(
  fields: Record<string, string>,
  decision: OAuthDecision,
): Promise<ApiEnvelope<string | null>> {
  return http.post<string | null>(API.webAuth, { ...fields, decision });
}
