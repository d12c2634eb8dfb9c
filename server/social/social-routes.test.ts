import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../contract/api-paths';
import type { ApiEnvelope } from '../../contract/envelope';
import type { SocialLink, SocialPendingIdentity, SocialProvider } from '../../contract/social';
import { STANDIN_DEMO, STANDIN_PATHS } from '../social-standin/index';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../testing/test-app';
import { SOCIAL_STATE_TTL_MS } from './social-store';

const HOST = 'localhost';
const WEBSITE = STANDIN_DEMO.weixinApps[0];
const CORP = STANDIN_DEMO.wecomCorps[0];
const TEACHER = 'linked-teacher01';
const NEWCOMER = 'unlinked';

function body<T>(response: LightMyRequestResponse): ApiEnvelope<T> {
  return response.json<ApiEnvelope<T>>();
}

/** One browser: its cookies, kept across calls as a browser keeps them. */
class Browser {
  private readonly jar = new Map<string, string>();
  constructor(private readonly t: TestApp) {}

  private keep(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies) {
      if (cookie.value === '') this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return response;
  }

  cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.keep(
      await this.t.app.inject({
        method: 'GET',
        url,
        headers: { host: HOST, cookie: this.cookie() },
      }),
    );
  }

  async post(url: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.keep(
      await this.t.app.inject({
        method: 'POST',
        url,
        headers: {
          host: HOST,
          cookie: this.cookie(),
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
        },
        payload: new URLSearchParams(fields).toString(),
      }),
    );
  }

  async state(providerId: string): Promise<string> {
    const answer = body<{ state: string }>(await this.post(API.socialState, { providerId }));
    expect(answer.status).toBe(200);
    return answer.data.state;
  }

  async me(): Promise<string | undefined> {
    const response = await this.get(API.me);
    return response.statusCode === 200
      ? body<{ loginName: string }>(response).data.loginName
      : undefined;
  }
}

/** The phone: opens the provider's QR page, confirms as `identity`, hands back the code. */
async function qrCode(t: TestApp, provider: 'weixin' | 'wecom', identity: string): Promise<string> {
  const phone = new Browser(t);
  const redirect = `http://${HOST}/login/?plat=${provider}`;
  const page =
    provider === 'weixin'
      ? await phone.get(
          `${STANDIN_PATHS.qrConnect}?${new URLSearchParams({
            appid: WEBSITE?.appId ?? '',
            redirect_uri: redirect,
            response_type: 'code',
            scope: 'snsapi_login',
            state: 'x',
          }).toString()}`,
        )
      : await phone.get(
          `${STANDIN_PATHS.wecomLogin}?${new URLSearchParams({
            login_type: 'CorpApp',
            appid: CORP?.corpId ?? '',
            agentid: CORP?.agentId ?? '',
            redirect_uri: redirect,
            state: 'x',
          }).toString()}`,
        );
  const uuid = /confirm\?uuid=([A-Za-z0-9_-]+)/.exec(page.body)?.[1] ?? '';
  expect(uuid).not.toBe('');
  const confirm = provider === 'weixin' ? STANDIN_PATHS.weixinConfirm : STANDIN_PATHS.wecomConfirm;
  const poll = provider === 'weixin' ? STANDIN_PATHS.weixinLongPoll : STANDIN_PATHS.wecomLongPoll;
  await phone.get(`${confirm}?uuid=${uuid}`);
  await phone.post(confirm, { uuid, identity, action: 'confirm' });
  const answer = await phone.get(`${poll}?uuid=${uuid}&last=`);
  const code = /window\.wx_code='([A-Za-z0-9_-]*)'/.exec(answer.body)?.[1] ?? '';
  expect(code).not.toBe('');
  return code;
}

