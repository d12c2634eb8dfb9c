import formBody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseCrossSite } from '../../server/http/cross-site';
import {
  socialStandinRoutes,
  STANDIN_DEMO,
  STANDIN_PATHS,
} from '../../server/social-standin/index';
import { keepScreenshot, launchBrowser } from './harness';

/**
 * The social-login stand-ins in Chromium, mounted on a bare Fastify app (with the reference
 * server's cross-site guard) beside a tiny "platform" page that embeds the QR page the way
 * wxLogin.js does: the phone page, opened in a second tab, confirms and the first tab lands on
 * the callback with the code.
 */
const WEBSITE = STANDIN_DEMO.weixinApps[0];
const OFFICIAL = STANDIN_DEMO.weixinApps[1];
const TEACHER = STANDIN_DEMO.identities[0];
const WEIXIN_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322d) NetType/WIFI Language/zh_CN';
const PHONE = { width: 390, height: 844 };

let app: FastifyInstance;
let browser: Browser;
let origin = '';

function hostPage(src: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>Platform</title></head>
<body><h1>Platform login</h1><div id="login_container"><iframe title="weixin" src="${src}" width="320" height="420" style="border:0"></iframe></div></body></html>`;
}

beforeAll(async () => {
  app = Fastify();
  app.addHook('onRequest', refuseCrossSite);
  await app.register(formBody);
  await app.register(socialStandinRoutes, { now: Date.now, ...STANDIN_DEMO });
  // The "platform": a page embedding the QR page, and the callback it registered.
  app.get('/host', (request, reply) => {
    const { src } = request.query as { src?: string };
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; frame-src 'self'")
      .send(hostPage(src ?? ''));
  });
  app.get('/callback', (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send('<!doctype html><title>callback</title><p>callback</p>'),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${String(address.port)}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
});

function qrSrc(selfRedirect: boolean, state: string): string {
  return `${STANDIN_PATHS.qrConnect}?${new URLSearchParams({
    appid: WEBSITE?.appId ?? '',
    scope: 'snsapi_login',
    redirect_uri: `${origin}/callback`,
    state,
    login_type: 'jssdk',
    self_redirect: String(selfRedirect),
  }).toString()}`;
}

async function exchange(code: string, appId: string, secret: string) {
  const response = await fetch(
    `${origin}${STANDIN_PATHS.snsAccessToken}?${new URLSearchParams({ appid: appId, secret, code, grant_type: 'authorization_code' }).toString()}`,
  );
  return (await response.json()) as Record<string, unknown>;
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Opens the phone page from the QR page's link in a second tab and confirms as `identity`. */
async function confirmOnPhone(
  page: Page,
  phoneUrl: string,
  whenScanned?: () => Promise<void>,
): Promise<void> {
  const phone = await page.context().newPage();
  await phone.setViewportSize(PHONE);
  await phone.goto(phoneUrl);
  await whenScanned?.();
  await phone.getByText(TEACHER?.nickname ?? '').click();
  await keepScreenshot(phone, 'standin-weixin-phone');
  await phone.getByRole('button', { name: /确认登录/ }).click();
  await phone.getByText('已确认登录').waitFor();
  await phone.close();
}

describe('WeChat QR login stand-in in Chromium', () => {
  it('embedded (self_redirect=false): the phone confirms in a second tab and the top window lands on the callback', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${origin}/host?src=${encodeURIComponent(qrSrc(false, 'embedded'))}`);
    const frame = page.frameLocator('iframe[title="weixin"]');
    await frame.getByText('请使用微信扫描二维码登录').waitFor();
    const phoneUrl = await frame
      .getByRole('link', { name: /Open the phone page/ })
      .getAttribute('href');
    expect(phoneUrl).toMatch(
      new RegExp(`^${origin}/standin/open.weixin.qq.com/connect/confirm\\?uuid=`),
    );
    await keepScreenshot(page, 'standin-weixin-qr-embedded');

    const landed = page.waitForURL(/\/callback\?/);
    await confirmOnPhone(page, phoneUrl ?? '', async () => {
      // The QR page noticed the scan (long poll: 404).
      await frame.getByText('扫描成功').waitFor();
      await keepScreenshot(page, 'standin-weixin-qr-scanned');
    });
    await landed;
    const url = new URL(page.url());
    expect(url.searchParams.get('state')).toBe('embedded');
    const token = await exchange(
      url.searchParams.get('code') ?? '',
      WEBSITE?.appId ?? '',
      WEBSITE?.appSecret ?? '',
    );
    expect(token.unionid).toBe(TEACHER?.unionid);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('self_redirect=true: the frame itself goes to the callback, the platform page stays', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${origin}/host?src=${encodeURIComponent(qrSrc(true, 'in-frame'))}`);
    const frame = page.frameLocator('iframe[title="weixin"]');
    const phoneUrl = await frame
      .getByRole('link', { name: /Open the phone page/ })
      .getAttribute('href');
    await confirmOnPhone(page, phoneUrl ?? '');
    await frame.getByText('callback').waitFor();
    expect(new URL(page.url()).pathname).toBe('/host');
    const inner = page.frames().find((candidate) => candidate.url().includes('/callback?'));
    expect(new URL(inner?.url() ?? origin).searchParams.get('state')).toBe('in-frame');
    await context.close();
  });

  it('WeCom QR page, and the in-app official-account sign-in with a WeChat user agent', async () => {
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await desktop.newPage();
    const corp = STANDIN_DEMO.wecomCorps[0];
    await page.goto(
      `${origin}${STANDIN_PATHS.wecomLogin}?${new URLSearchParams({
        login_type: 'CorpApp',
        appid: corp?.corpId ?? '',
        agentid: corp?.agentId ?? '',
        redirect_uri: `${origin}/callback`,
        state: 'ww',
      }).toString()}`,
    );
    await page.getByText('请使用企业微信扫描二维码登录').waitFor();
    await keepScreenshot(page, 'standin-wecom-qr');
    await desktop.close();

    const phone = await browser.newContext({ viewport: PHONE, userAgent: WEIXIN_UA });
    const inApp = await phone.newPage();
    const errors = watchErrors(inApp);
    await inApp.goto(
      `${origin}${STANDIN_PATHS.oauth2Authorize}?${new URLSearchParams({
        appid: OFFICIAL?.appId ?? '',
        redirect_uri: `${origin}/callback`,
        response_type: 'code',
        scope: 'snsapi_userinfo',
        state: 'mp',
      }).toString()}#wechat_redirect`,
    );
    await inApp.getByText(TEACHER?.nickname ?? '').click();
    await keepScreenshot(inApp, 'standin-weixin-in-app-chooser');
    await inApp.getByRole('button', { name: /登录/ }).click();
    await inApp.getByRole('button', { name: /允许/ }).waitFor();
    await keepScreenshot(inApp, 'standin-weixin-in-app-consent');
    await inApp.getByRole('button', { name: /允许/ }).click();
    await inApp.waitForURL(/\/callback\?/);
    const code = new URL(inApp.url()).searchParams.get('code') ?? '';
    const token = await exchange(code, OFFICIAL?.appId ?? '', OFFICIAL?.appSecret ?? '');
    expect(token.scope).toBe('snsapi_userinfo');
    expect(errors).toEqual([]);
    await phone.close();
  });
});
