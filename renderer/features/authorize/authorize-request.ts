/**
 * The authorisation request a partner sent the browser with (spec §2: client_id is required,
 * redirect_uri too), read from the page's address. Pure, so the rules are tested on their own.
 */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  /** Everything shiyue_webauth takes (spec §7, plus the PKCE pair of RFC 7636). */
  fields: Record<string, string>;
}

export type ParsedAuthorizeRequest =
  { kind: 'missing-client-id' } | { kind: 'request'; request: AuthorizeRequest };

const FORWARDED = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
] as const;

export function parseAuthorizeRequest(url: URL): ParsedAuthorizeRequest {
  const clientId = url.searchParams.get('client_id') ?? '';
  if (clientId === '') return { kind: 'missing-client-id' };
  const fields: Record<string, string> = { unitHost: url.host };
  for (const name of FORWARDED) {
    const value = url.searchParams.get(name);
    if (value !== null) fields[name] = value;
  }
  return {
    kind: 'request',
    request: { clientId, redirectUri: url.searchParams.get('redirect_uri') ?? '', fields },
  };
}

/** The answer URL shiyue_webauth built may only leave by http(s) (never javascript:). */
export function isNavigableAnswer(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
