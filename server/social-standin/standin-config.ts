import { createHash } from 'node:crypto';

/** Where the stand-ins live: each real host is mirrored under this prefix. */
export const SOCIAL_STANDIN_PREFIX = '/standin';

// The stand-in mirrors each real host under the prefix, e.g. `/standin/open.weixin.qq.com/connect/qrconnect`.
export const STANDIN_HOSTS = {
  weixinOpen: 'open.weixin.qq.com',
  weixinApi: 'api.weixin.qq.com',
  wecomLogin: 'login.work.weixin.qq.com',
  wecomApi: 'qyapi.weixin.qq.com',
} as const;

/** The host of WeChat's long poll (`lp.open.weixin.qq.com`, also seen as `long.open.weixin.qq.com`). */
export const STANDIN_LONG_POLL_HOST = 'lp.open.weixin.qq.com';

export interface StandinWeixinApp {
  appId: string;
  appSecret: string;
  kind: 'website' | 'official-account';
}
export interface StandinWecomCorp {
  corpId: string;
  corpSecret: string;
  agentId: string;
}
export interface StandinIdentity {
  key: string;
  nickname: string;
  /** WeChat */ unionid?: string;
  /** WeCom member of the corp */ wecomUserId?: string;
  headimgurl?: string;
}
export interface SocialStandinOptions {
  now: () => number;
  weixinApps: StandinWeixinApp[];
  wecomCorps: StandinWecomCorp[];
  identities: StandinIdentity[];
}

/** Every path of the stand-ins, each under its real host. */
export const STANDIN_PATHS = {
  qrConnect: `${SOCIAL_STANDIN_PREFIX}/${STANDIN_HOSTS.weixinOpen}/connect/qrconnect`,
  weixinConfirm: `${SOCIAL_STANDIN_PREFIX}/${STANDIN_HOSTS.weixinOpen}/connect/confirm`,
  weixinLongPoll: `${SOCIAL_STANDIN_PREFIX}/${STANDIN_LONG_POLL_HOST}/connect/l/qrconnect`,
  oauth2Authorize: `${SOCIAL_STANDIN_PREFIX}/${STANDIN_HOSTS.weixinOpen}/connect/oauth2/authorize`,
  snsAccessToken: `${SOCIAL_STANDIN_PREFIX}/${STANDIN_HOSTS.weixinApi}/sns/oauth2/access_token`,
  snsRefreshToken: `${SOCIAL_STANDIN_PREFIX}/${STANDIN_HOSTS.weixinApi}/sns/oauth2/refresh_token`,
  snsUserInfo: `${SOCIAL_STANDIN_PREFIX}/${STANDIN_HOSTS.weixinApi}/sns/userinfo`,
  snsAuth: `${SOCIAL_STANDIN_PREFIX}/${STANDIN_HOSTS.weixinApi}/sns/auth`,
  wecomLogin: `${SOCIAL_STANDIN_PREFIX}/${STANDIN_HOSTS.wecomLogin}/wwlogin/sso/login`,
  wecomConfirm: `${SOCIAL_STANDIN_PREFIX}/${STANDIN_HOSTS.wecomLogin}/wwlogin/sso/confirm`,
  // WeCom's own QR page asks an undocumented status call; the stand-in answers it in WeChat's
  // long-poll shape so both QR pages share one script.
  wecomLongPoll: `${SOCIAL_STANDIN_PREFIX}/${STANDIN_HOSTS.wecomLogin}/wwlogin/sso/l/qrconnect`,
  wecomGetToken: `${SOCIAL_STANDIN_PREFIX}/${STANDIN_HOSTS.wecomApi}/cgi-bin/gettoken`,
  wecomGetUserInfo: `${SOCIAL_STANDIN_PREFIX}/${STANDIN_HOSTS.wecomApi}/cgi-bin/auth/getuserinfo`,
  wecomGetUser: `${SOCIAL_STANDIN_PREFIX}/${STANDIN_HOSTS.wecomApi}/cgi-bin/user/get`,
  /** The stand-in's own pages: who is signed in to WeChat / WeCom on "this phone", the script. */
  phone: `${SOCIAL_STANDIN_PREFIX}/phone`,
  script: `${SOCIAL_STANDIN_PREFIX}/assets/qr-page.js`,
} as const;

/**
 * Seeded demo data: apps/corp with their secrets and three identities: one the lead links to
 * teacher01, one to parent01, one linked to nobody. Each identity is both a WeChat user (unionid)
 * and a member of the demo WeCom corp (userid).
 */
export const STANDIN_DEMO: {
  weixinApps: StandinWeixinApp[];
  wecomCorps: StandinWecomCorp[];
  identities: StandinIdentity[];
} = {
  weixinApps: [
    { appId: 'wx5d1e7a0c0d3b2f01', appSecret: '9a1f0c3e5b7d2a4c6e8f0b1d3c5e7a90', kind: 'website' },
    {
      appId: 'wx7f3a9c2e4b6d8a02',
      appSecret: '2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c02',
      kind: 'official-account',
    },
  ],
  wecomCorps: [
    {
      corpId: 'ww3c9e1a7b5d2f4a06',
      corpSecret: 'StandinCorpSecret_EduDeskDemo_0001_abcdefgh',
      agentId: '1000002',
    },
  ],
  identities: [
    {
      key: 'linked-teacher01',
      nickname: '王老师',
      unionid: 'oStandinUnion_teacher01',
      wecomUserId: 'WangFang',
    },
    {
      key: 'linked-parent01',
      nickname: '李妈妈',
      unionid: 'oStandinUnion_parent01',
      wecomUserId: 'LiNa',
    },
    {
      key: 'unlinked',
      nickname: '访客小张',
      unionid: 'oStandinUnion_newcomer',
      wecomUserId: 'ZhangWei',
    },
  ],
};

/**
 * openid of a WeChat identity for one app (stable, differs per app like the real one): 28
 * characters starting with `o`, derived from the app and the unionid, so it survives restarts.
 */
export function standinOpenId(appId: string, unionid: string): string {
  const digest = createHash('sha256').update(`standin-openid\n${appId}\n${unionid}`).digest();
  return `o${digest.toString('base64url').slice(0, 27)}`;
}

/** How long things live, as the real providers document them. */
export const STANDIN_TTL = {
  /** A QR code expires after five minutes (the long poll then answers 402). */
  qrSessionMs: 5 * 60_000,
  /** Codes are one-time and live five minutes (official account and WeCom docs). */
  codeMs: 5 * 60_000,
  /** access_token: expires_in 7200. */
  accessTokenMs: 7200_000,
  /** A website app's refresh_token lives 30 days. */
  refreshTokenMs: 30 * 24 * 3600_000,
  /** WeCom user_ticket: 1800 s. */
  userTicketMs: 1800_000,
  /** The long poll holds a request this long before answering 408 (no change). */
  longPollMs: 25_000,
} as const;

/** Bounds on what the stand-ins keep in memory. */
export const STANDIN_LIMITS = {
  qrSessions: 2000,
  codes: 5000,
  tokens: 5000,
  waitersPerSession: 4,
  waiters: 1000,
} as const;
