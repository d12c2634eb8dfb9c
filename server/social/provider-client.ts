import { SOCIAL_PROVIDER_HOSTS } from '../../contract/social';
import type { SocialProviderHost } from '../config';
import type { ProviderIdentity, SocialProviderRecord } from './social-store';

/** The real hosts of the providers (docs/social-login.md). */
export const PROVIDER_HOSTS: Record<SocialProviderHost, string> = SOCIAL_PROVIDER_HOSTS;

/**
 * GETs a provider URL and resolves its JSON answer; rejects when the provider cannot be reached
 * or does not answer JSON. Absolute URLs go over the network; paths go to this server's own
 * stand-ins.
 */
export type ProviderGet = (url: string) => Promise<unknown>;

export type ProviderExchange =
  | { kind: 'identity'; identity: ProviderIdentity }
  /** The provider refused the code (expired, used, not this app's...): its errcode. */
  | { kind: 'refused'; errcode: number; errmsg: string }
  /** A WeCom user who is not a member of the corp (an external contact). */
  | { kind: 'not-member' }
  /** The provider could not be reached or answered nonsense. */
  | { kind: 'unavailable' };

/** How long a WeCom access token is kept: its expires_in less five minutes. */
const TOKEN_MARGIN_MS = 5 * 60_000;
/** WeCom's answers for an expired or invalid access token: fetch a new one and try again. */
const WECOM_TOKEN_ERRORS = new Set([40014, 42001]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : '';
}

function errcodeOf(record: Record<string, unknown>): number {
  const value = record.errcode;
  return typeof value === 'number' ? value : 0;
}

function query(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/**
 * Server-to-server calls of social login (spec §7 social/{provider}): the code a provider gave
 * the browser is exchanged here for the identity, as WeChat and WeCom document it.
 * - WeChat (website and official account): sns/oauth2/access_token, then sns/userinfo for the
 *   unionid and nickname when the scope allows it. The identity is the unionid, shared by the
 *   website app and the official account of one open-platform account.
 * - WeCom: cgi-bin/gettoken (kept until it expires), then cgi-bin/auth/getuserinfo. The identity
 *   is the member's userid within the corp.
 */
export class ProviderClient {
  private readonly wecomTokens = new Map<string, { token: string; expires: number }>();

  constructor(
    private readonly get: ProviderGet,
    private readonly apiBase: (host: 'weixinApi' | 'wecomApi') => string,
    private readonly now: () => number,
  ) {}

  async exchange(provider: SocialProviderRecord, code: string): Promise<ProviderExchange> {
    try {
      return provider.kind === 'wecom'
        ? await this.wecom(provider, code)
        : await this.weixin(provider, code);
    } catch {
      return { kind: 'unavailable' };
    }
  }

  private async getRecord(url: string): Promise<Record<string, unknown>> {
    const answer = await this.get(url);
    if (!isRecord(answer)) throw new Error('the provider did not answer a JSON object');
    return answer;
  }

  private async weixin(provider: SocialProviderRecord, code: string): Promise<ProviderExchange> {
    const base = this.apiBase('weixinApi');
    const token = await this.getRecord(
      `${base}/sns/oauth2/access_token?${query({
        appid: provider.appId,
        secret: provider.appSecret,
        code,
        grant_type: 'authorization_code',
      })}`,
    );
    if (errcodeOf(token) !== 0) {
      return { kind: 'refused', errcode: errcodeOf(token), errmsg: text(token, 'errmsg') };
    }
    const openid = text(token, 'openid');
    const accessToken = text(token, 'access_token');
    if (openid === '' || accessToken === '') throw new Error('no openid in the token answer');
    let unionid = text(token, 'unionid');
    let nickname = '';
    // snsapi_base grants no userinfo; the other scopes do (and give the nickname).
    if (
      text(token, 'scope')
        .split(',')
        .some((scope) => scope !== 'snsapi_base')
    ) {
      const info = await this.getRecord(
        `${base}/sns/userinfo?${query({ access_token: accessToken, openid, lang: 'zh_CN' })}`,
      );
      if (errcodeOf(info) === 0) {
        unionid = text(info, 'unionid') || unionid;
        nickname = text(info, 'nickname');
      }
    }
    // Without a unionid (an app not bound to an open-platform account) the identity is the
    // openid, which is per app.
    const identity: ProviderIdentity =
      unionid !== ''
        ? { issuer: issuerOf(provider), subject: unionid, openid, unionid, nickname }
        : { issuer: `weixin:${provider.appId}`, subject: openid, openid, unionid, nickname };
    return { kind: 'identity', identity };
  }

  private async wecomToken(
    provider: SocialProviderRecord,
    fresh: boolean,
  ): Promise<string | ProviderExchange> {
    const key = `${provider.appId}\n${provider.agentId}`;
    const cached = this.wecomTokens.get(key);
    if (!fresh && cached && cached.expires > this.now()) return cached.token;
    const answer = await this.getRecord(
      `${this.apiBase('wecomApi')}/cgi-bin/gettoken?${query({
        corpid: provider.appId,
        corpsecret: provider.appSecret,
      })}`,
    );
    if (errcodeOf(answer) !== 0) {
      return { kind: 'refused', errcode: errcodeOf(answer), errmsg: text(answer, 'errmsg') };
    }
    const token = text(answer, 'access_token');
    if (token === '') throw new Error('no access_token in the gettoken answer');
    const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in : 7200;
    this.wecomTokens.set(key, {
      token,
      expires: this.now() + expiresIn * 1000 - TOKEN_MARGIN_MS,
    });
    return token;
  }

  private async wecom(provider: SocialProviderRecord, code: string): Promise<ProviderExchange> {
    for (const fresh of [false, true]) {
      const token = await this.wecomToken(provider, fresh);
      if (typeof token !== 'string') return token;
      const info = await this.getRecord(
        `${this.apiBase('wecomApi')}/cgi-bin/auth/getuserinfo?${query({ access_token: token, code })}`,
      );
      const errcode = errcodeOf(info);
      if (WECOM_TOKEN_ERRORS.has(errcode) && !fresh) continue;
      if (errcode !== 0) return { kind: 'refused', errcode, errmsg: text(info, 'errmsg') };
      const userid = text(info, 'userid');
      if (userid === '') return { kind: 'not-member' };
      return {
        kind: 'identity',
        identity: {
          issuer: issuerOf(provider),
          subject: userid,
          openid: '',
          unionid: '',
          nickname: userid,
        },
      };
    }
    return { kind: 'unavailable' };
  }
}

/**
 * The issuer a provider's identities are linked under: WeChat's unionid is one across the
 * website app and the official account; WeCom's userid is one within its corp.
 */
export function issuerOf(provider: Pick<SocialProviderRecord, 'kind' | 'appId'>): string {
  return provider.kind === 'wecom' ? `wecom:${provider.appId}` : 'weixin';
}

/** The network transport: a GET with a time limit that resolves the JSON answer. */
export async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(10_000),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`the provider answered HTTP ${String(response.status)}`);
  return (await response.json()) as unknown;
}
