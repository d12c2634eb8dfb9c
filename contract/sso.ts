/**
 * The single-sign-on targets of the applications haikang and ysy (spec §2 application pages,
 * §7 GET /api/sso/select/login/url). The spec names the call and the behaviour ("open an
 * external single-sign-on page; the ysy one posts a signed form") but not the answer's shape:
 * this is the reference shape, one entry per provider the caller may use.
 */
export const SSO_PROVIDERS = ['haikang', 'ysy'] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

export interface SsoLoginTarget {
  code: SsoProvider;
  /** GET: open the URL in a new window. POST: post `fields` to it as a form in a new window. */
  method: 'GET' | 'POST';
  url: string;
  fields?: Record<string, string>;
}

/** The ysy form's fields, signed with HMAC-SHA256 over `signedText(fields)`. */
export const YSY_FIELDS = ['appKey', 'account', 'timestamp', 'nonce', 'signature'] as const;

/** The text the ysy signature covers: the signed fields in a fixed order, as a query string. */
export function ysySignedText(fields: {
  appKey: string;
  account: string;
  timestamp: string;
  nonce: string;
}): string {
  return new URLSearchParams([
    ['appKey', fields.appKey],
    ['account', fields.account],
    ['nonce', fields.nonce],
    ['timestamp', fields.timestamp],
  ]).toString();
}
