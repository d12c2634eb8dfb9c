import formBody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createClock, type TestClock } from '../testing/test-app';
import {
  createSocialStandinRoutes,
  STANDIN_DEMO,
  STANDIN_PATHS,
  standinOpenId,
  type SocialStandinOptions,
  type StandinSettings,
} from './index';
import { StandinStore } from './standin-store';
import { STANDIN_LIMITS } from './standin-config';

const HOST = 'platform.test:8080';
const ORIGIN = `http://${HOST}`;
const CALLBACK = `${ORIGIN}/#/login/callback`;
function defined<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing demo data');
  return value;
}
const WEBSITE = defined(STANDIN_DEMO.weixinApps[0]);
const OFFICIAL = defined(STANDIN_DEMO.weixinApps[1]);
const CORP = defined(STANDIN_DEMO.wecomCorps[0]);
const TEACHER = defined(STANDIN_DEMO.identities[0]);
const WEIXIN_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50';
const WECOM_UA = `${WEIXIN_UA} wxwork/4.1.20`;

interface Harness {
  app: FastifyInstance;
  clock: TestClock;
}

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

async function standin(
  settings: Partial<StandinSettings> = {},
  data: Partial<SocialStandinOptions> = {},
): Promise<Harness> {
  const clock = createClock();
  const app = Fastify();
  await app.register(formBody);
  await app.register(createSocialStandinRoutes({ longPollMs: 0, ...settings }), {
    now: clock.now,
    ...STANDIN_DEMO,
    ...data,
  });
  apps.push(app);
  return { app, clock };
}

function get(app: FastifyInstance, url: string, headers: InjectOptions['headers'] = {}) {
  return app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });
}