describe('social login against the stand-in providers', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  async function socialLogin(browser: Browser, provider: 'weixin' | 'wecom', identity: string) {
    const state = await browser.state(provider);
    const code = await qrCode(t, provider, identity);
    return browser.post(API.socialLogin(provider), {
      code,
      state,
      deviceId: 'dev-1',
      unitHost: HOST,
    });
  }

  it('lists the unit’s providers without their secrets; another unit has none', async () => {
    const browser = new Browser(t);
    const response = await browser.get(API.socialInfo);
    const providers = body<SocialProvider[]>(response).data;
    expect(providers.map((p) => [p.providerId, p.kind])).toEqual([
      ['weixin', 'weixin'],
      ['weixin_mp', 'weixin_mp'],
      ['wecom', 'wecom'],
    ]);
    expect(providers[0]?.providerAppLoginUrl).toBe(`http://${HOST}${STANDIN_PATHS.qrConnect}`);
    expect(response.body).not.toContain(WEBSITE?.appSecret ?? 'x');
    expect(response.body).not.toContain(CORP?.corpSecret ?? 'x');

    const area = await t.app.inject({
      method: 'GET',
      url: API.socialInfo,
      headers: { host: 'area.localhost' },
    });
    expect(body(area).data).toEqual([]);

    const qy = body<SocialProvider>(await browser.get(`${API.socialQyInfo}?unitHost=${HOST}`)).data;
    expect([qy.kind, qy.providerAppId, qy.providerApplicationId]).toEqual([
      'wecom',
      CORP?.corpId,
      CORP?.agentId,
    ]);
    expect(qy.providerInAppLoginUrl).toBe(`http://${HOST}${STANDIN_PATHS.oauth2Authorize}`);
    const mp = body<SocialProvider>(await browser.get(`${API.socialMpInfo}?unitHost=${HOST}`)).data;
    expect(mp.kind).toBe('weixin_mp');
  });

  it('signs a linked WeChat identity in', async () => {
    const browser = new Browser(t);
    const response = await socialLogin(browser, 'weixin', TEACHER);
    expect(body(response).status).toBe(200);
    expect(await browser.me()).toBe('teacher01');
  });

  it('signs a linked WeCom member in', async () => {
    const browser = new Browser(t);
    expect(body(await socialLogin(browser, 'wecom', TEACHER)).status).toBe(200);
    expect(await browser.me()).toBe('teacher01');
  });

  it('refuses a state this browser did not start, an expired one and a replayed one', async () => {
    const victim = new Browser(t);
    const attacker = new Browser(t);
    // Login CSRF: the attacker's state and code, replayed in the victim's browser.
    const attackerState = await attacker.state('weixin');
    await victim.state('weixin');
    const forged = await victim.post(API.socialLogin('weixin'), {
      code: await qrCode(t, 'weixin', NEWCOMER),
      state: attackerState,
    });
    expect(body(forged)).toMatchObject({ status: 403, code: 'social_state_mismatch' });
    expect(body(forged).message).toContain('|||');
    expect(await victim.me()).toBeUndefined();

    const state = await victim.state('weixin');
    t.clock.advance(SOCIAL_STATE_TTL_MS);
    const late = await victim.post(API.socialLogin('weixin'), {
      code: await qrCode(t, 'weixin', TEACHER),
      state,
    });
    expect(body(late).code).toBe('social_state_mismatch');

    const fresh = await victim.state('weixin');
    const first = await victim.post(API.socialLogin('weixin'), {
      code: await qrCode(t, 'weixin', TEACHER),
      state: fresh,
    });
    expect(body(first).status).toBe(200);
    const again = await victim.post(API.socialLogin('weixin'), {
      code: await qrCode(t, 'weixin', TEACHER),
      state: fresh,
    });
    expect(body(again).code).toBe('social_state_mismatch');
  });

  it('takes the token when the code field is empty (spec §7: code, token)', async () => {
    const browser = new Browser(t);
    const state = await browser.state('weixin');
    const code = await qrCode(t, 'weixin', TEACHER);
    const response = await browser.post(API.socialLogin('weixin'), {
      code: '',
      token: code,
      state,
    });
    expect(body(response).status).toBe(200);
  });

  it('answers a refused code with invalid_grant (no binding page)', async () => {
    const browser = new Browser(t);
    const state = await browser.state('weixin');
    const response = await browser.post(API.socialLogin('weixin'), { code: 'made-up', state });
    expect(body(response)).toMatchObject({ status: 400, code: 'invalid_grant' });
  });

  it('sends an unlinked identity to binding; binding links it and the next login goes in', async () => {
    const browser = new Browser(t);
    const unbound = await socialLogin(browser, 'weixin', NEWCOMER);
    expect(body(unbound)).toMatchObject({ status: 400, code: 'social_unbound' });
    expect(body<{ unionid: string }>(unbound).data.unionid).toBe('oStandinUnion_newcomer');
    expect(await browser.me()).toBeUndefined();

    const pending = body<SocialPendingIdentity>(await browser.get(API.socialPending)).data;
    expect(pending).toEqual({ providerName: '微信|||WeChat', nickname: '访客小张' });

    const wrong = await browser.post(API.socialBind, { username: 'teacher02', password: 'nope' });
    expect(body(wrong)).toMatchObject({ status: 400, code: 'invalid_grant' });
    const bound = await browser.post(API.socialBind, {
      username: 'teacher02',
      password: DEMO_PASSWORD,
    });
    expect(body(bound).status).toBe(200);
    expect(await browser.me()).toBe('teacher02');
    expect(body(await browser.get(API.socialPending)).status).toBe(404);

    const later = new Browser(t);
    expect(body(await socialLogin(later, 'weixin', NEWCOMER)).status).toBe(200);
    expect(await later.me()).toBe('teacher02');
  });

  it('never takes the identity from the request: binding needs this browser’s pending record', async () => {
    const other = new Browser(t);
    // An identity in the body is not a field of the call at all ...
    const named = await other.post(API.socialBind, {
      username: 'teacher02',
      password: DEMO_PASSWORD,
      openid: 'o-anything',
      unionid: 'oStandinUnion_newcomer',
    });
    expect(body(named)).toMatchObject({ status: 400, code: 'invalid_request' });
    // ... and without a pending record of this browser there is nothing to bind.
    const response = await other.post(API.socialBind, {
      username: 'teacher02',
      password: DEMO_PASSWORD,
    });
    expect(body(response)).toMatchObject({ status: 404, code: 'social_pending_missing' });
  });

  it('links one identity to one account when two first logins race', async () => {
    const one = new Browser(t);
    const two = new Browser(t);
    expect(body(await socialLogin(one, 'weixin', NEWCOMER)).code).toBe('social_unbound');
    expect(body(await socialLogin(two, 'weixin', NEWCOMER)).code).toBe('social_unbound');
    const answers = await Promise.all([
      one.post(API.socialBind, { username: 'teacher02', password: DEMO_PASSWORD }),
      two.post(API.socialBind, { username: 'parent01', password: DEMO_PASSWORD }),
    ]);
    const statuses = answers.map((answer) => body(answer).status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(answers.map((answer) => body(answer).code)).toContain('social_identity_taken');
  });

  it('lists and unlinks the signed-in user’s identities', async () => {
    const browser = new Browser(t);
    await socialLogin(browser, 'weixin', TEACHER);
    const links = body<SocialLink[]>(await browser.get(API.socialLinks)).data;
    expect(links.map((link) => [link.issuer, link.subject])).toEqual([
      [`wecom:${CORP?.corpId ?? ''}`, 'WangFang'],
      ['weixin', 'oStandinUnion_teacher01'],
    ]);
    expect(links.map((link) => link.providerName)).toEqual(['企业微信|||WeCom', '微信|||WeChat']);
    const unlinked = await browser.post(API.socialUnlink, {
      issuer: 'weixin',
      subject: 'oStandinUnion_teacher01',
    });
    expect(body(unlinked).status).toBe(200);
    // Someone else's link cannot be removed through this account.
    const foreign = await browser.post(API.socialUnlink, {
      issuer: 'weixin',
      subject: 'oStandinUnion_parent01',
    });
    expect(body(foreign).status).toBe(404);
    const next = await socialLogin(new Browser(t), 'weixin', TEACHER);
    expect(body(next).code).toBe('social_unbound');
  });
});
