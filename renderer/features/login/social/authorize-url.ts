import { queryParam } from '../../../core/hash-route';
import type { SocialProvider } from '../../../../contract/social';

/**
 * The page a provider sends the user back to: this page, with plat naming the provider (spec §4
 * step 6 reads code or token with state or plat), and the redirect_uri this page was given (it
 * still decides where the user lands, spec §2). Nothing else of the current address is kept.
 */
export function socialRedirectUri(location: { href: string }, providerId: string): string {
  const here = new URL(location.href);
  const back = new URL(`${here.origin}${here.pathname}`);
  back.searchParams.set('plat', providerId);
  const landing = queryParam(here, 'redirect_uri');
  if (landing !== null && landing !== '') back.searchParams.set('redirect_uri', landing);
  return back.toString();
}

export type AuthorizeMode = 'qr' | 'in-app';

/**
 * The provider's authorisation URL, as the providers document them:
 * - WeChat website QR login: qrconnect?appid&redirect_uri&response_type=code&scope=snsapi_login
 *   &state#wechat_redirect (embedded like wxLogin.js: login_type=jssdk, self_redirect=false);
 * - WeChat official account in-app: oauth2/authorize?appid&redirect_uri&response_type=code
 *   &scope=snsapi_userinfo&state#wechat_redirect;
 * - WeCom QR login: wwlogin/sso/login?login_type=CorpApp&appid=CORPID&agentid&redirect_uri&state;
 * - WeCom in-app: oauth2/authorize?appid=CORPID&redirect_uri&response_type=code&scope=snsapi_base
 *   &state&agentid#wechat_redirect.
 * Returns null when the provider has no endpoint for the mode, or it is not an http(s) URL.
 */
export function buildAuthorizeUrl(
  provider: SocialProvider,
  mode: AuthorizeMode,
  state: string,
  redirectUri: string,
): string | null {
  const base =
    provider.kind === 'wecom' && mode === 'in-app'
      ? provider.providerInAppLoginUrl
      : provider.providerAppLoginUrl;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const query = url.searchParams;
  if (provider.kind === 'wecom' && mode === 'qr') {
    query.set('login_type', 'CorpApp');
    query.set('appid', provider.providerAppId);
    query.set('agentid', provider.providerApplicationId);
    query.set('redirect_uri', redirectUri);
    query.set('state', state);
    url.hash = '';
    return url.toString();
  }
  if (provider.kind === 'weixin' && mode === 'in-app') return null;
  if (provider.kind === 'weixin_mp' && mode === 'qr') return null;
  query.set('appid', provider.providerAppId);
  query.set('redirect_uri', redirectUri);
  query.set('response_type', 'code');
  query.set(
    'scope',
    provider.kind === 'weixin'
      ? 'snsapi_login'
      : provider.kind === 'weixin_mp'
        ? 'snsapi_userinfo'
        : 'snsapi_base',
  );
  query.set('state', state);
  if (provider.kind === 'weixin') {
    query.set('login_type', 'jssdk');
    query.set('self_redirect', 'false');
  }
  if (provider.kind === 'wecom') query.set('agentid', provider.providerApplicationId);
  url.hash = 'wechat_redirect';
  return url.toString();
}
