import { describe, expect, it } from 'vitest';
import type { SocialProvider } from '../../../../contract/social';
import { buildAuthorizeUrl, socialRedirectUri } from './authorize-url';
import { inAppClient } from './in-app-client';
import { readSocialCallback } from './social-callback';

const weixin: SocialProvider = {
  providerId: 'weixin',
  kind: 'weixin',
  name: '微信|||WeChat',
  providerAppId: 'wx-app',
  providerApplicationId: '',
  providerAppLoginUrl: 'https://open.weixin.qq.com/connect/qrconnect',
  providerInAppLoginUrl: '',
  logo: '',
};
const wecom: SocialProvider = {
  ...weixin,
  providerId: 'wecom',
  kind: 'wecom',
  providerAppId: 'ww-corp',
  providerApplicationId: '1000002',
  providerAppLoginUrl: 'https://login.work.weixin.qq.com/wwlogin/sso/login',
  providerInAppLoginUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
};
const mp: SocialProvider = {
  ...weixin,
  providerId: 'weixin_mp',
  kind: 'weixin_mp',
  providerAppLoginUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
};
const BACK = 'http://localhost/login/?plat=weixin';

describe('provider authorisation URLs', () => {
  it('WeChat website QR login as wxLogin.js embeds it', () => {
    const url = new URL(buildAuthorizeUrl(weixin, 'qr', 'S1', BACK) ?? '');
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: 'wx-app',
      redirect_uri: BACK,
      response_type: 'code',
      scope: 'snsapi_login',
      state: 'S1',
      login_type: 'jssdk',
      self_redirect: 'false',
    });
    expect(url.hash).toBe('#wechat_redirect');
    expect(buildAuthorizeUrl(weixin, 'in-app', 'S1', BACK)).toBeNull();
  });

  it('WeCom QR login carries the corp id and agent id; in-app uses oauth2/authorize', () => {
    const qr = new URL(buildAuthorizeUrl(wecom, 'qr', 'S2', BACK) ?? '');
    expect(qr.pathname).toBe('/wwlogin/sso/login');
    expect(Object.fromEntries(qr.searchParams)).toEqual({
      login_type: 'CorpApp',
      appid: 'ww-corp',
      agentid: '1000002',
      redirect_uri: BACK,
      state: 'S2',
    });
    const inApp = new URL(buildAuthorizeUrl(wecom, 'in-app', 'S3', BACK) ?? '');
    expect(inApp.pathname).toBe('/connect/oauth2/authorize');
    expect(inApp.searchParams.get('scope')).toBe('snsapi_base');
    expect(inApp.searchParams.get('agentid')).toBe('1000002');
    expect(inApp.hash).toBe('#wechat_redirect');
  });

  it('the official account only in-app, with snsapi_userinfo', () => {
    expect(buildAuthorizeUrl(mp, 'qr', 'S', BACK)).toBeNull();
    const url = new URL(buildAuthorizeUrl(mp, 'in-app', 'S', BACK) ?? '');
    expect(url.searchParams.get('scope')).toBe('snsapi_userinfo');
  });

  it('refuses a login URL that is not http(s)', () => {
    expect(
      buildAuthorizeUrl({ ...weixin, providerAppLoginUrl: 'javascript:alert(1)' }, 'qr', 'S', BACK),
    ).toBeNull();
    expect(buildAuthorizeUrl({ ...weixin, providerAppLoginUrl: '' }, 'qr', 'S', BACK)).toBeNull();
  });

  it('comes back to this page with plat, keeping only redirect_uri', () => {
    expect(
      socialRedirectUri(
        { href: 'http://localhost:8080/login?redirect_uri=%2Fpages%2Fx&cid=9#/login' },
        'weixin',
      ),
    ).toBe('http://localhost:8080/login?plat=weixin&redirect_uri=%2Fpages%2Fx');
    expect(socialRedirectUri({ href: 'http://h/login/#/?x=1' }, 'wecom')).toBe(
      'http://h/login/?plat=wecom',
    );
  });

  it('knows WeCom before WeChat (WeCom’s user agent carries both)', () => {
    expect(inAppClient('Mozilla/5.0 MicroMessenger/8.0 wxwork/4.1')).toBe('qy');
    expect(inAppClient('Mozilla/5.0 MicroMessenger/8.0.47')).toBe('mp');
    expect(inAppClient('Mozilla/5.0 Chrome/156')).toBeNull();
  });
});

describe('reading a callback', () => {
  it('takes the provider from plat, else from the state this tab started', () => {
    const url = new URL('http://h/login/?code=C&state=S');
    expect(readSocialCallback(url, (state) => (state === 'S' ? 'wecom' : null))).toEqual({
      provider: 'wecom',
      code: 'C',
      token: '',
      state: 'S',
    });
    expect(readSocialCallback(url, () => null)).toBeUndefined();
  });
});
