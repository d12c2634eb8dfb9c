import { Type } from '@sinclair/typebox';

/**
 * Third-party sign-in (spec §3 social provider, §4 steps 6 and 8, §7 social calls).
 * Providers are configured per unit; kind says which protocol they speak.
 */
export type SocialProviderKind = 'weixin' | 'weixin_mp' | 'wecom';

/**
 * A provider as the client sees it (spec §3): the fields of the spec plus its kind and a display
 * name. providerAppLoginUrl is the provider's authorisation endpoint (website QR login for
 * weixin and wecom, in-app authorisation for weixin_mp); providerApplicationId carries WeCom's
 * agent id (empty for WeChat). The app secret never leaves the server.
 */
export interface SocialProvider {
  providerId: string;
  kind: SocialProviderKind;
  /** Bilingual `中文|||English`. */
  name: string;
  providerAppId: string;
  providerApplicationId: string;
  providerAppLoginUrl: string;
  /** WeCom's in-app authorisation endpoint (its QR login is providerAppLoginUrl); '' otherwise. */
  providerInAppLoginUrl: string;
  /** A same-origin path or a data: image; '' for none. */
  logo: string;
}

/** The social login (spec §7: code, token, deviceId, unitHost) plus the state it answers. */
export const SocialLoginBodySchema = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 512 })),
    token: Type.Optional(Type.String({ maxLength: 512 })),
    state: Type.Optional(Type.String({ maxLength: 128 })),
    deviceId: Type.Optional(Type.String({ maxLength: 64 })),
    unitHost: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);

export const SocialStateBodySchema = Type.Object(
  { providerId: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);

/** data of the state call: the state to send to the provider, bound to this browser. */
export interface SocialState {
  state: string;
}

export const SocialBindBodySchema = Type.Object(
  {
    username: Type.String({ maxLength: 128 }),
    password: Type.String({ maxLength: 256 }),
  },
  { additionalProperties: false },
);

export const SocialUnlinkBodySchema = Type.Object(
  {
    issuer: Type.String({ minLength: 1, maxLength: 128 }),
    subject: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);

/** The pending identity the binding page links (data of the pending call). */
export interface SocialPendingIdentity {
  /** Bilingual provider name. */
  providerName: string;
  nickname: string;
}

/** A third-party identity linked to the signed-in user's account. */
export interface SocialLink {
  issuer: string;
  subject: string;
  /** Bilingual provider name. */
  providerName: string;
  nickname: string;
  linkedAt: number;
}

/**
 * The providers' real hosts (docs/social-login.md): the server talks to the API hosts, the
 * browser (and the desktop client's QR frame) to the login hosts.
 */
export const SOCIAL_PROVIDER_HOSTS = {
  weixinOpen: 'open.weixin.qq.com',
  weixinApi: 'api.weixin.qq.com',
  wecomLogin: 'login.work.weixin.qq.com',
  wecomApi: 'qyapi.weixin.qq.com',
} as const;

/** The origins whose QR login pages the login box frames. */
export const SOCIAL_QR_FRAME_ORIGINS: readonly string[] = [
  `https://${SOCIAL_PROVIDER_HOSTS.weixinOpen}`,
  `https://${SOCIAL_PROVIDER_HOSTS.wecomLogin}`,
];

/** The code of a social login whose identity is not linked yet (status 400: the binding page). */
export const SOCIAL_UNBOUND = 'social_unbound';
