/** The platform's API paths (spec §7), one constant each, shared by the client and the server. */
export const API = {
  // Authentication (uaa)
  webAuth: '/api/uaa/shiyue_webauth',
  loginUserClient: '/api/uaa/oauth/login_user_client',
  login: '/api/uaa/oauth/login',
  relogin: '/api/uaa/oauth/relogin',
  refresh: '/api/uaa/oauth/refresh',
  socialLogin: (provider: string) => `/api/uaa/social/${encodeURIComponent(provider)}`,
  socialInfo: '/api/uaa/social/info',
  switchLogin: '/api/uaa/switch/login',
  me: '/api/uaa/oauth/me',
  loginConfig: '/api/uaa/oauth/login/config',
  unitLoginConfig: '/api/uaa/oauth/login/unit_config',
  logout: '/api/uaa/oauth/logout',
  faceLogin: '/api/uaa/oauth/login/face',
  faceClocking: '/api/uaa/login/face/clocking',
  faceCheck: '/api/uaa/face/check',
  faceUser: '/api/uaa/face/user',
  ssoLoginUrl: '/api/sso/select/login/url',
  // Storage
  unitLogo: (unitId: string | number) =>
    `/api/storage/show/unit/${encodeURIComponent(String(unitId))}`,
} as const;

/** The shared language file (spec §7 language files). */
export function sharedLanguageFilePath(phVersion: string, lang: string): string {
  return `/common/plugins/common-ph/${phVersion}/lang/${lang}-ph.json`;
}

/** A module's language file (spec §7 language files). */
export function moduleLanguageFilePath(
  root: string,
  code: string,
  lang: string,
  appCode: string,
): string {
  return `/${root}/${code}/lang/${lang}-${appCode}.json`;
}