function post(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  headers: InjectOptions['headers'] = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      host: HOST,
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

function query(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

function qrConnectUrl(overrides: Record<string, string> = {}): string {
  return `${STANDIN_PATHS.qrConnect}?${query({
    appid: WEBSITE.appId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'snsapi_login',
    state: 'st4te',
    ...overrides,
  })}`;
}

function wecomLoginUrl(overrides: Record<string, string> = {}): string {
  return `${STANDIN_PATHS.wecomLogin}?${query({
    login_type: 'CorpApp',
    appid: CORP.corpId,
    agentid: CORP.agentId,
    redirect_uri: CALLBACK,
    state: 'ww-state',
    ...overrides,
  })}`;
}

function uuidOf(html: string): string {
  const match = /confirm\?uuid=([A-Za-z0-9_-]+)/.exec(html);
  if (!match?.[1]) throw new Error('no phone link on the QR page');
  return match[1];
}

async function poll(app: FastifyInstance, path: string, uuid: string, last = '') {
  const response = await get(app, `${path}?${query({ uuid, last, _: '1' })}`);
  const match = /^window\.wx_errcode=(\d+);window\.wx_code='([A-Za-z0-9_-]*)';$/.exec(
    response.body,
  );
  if (!match) throw new Error(`not a long-poll answer: ${response.body}`);
  return { status: Number(match[1]), code: match[2] ?? '' };
}

/** QR page → phone confirms as `identity` → the code the long poll hands over. */
async function weixinQrCode(app: FastifyInstance, identity = TEACHER.key): Promise<string> {
  const page = await get(app, qrConnectUrl());
  const uuid = uuidOf(page.body);
  await get(app, `${STANDIN_PATHS.weixinConfirm}?uuid=${uuid}`);
  await post(app, STANDIN_PATHS.weixinConfirm, { uuid, identity, action: 'confirm' });
  const { status, code } = await poll(app, STANDIN_PATHS.weixinLongPoll, uuid);
  expect(status).toBe(405);
  return code;
}

function accessToken(app: FastifyInstance, fields: Record<string, string>) {
  return get(app, `${STANDIN_PATHS.snsAccessToken}?${query(fields)}`);
}

function exchange(app: FastifyInstance, code: string, appId = WEBSITE.appId) {
  const secret = STANDIN_DEMO.weixinApps.find((entry) => entry.appId === appId)?.appSecret ?? '';
  return accessToken(app, { appid: appId, secret, code, grant_type: 'authorization_code' });
}

describe('WeChat website QR login (connect/qrconnect)', () => {
  it('shows a QR code of an absolute phone-page address, embeddable, with its own script only', async () => {
    const { app } = await standin();
    const response = await get(app, qrConnectUrl({ login_type: 'jssdk', self_redirect: 'true' }));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<svg');
    expect(response.body).toContain(`${ORIGIN}${STANDIN_PATHS.weixinConfirm}?uuid=`);
    expect(response.body).toContain(`data-redirect="${CALLBACK}"`);
    expect(response.body).toContain('data-state="st4te"');
    expect(response.body).toContain('data-self-redirect="true"');
    expect(response.body).toContain(`<script src="${STANDIN_PATHS.script}"`);
    expect(response.body).not.toMatch(/<script>/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBeUndefined();
    const script = await get(app, STANDIN_PATHS.script);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('window.top.location.assign');
  });

  it('puts a configured LAN origin in the QR code for a real phone', async () => {
    const { app } = await standin({ phoneOrigin: 'http://192.168.1.20:8080' });
    const response = await get(app, qrConnectUrl());
    expect(response.body).toContain(`http://192.168.1.20:8080${STANDIN_PATHS.weixinConfirm}?uuid=`);
  });

  it('escapes the state it echoes', async () => {
    const { app } = await standin();
    const response = await get(app, qrConnectUrl({ state: '"><img src=x onerror=alert(1)>' }));
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<img src=x');
    expect(response.body).toContain('&quot;&gt;&lt;img');
  });

  it.each([
    ['an unknown appid', { appid: 'wx0000000000000000' }, 'AppID 参数错误'],
    ["the official account's appid", { appid: OFFICIAL.appId }, 'AppID 参数错误'],
    ['another scope', { scope: 'snsapi_userinfo' }, 'Scope 参数错误'],
    ['another host', { redirect_uri: 'https://evil.test/callback' }, 'redirect_uri 参数错误'],
    ['another port', { redirect_uri: 'http://platform.test:9999/cb' }, 'redirect_uri 参数错误'],
    [
      'a javascript: URL',
      { redirect_uri: 'javascript:alert(1)//platform.test:8080' },
      'redirect_uri',
    ],
    ['credentials', { redirect_uri: 'http://u:p@platform.test:8080/cb' }, 'redirect_uri'],
    ['a relative URL', { redirect_uri: '/callback' }, 'redirect_uri 参数错误'],
    ['a long state', { state: 'x'.repeat(129) }, 'state'],
  ])('refuses %s with the error page and never links to it', async (_name, overrides, text) => {
    const { app } = await standin();
    const response = await get(app, qrConnectUrl(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(text);
    expect(response.body).not.toContain('evil.test');
    expect(response.body).not.toContain('confirm?uuid=');
  });

  it('says 10003 when the redirect_uri is not on the registered domain', async () => {
    const { app } = await standin();
    const response = await get(app, qrConnectUrl({ redirect_uri: 'https://evil.test/cb' }));
    expect(response.body).toContain('10003');
  });

  it('lets the operator register more hosts', async () => {
    const { app } = await standin({
      isRegisteredHost: (redirect, own) => redirect === own || redirect === 'area.localhost:8080',
    });
    const response = await get(app, qrConnectUrl({ redirect_uri: 'http://area.localhost:8080/' }));
    expect(response.statusCode).toBe(200);
  });
});

describe('the long poll (connect/l/qrconnect)', () => {
  it('answers 408, 404 scanned, 403 cancelled, 404 again, 405 with the code, as the real one', async () => {
    const { app } = await standin();
    const uuid = uuidOf((await get(app, qrConnectUrl())).body);
    const path = STANDIN_PATHS.weixinLongPoll;
    expect(await poll(app, path, uuid)).toEqual({ status: 408, code: '' });

    const phone = await get(app, `${STANDIN_PATHS.weixinConfirm}?uuid=${uuid}`);
    expect(phone.statusCode).toBe(200);
    expect(phone.body).toContain(TEACHER.nickname);
    expect(String(phone.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(await poll(app, path, uuid)).toEqual({ status: 404, code: '' });
    // Nothing new since 404: the poll says 408.
    expect(await poll(app, path, uuid, '404')).toEqual({ status: 408, code: '' });

    await post(app, STANDIN_PATHS.weixinConfirm, { uuid, action: 'cancel' });
    expect(await poll(app, path, uuid, '404')).toEqual({ status: 403, code: '' });

    await get(app, `${STANDIN_PATHS.weixinConfirm}?uuid=${uuid}`);
    expect(await poll(app, path, uuid, '403')).toEqual({ status: 404, code: '' });

    const done = await post(app, STANDIN_PATHS.weixinConfirm, {
      uuid,
      identity: TEACHER.key,
      action: 'confirm',
    });
    expect(done.body).toContain('已确认登录');
    const confirmed = await poll(app, path, uuid, '404');
    expect(confirmed.status).toBe(405);
    expect(confirmed.code).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('answers 402 for an unknown or expired QR code, and the phone page says so', async () => {
    const { app, clock } = await standin();
    expect((await poll(app, STANDIN_PATHS.weixinLongPoll, 'nope')).status).toBe(402);
    const uuid = uuidOf((await get(app, qrConnectUrl())).body);
    clock.advance(5 * 60_000 + 1);
    expect((await poll(app, STANDIN_PATHS.weixinLongPoll, uuid)).status).toBe(402);
    const phone = await get(app, `${STANDIN_PATHS.weixinConfirm}?uuid=${uuid}`);
    expect(phone.statusCode).toBe(410);
    expect(phone.body).toContain('二维码已失效');
  });

  it('holds a poll until the phone acts, then answers at once', async () => {
    const { app } = await standin({ longPollMs: 15_000 });
    const uuid = uuidOf((await get(app, qrConnectUrl())).body);
    const waiting = poll(app, STANDIN_PATHS.weixinLongPoll, uuid);
    await get(app, `${STANDIN_PATHS.weixinConfirm}?uuid=${uuid}`);
    expect(await waiting).toEqual({ status: 404, code: '' });
  });

  it('does not confirm with an identity that is not a WeChat user, nor hand a WeChat code to WeCom', async () => {
    const { app } = await standin();
    const uuid = uuidOf((await get(app, qrConnectUrl())).body);
    await get(app, `${STANDIN_PATHS.weixinConfirm}?uuid=${uuid}`);
    await post(app, STANDIN_PATHS.weixinConfirm, { uuid, identity: 'nobody', action: 'confirm' });
    expect((await poll(app, STANDIN_PATHS.weixinLongPoll, uuid)).status).toBe(404);
    expect((await poll(app, STANDIN_PATHS.wecomLongPoll, uuid)).status).toBe(402);
  });
});

describe('sns/oauth2/access_token and sns/userinfo', () => {
  it('exchanges a confirmed code once for the identity, then gives its profile', async () => {
    const { app } = await standin();
    const code = await weixinQrCode(app);
    const response = await exchange(app, code);
    const token = response.json<Record<string, unknown>>();
    const openid = standinOpenId(WEBSITE.appId, TEACHER.unionid ?? '');
    expect(token).toMatchObject({
      expires_in: 7200,
      openid,
      scope: 'snsapi_login',
      unionid: TEACHER.unionid,
    });
    expect(token.access_token).toEqual(expect.any(String));
    expect(token.refresh_token).toEqual(expect.any(String));

    const again = await exchange(app, code);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ errcode: 40163 });
    expect(again.json<{ errmsg: string }>().errmsg).toMatch(/^code been used, rid: /);

    const info = await get(
      app,
      `${STANDIN_PATHS.snsUserInfo}?${query({ access_token: String(token.access_token), openid, lang: 'zh_CN' })}`,
    );
    expect(info.json()).toEqual({
      openid,
      nickname: TEACHER.nickname,
      sex: 0,
      province: '',
      city: '',
      country: '',
      headimgurl: '',
      privilege: [],
      unionid: TEACHER.unionid,
    });
    const auth = await get(
      app,
      `${STANDIN_PATHS.snsAuth}?${query({ access_token: String(token.access_token), openid })}`,
    );
    expect(auth.json()).toEqual({ errcode: 0, errmsg: 'ok' });
  });

  it('gives each app its own openid, and the same unionid', () => {
    const unionid = TEACHER.unionid ?? '';
    const website = standinOpenId(WEBSITE.appId, unionid);
    expect(website).toMatch(/^o[A-Za-z0-9_-]{27}$/);
    expect(standinOpenId(WEBSITE.appId, unionid)).toBe(website);
    expect(standinOpenId(OFFICIAL.appId, unionid)).not.toBe(website);
  });

  it('refuses an expired code (five minutes) as invalid', async () => {
    const { app, clock } = await standin();
    const code = await weixinQrCode(app);
    clock.advance(5 * 60_000 + 1);
    expect((await exchange(app, code)).json()).toMatchObject({ errcode: 40029 });
  });

  it('binds a code to its appid', async () => {
    const { app } = await standin();
    const code = await weixinQrCode(app);
    expect((await exchange(app, code, OFFICIAL.appId)).json()).toMatchObject({ errcode: 40029 });
    // Still good for its own app afterwards.
    expect((await exchange(app, code)).json()).toHaveProperty('access_token');
  });

  it.each([
    [{ secret: 's', code: 'c', grant_type: 'authorization_code' }, 41002, 'appid missing'],
    [
      { appid: WEBSITE.appId, code: 'c', grant_type: 'authorization_code' },
      41004,
      'appsecret missing',
    ],
    [
      { appid: WEBSITE.appId, secret: 's', grant_type: 'authorization_code' },
      41008,
      'missing code',
    ],
    [
      { appid: WEBSITE.appId, secret: 's', code: 'c', grant_type: 'password' },
      40002,
      'invalid grant_type',
    ],
    [
      { appid: 'wx0000', secret: 's', code: 'c', grant_type: 'authorization_code' },
      40013,
      'invalid appid',
    ],
    [
      { appid: WEBSITE.appId, secret: 'wrong', code: 'c', grant_type: 'authorization_code' },
      40125,
      'invalid appsecret',
    ],
    [
      {
        appid: WEBSITE.appId,
        secret: WEBSITE.appSecret,
        code: 'nope',
        grant_type: 'authorization_code',
      },
      40029,
      'invalid code',
    ],
  ])('answers %j with errcode %i', async (fields, errcode, errmsg) => {
    const { app } = await standin();
    const response = await accessToken(app, fields);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ errcode: number; errmsg: string }>();
    expect(body.errcode).toBe(errcode);
    expect(body.errmsg.startsWith(`${errmsg}, rid: `)).toBe(true);
  });

  it('answers userinfo errors: 41001, 41009, 40001, 40003, 42001', async () => {
    const { app, clock } = await standin();
    const token = (await exchange(app, await weixinQrCode(app))).json<{
      access_token: string;
      openid: string;
    }>();
    const userinfo = async (fields: Record<string, string>) =>
      (await get(app, `${STANDIN_PATHS.snsUserInfo}?${query(fields)}`)).json<{ errcode: number }>()
        .errcode;
    expect(await userinfo({ openid: token.openid })).toBe(41001);
    expect(await userinfo({ access_token: token.access_token })).toBe(41009);
    expect(await userinfo({ access_token: 'forged', openid: token.openid })).toBe(40001);
    expect(await userinfo({ access_token: token.access_token, openid: 'oOther' })).toBe(40003);
    clock.advance(7200_000 + 1);
    expect(await userinfo({ access_token: token.access_token, openid: token.openid })).toBe(42001);
  });

  it('refreshes an expired access token with the refresh token', async () => {
    const { app, clock } = await standin();
    const token = (await exchange(app, await weixinQrCode(app))).json<{
      access_token: string;
      refresh_token: string;
      openid: string;
    }>();
    clock.advance(7200_000 + 1);
    const refreshed = await get(
      app,
      `${STANDIN_PATHS.snsRefreshToken}?${query({ appid: WEBSITE.appId, grant_type: 'refresh_token', refresh_token: token.refresh_token })}`,
    );
    const body = refreshed.json<{ access_token: string; openid: string }>();
    expect(body.openid).toBe(token.openid);
    expect(body.access_token).not.toBe(token.access_token);
    const info = await get(
      app,
      `${STANDIN_PATHS.snsUserInfo}?${query({ access_token: body.access_token, openid: token.openid })}`,
    );
    expect(info.json()).toMatchObject({ nickname: TEACHER.nickname });
  });
});

describe('official account in-app authorisation (connect/oauth2/authorize)', () => {
  function authorizeUrl(overrides: Record<string, string> = {}): string {
    return `${STANDIN_PATHS.oauth2Authorize}?${query({
      appid: OFFICIAL.appId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'mp',
      ...overrides,
    })}`;
  }

  async function choose(app: FastifyInstance, url: string, identity: string, ua: string) {
    const chooser = await get(app, url, { 'user-agent': ua });
    expect(chooser.statusCode).toBe(200);
    const hidden = /name="query" value="([^"]*)"/.exec(chooser.body)?.[1] ?? '';
    const chosen = await post(
      app,
      STANDIN_PATHS.oauth2Authorize,
      { query: hidden.replaceAll('&amp;', '&'), action: 'choose', identity },
      { 'user-agent': ua },
    );
    expect(chosen.statusCode).toBe(303);
    const cookie = String(chosen.headers['set-cookie']).split(';')[0] ?? '';
    return { location: String(chosen.headers.location), cookie };
  }

  it('outside WeChat shows "请在微信客户端打开链接"', async () => {
    const { app } = await standin();
    const response = await get(app, authorizeUrl(), { 'user-agent': 'Mozilla/5.0 Chrome/140' });
    expect(response.body).toContain('请在微信客户端打开链接');
    expect(response.headers.location).toBeUndefined();
  });

  it('asks who is signed in first, then redirects silently with a code for snsapi_base', async () => {
    const { app } = await standin();
    const chooser = await get(app, authorizeUrl(), { 'user-agent': WEIXIN_UA });
    expect(chooser.body).toContain(TEACHER.nickname);
    expect(chooser.headers.location).toBeUndefined();

    const { location, cookie } = await choose(app, authorizeUrl(), TEACHER.key, WEIXIN_UA);
    expect(location.startsWith(`${STANDIN_PATHS.oauth2Authorize}?`)).toBe(true);
    expect(cookie).toMatch(/^standin_wx_user=/);

    const silent = await get(app, location, { 'user-agent': WEIXIN_UA, cookie });
    expect(silent.statusCode).toBe(302);
    const target = new URL(String(silent.headers.location));
    expect(`${target.origin}${target.pathname}${target.hash}`).toBe(CALLBACK);
    expect(target.searchParams.get('state')).toBe('mp');
    const code = target.searchParams.get('code') ?? '';

    const token = (await exchange(app, code, OFFICIAL.appId)).json<{
      scope: string;
      openid: string;
      unionid: string;
      access_token: string;
    }>();
    expect(token.scope).toBe('snsapi_base');
    expect(token.openid).toBe(standinOpenId(OFFICIAL.appId, TEACHER.unionid ?? ''));
    expect(token.unionid).toBe(TEACHER.unionid);
    const info = await get(
      app,
      `${STANDIN_PATHS.snsUserInfo}?${query({ access_token: token.access_token, openid: token.openid })}`,
    );
    expect(info.json()).toMatchObject({ errcode: 48001 });
  });

  it('asks consent for snsapi_userinfo: allow gives a code, deny only the state', async () => {
    const { app } = await standin();
    const url = authorizeUrl({ scope: 'snsapi_userinfo' });
    const { cookie } = await choose(app, url, TEACHER.key, WEIXIN_UA);
    const consent = await get(app, url, { 'user-agent': WEIXIN_UA, cookie });
    expect(consent.statusCode).toBe(200);
    expect(consent.body).toContain('允许');
    expect(String(consent.headers['content-security-policy'])).toContain(
      `form-action 'self' ${ORIGIN}`,
    );
    const hidden = (/name="query" value="([^"]*)"/.exec(consent.body)?.[1] ?? '').replaceAll(
      '&amp;',
      '&',
    );

    const allowed = await post(
      app,
      STANDIN_PATHS.oauth2Authorize,
      { query: hidden, action: 'allow' },
      { 'user-agent': WEIXIN_UA, cookie },
    );
    expect(allowed.statusCode).toBe(303);
    const code = new URL(String(allowed.headers.location)).searchParams.get('code') ?? '';
    const token = (await exchange(app, code, OFFICIAL.appId)).json<{ scope: string }>();
    expect(token.scope).toBe('snsapi_userinfo');

    const denied = await post(
      app,
      STANDIN_PATHS.oauth2Authorize,
      { query: hidden, action: 'deny' },
      { 'user-agent': WEIXIN_UA, cookie },
    );
    const back = new URL(String(denied.headers.location));
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('state')).toBe('mp');
  });

  it.each([
    ["a website app's appid", { appid: WEBSITE.appId }, '10016'],
    ['another host', { redirect_uri: 'https://evil.test/' }, '10003'],
    ['no scope', { scope: '' }, '10010'],
    ['another scope', { scope: 'snsapi_login' }, '10005'],
    ['no redirect_uri', { redirect_uri: '' }, '10011'],
  ])('refuses %s', async (_name, overrides, errcode) => {
    const { app } = await standin();
    const response = await get(app, authorizeUrl(overrides), { 'user-agent': WEIXIN_UA });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(errcode);
    expect(response.headers.location).toBeUndefined();
  });

  it('carries only checked parameters through the chooser, and checks them again on post', async () => {
    const { app } = await standin();
    const response = await post(
      app,
      STANDIN_PATHS.oauth2Authorize,
      {
        query: query({
          appid: OFFICIAL.appId,
          redirect_uri: 'https://evil.test/',
          response_type: 'code',
          scope: 'snsapi_base',
        }),
        action: 'choose',
        identity: TEACHER.key,
      },
      { 'user-agent': WEIXIN_UA },
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
  });

  it('lets the phone page switch and sign out the WeChat user', async () => {
    const { app } = await standin();
    const page = await get(app, STANDIN_PATHS.phone);
    expect(page.body).toContain('未登录');
    const set = await post(app, STANDIN_PATHS.phone, {
      provider: 'weixin',
      action: 'set',
      identity: TEACHER.key,
    });
    expect(set.statusCode).toBe(303);
    const cookie = String(set.headers['set-cookie']).split(';')[0] ?? '';
    const after = await get(app, STANDIN_PATHS.phone, { cookie });
    expect(after.body).toContain(`微信：${TEACHER.nickname}`);
    const cleared = await post(app, STANDIN_PATHS.phone, { provider: 'weixin', action: 'clear' });
    expect(String(cleared.headers['set-cookie'])).toContain('Max-Age=0');
  });
});

describe('WeCom', () => {
  async function gettoken(app: FastifyInstance, fields: Record<string, string>) {
    return (await get(app, `${STANDIN_PATHS.wecomGetToken}?${query(fields)}`)).json<{
      errcode: number;
      errmsg: string;
      access_token?: string;
      expires_in?: number;
    }>();
  }

  async function userinfo(app: FastifyInstance, fields: Record<string, string>) {
    return (await get(app, `${STANDIN_PATHS.wecomGetUserInfo}?${query(fields)}`)).json<
      Record<string, unknown>
    >();
  }

  it('gettoken answers a token, the same one while it is valid, and its errors', async () => {
    const { app } = await standin();
    const first = await gettoken(app, { corpid: CORP.corpId, corpsecret: CORP.corpSecret });
    expect(first).toMatchObject({ errcode: 0, errmsg: 'ok', expires_in: 7200 });
    const second = await gettoken(app, { corpid: CORP.corpId, corpsecret: CORP.corpSecret });
    expect(second.access_token).toBe(first.access_token);
    expect((await gettoken(app, { corpsecret: 'x' })).errcode).toBe(41002);
    expect((await gettoken(app, { corpid: CORP.corpId })).errcode).toBe(41004);
    expect((await gettoken(app, { corpid: 'ww00', corpsecret: 'x' })).errcode).toBe(40013);
    const wrong = await gettoken(app, { corpid: CORP.corpId, corpsecret: 'wrong' });
    expect(wrong.errcode).toBe(40001);
    expect(wrong.errmsg).toContain(
      'more info at https://open.work.weixin.qq.com/devtool/query?e=40001',
    );
  });

  it('QR login: a member confirms, getuserinfo gives the userid once', async () => {
    const { app } = await standin();
    const page = await get(app, wecomLoginUrl());
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${ORIGIN}${STANDIN_PATHS.wecomConfirm}?uuid=`);
    const uuid = uuidOf(page.body);
    const phone = await get(app, `${STANDIN_PATHS.wecomConfirm}?uuid=${uuid}`);
    expect(phone.body).toContain(`userid ${TEACHER.wecomUserId ?? ''}`);
    await post(app, STANDIN_PATHS.wecomConfirm, { uuid, identity: TEACHER.key, action: 'confirm' });
    const { status, code } = await poll(app, STANDIN_PATHS.wecomLongPoll, uuid);
    expect(status).toBe(405);

    const token = await gettoken(app, { corpid: CORP.corpId, corpsecret: CORP.corpSecret });
    const accessTokenValue = token.access_token ?? '';
    expect(await userinfo(app, { access_token: accessTokenValue, code })).toEqual({
      errcode: 0,
      errmsg: 'ok',
      userid: TEACHER.wecomUserId,
    });
    expect((await userinfo(app, { access_token: accessTokenValue, code })).errcode).toBe(40029);
    // A WeChat code is no WeCom code.
    const weixinCode = await weixinQrCode(app);
    expect(
      (await userinfo(app, { access_token: accessTokenValue, code: weixinCode })).errcode,
    ).toBe(40029);
  });

  it('getuserinfo errors: 41001, 40014, 41008, 42001', async () => {
    const { app, clock } = await standin();
    const token =
      (await gettoken(app, { corpid: CORP.corpId, corpsecret: CORP.corpSecret })).access_token ??
      '';
    expect((await userinfo(app, { code: 'c' })).errcode).toBe(41001);
    expect((await userinfo(app, { access_token: 'forged', code: 'c' })).errcode).toBe(40014);
    expect((await userinfo(app, { access_token: token })).errcode).toBe(41008);
    clock.advance(7200_000 + 1);
    expect((await userinfo(app, { access_token: token, code: 'c' })).errcode).toBe(42001);
    // A new token after expiry.
    const fresh = await gettoken(app, { corpid: CORP.corpId, corpsecret: CORP.corpSecret });
    expect(fresh.access_token).not.toBe(token);
  });

  it.each([
    ['another login_type', { login_type: 'ServiceApp' }, 'login_type'],
    ['an unknown corp', { appid: 'ww0000' }, 'appid'],
    ['another agentid', { agentid: '1000009' }, 'agentid'],
    ['another host', { redirect_uri: 'https://evil.test/' }, 'redirect_uri'],
  ])('QR login refuses %s', async (_name, overrides, text) => {
    const { app } = await standin();
    const response = await get(app, wecomLoginUrl(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(text);
    expect(response.body).not.toContain('confirm?uuid=');
  });

  function wecomAuthorizeUrl(overrides: Record<string, string> = {}) {
    return `${STANDIN_PATHS.oauth2Authorize}?${query({
      appid: CORP.corpId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'qy',
      agentid: CORP.agentId,
      ...overrides,
    })}`;
  }

  it('in-app: silent redirect with a code for the phone’s WeCom member (after choosing once)', async () => {
    const { app } = await standin();
    expect((await get(app, wecomAuthorizeUrl(), { 'user-agent': WEIXIN_UA })).body).toContain(
      '请在企业微信客户端打开链接',
    );
    const chooser = await get(app, wecomAuthorizeUrl(), { 'user-agent': WECOM_UA });
    expect(chooser.body).toContain(TEACHER.nickname);
    const chosen = await post(
      app,
      STANDIN_PATHS.oauth2Authorize,
      {
        query: new URL(wecomAuthorizeUrl(), ORIGIN).search.slice(1),
        action: 'choose',
        identity: TEACHER.key,
      },
      { 'user-agent': WECOM_UA },
    );
    const cookie = String(chosen.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toMatch(/^standin_ww_user=/);
    const silent = await get(app, wecomAuthorizeUrl(), { 'user-agent': WECOM_UA, cookie });
    expect(silent.statusCode).toBe(302);
    const back = new URL(String(silent.headers.location));
    expect(back.searchParams.get('state')).toBe('qy');
    const token =
      (await gettoken(app, { corpid: CORP.corpId, corpsecret: CORP.corpSecret })).access_token ??
      '';
    expect(
      await userinfo(app, { access_token: token, code: back.searchParams.get('code') ?? '' }),
    ).toEqual({ errcode: 0, errmsg: 'ok', userid: TEACHER.wecomUserId });
  });

  it('in-app: refuses another agentid', async () => {
    const { app } = await standin();
    const response = await get(app, wecomAuthorizeUrl({ agentid: '42' }), {
      'user-agent': WECOM_UA,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('agentid');
  });

  it('gives a non-member an openid instead of a userid, and snsapi_privateinfo a user_ticket', async () => {
    const visitor = { key: 'visitor', nickname: '外部访客', unionid: 'oVisitor' };
    const { app } = await standin({}, { identities: [...STANDIN_DEMO.identities, visitor] });
    const token =
      (await gettoken(app, { corpid: CORP.corpId, corpsecret: CORP.corpSecret })).access_token ??
      '';
    async function codeFor(identity: string, scope: string) {
      const url = wecomAuthorizeUrl({ scope });
      const chosen = await post(
        app,
        STANDIN_PATHS.oauth2Authorize,
        { query: new URL(url, ORIGIN).search.slice(1), action: 'choose', identity },
        { 'user-agent': WECOM_UA },
      );
      const cookie = String(chosen.headers['set-cookie']).split(';')[0] ?? '';
      const hidden = new URL(url, ORIGIN).search.slice(1);
      const response =
        scope === 'snsapi_base'
          ? await get(app, url, { 'user-agent': WECOM_UA, cookie })
          : await post(
              app,
              STANDIN_PATHS.oauth2Authorize,
              { query: hidden, action: 'allow' },
              { 'user-agent': WECOM_UA, cookie },
            );
      return new URL(String(response.headers.location)).searchParams.get('code') ?? '';
    }
    const outsider = await userinfo(app, {
      access_token: token,
      code: await codeFor('visitor', 'snsapi_base'),
    });
    expect(outsider).toEqual({
      errcode: 0,
      errmsg: 'ok',
      openid: standinOpenId(CORP.corpId, 'oVisitor'),
    });
    const member = await userinfo(app, {
      access_token: token,
      code: await codeFor(TEACHER.key, 'snsapi_privateinfo'),
    });
    expect(member.userid).toBe(TEACHER.wecomUserId);
    expect(typeof member.user_ticket).toBe('string');
  });
});

describe('the stand-ins stay bounded', () => {
  it('refuses new QR sessions past the limit and forgets expired ones', () => {
    const clock = createClock();
    const store = new StandinStore(clock.now);
    const fields = {
      provider: 'weixin' as const,
      appId: 'a',
      redirectUri: CALLBACK,
      state: undefined,
    };
    for (let index = 0; index < STANDIN_LIMITS.qrSessions; index += 1) {
      expect(store.openSession(fields)).toBeDefined();
    }
    expect(store.openSession(fields)).toBeUndefined();
    clock.advance(5 * 60_000 + 1);
    expect(store.openSession(fields)).toBeDefined();
    expect(store.sessions.size).toBe(1);
  });

  it('keeps at most the code limit, dropping the oldest', () => {
    const clock = createClock();
    const store = new StandinStore(clock.now);
    const first = store.issueCode({ provider: 'weixin', appId: 'a', identityKey: 'k', scope: 's' });
    for (let index = 0; index < STANDIN_LIMITS.codes; index += 1) {
      store.issueCode({ provider: 'weixin', appId: 'a', identityKey: 'k', scope: 's' });
    }
    expect(store.codes.size).toBe(STANDIN_LIMITS.codes);
    expect(store.codes.has(first)).toBe(false);
  });

  it('ends waiting long polls when the server closes', async () => {
    const { app } = await standin({ longPollMs: 60_000 });
    const uuid = uuidOf((await get(app, qrConnectUrl())).body);
    const waiting = poll(app, STANDIN_PATHS.weixinLongPoll, uuid);
    // Let the poll start waiting before closing.
    await new Promise((resolve) => setImmediate(resolve));
    await app.close();
    apps = [];
    expect((await waiting).status).toBe(408);
  });
});

describe('hostile input', () => {
  it('never answers 5xx on any stand-in route, whatever the query, body or Host', async () => {
    const { app } = await standin();
    const routes: { method: string; url: string }[] = [];
    for (const path of Object.values(STANDIN_PATHS)) {
      routes.push({ method: 'GET', url: path });
      if (
        path === STANDIN_PATHS.weixinConfirm ||
        path === STANDIN_PATHS.wecomConfirm ||
        path === STANDIN_PATHS.oauth2Authorize ||
        path === STANDIN_PATHS.phone
      ) {
        routes.push({ method: 'POST', url: path });
      }
    }
    const values = [
      '',
      'x'.repeat(70_000),
      '<script>alert(1)</script>',
      'javascript:alert(1)',
      '%00',
      '\u0000',
      '𠜎😀\u202e',
      CALLBACK,
      WEBSITE.appId,
      CORP.corpId,
    ];
    const names = [
      'appid',
      'redirect_uri',
      'scope',
      'state',
      'uuid',
      'code',
      'access_token',
      'openid',
      'corpid',
      'corpsecret',
      'login_type',
      'agentid',
      'response_type',
      'query',
      'action',
      'identity',
      'provider',
      'last',
      'secret',
      'grant_type',
      'refresh_token',
      'userid',
    ];
    let seed = 7;
    const pick = <T>(items: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return items[seed % items.length] as T;
    };
    for (const route of routes) {
      for (let round = 0; round < 12; round += 1) {
        const fields: [string, string][] = names.map((name) => [name, pick(values)]);
        fields.push([pick(names), pick(values)]);
        const search = new URLSearchParams(fields).toString();
        const headers = {
          host: pick([HOST, 'a'.repeat(300), '[::1]:8080', 'bad host', 'x:99999']),
          'user-agent': pick([WEIXIN_UA, WECOM_UA, '']),
          cookie: pick(['', 'standin_wx_user=%%%', 'standin_ww_user=bGlua2VkLXBhcmVudDAx']),
        };
        const response =
          route.method === 'GET'
            ? await app.inject({ method: 'GET', url: `${route.url}?${search}`, headers })
            : await app.inject({
                method: 'POST',
                url: route.url,
                headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
                payload: search,
              });
        expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      }
    }
  });
});
