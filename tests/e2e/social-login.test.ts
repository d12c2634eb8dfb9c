import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

/**
 * Third-party sign-in end to end: the login page's QR container, the stand-in
 * WeChat and WeCom (mounted by the reference server), a "phone" in a second page, the binding
 * page, WeCom's in-app silent sign-in, tickets and access tokens in the address, a forged state.
 */
const suite = e2eSuite({ socialStandinLongPollMs: 2_000 });
const DESKTOP = '/pages/base/pc_desktop_all/index.html';
const WECOM_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50 wxwork/4.1.20';

/** Opens the login page, chooses a platform and returns the phone URL its QR code encodes. */
async function openQr(page: Page, platform: RegExp): Promise<string> {
  await page.getByRole('button', { name: platform }).click();
  const frame = page.frameLocator('iframe');
  const link = frame.locator('a[href*="confirm?uuid="]');
  await link.waitFor();
  const href = await link.getAttribute('href');
  if (href === null) throw new Error('the QR page has no phone link');
  return new URL(href, suite.server.url).toString();
}

/** The "phone": a second page that opens the QR code's URL and confirms as `who`. */
async function confirmOnPhone(phoneUrl: string, who: RegExp): Promise<void> {
  const { page } = await suite.open(phoneUrl);
  await page.getByText(who).first().click();
  await page.getByRole('button', { name: /确认登录/ }).click();
  await page.getByText('已确认登录').waitFor();
}

describe('WeChat QR login', () => {
  it('signs a linked identity in from a second page and lands on the desktop', async () => {
    const { page } = await suite.open('/login');
    const phoneUrl = await openQr(page, /请使用微信扫码登录/);
    await keepScreenshot(page, 'login-weixin-qr');
    await confirmOnPhone(phoneUrl, /王老师/);
    await page.waitForURL(`${suite.server.url}${DESKTOP}`);
    await page.getByText('欢迎您，王老师').waitFor();
  });

  it('binds an unlinked identity with teacher02’s password; the next QR login goes in', async () => {
    const first = await suite.open('/login');
    await confirmOnPhone(await openQr(first.page, /请使用微信扫码登录/), /访客小张/);
    await first.page.getByRole('heading', { name: '绑定平台账号' }).waitFor();
    await first.page.getByText(/以绑定微信（访客小张）/).waitFor();
    expect(first.page.url()).toContain('id=social_unbound');
    await keepScreenshot(first.page, 'bind-page');
    const bind = first.page.getByRole('button', { name: '绑定并登录' });
    await first.page.getByPlaceholder('请输入账号').fill('teacher02');
    await first.page.getByPlaceholder('请输入密码').fill('wrong-password');
    await bind.click();
    await first.page.getByRole('alert').filter({ hasText: '用户名或密码错误' }).first().waitFor();
    await first.page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await bind.click();
    await first.page.waitForURL(`${suite.server.url}${DESKTOP}`);

    const next = await suite.open('/login');
    await confirmOnPhone(await openQr(next.page, /请使用微信扫码登录/), /访客小张/);
    await next.page.waitForURL(`${suite.server.url}${DESKTOP}`);
    await next.page.getByText(/欢迎您/).waitFor();
    // The linked account shows in the header's linked accounts.
    await next.page.getByRole('button', { name: '第三方账号' }).click();
    await next.page.getByText('微信 · 访客小张').waitFor();
  });

  it('refuses a callback whose state this browser did not start', async () => {
    const { page } = await suite.open('/login/?plat=weixin&code=forged-code&state=forged-state');
    await page
      .getByRole('alert')
      .filter({ hasText: '本次第三方登录不是在此浏览器中发起的或已过期' })
      .first()
      .waitFor();
    // Back on the login page, where a new sign-in can start; the callback left the address.
    await page.getByRole('button', { name: /请使用微信扫码登录/ }).waitFor();
    expect(page.url()).not.toContain('forged');
  });
});

describe('WeCom', () => {
  it('signs a member in with its QR login', async () => {
    const { page } = await suite.open('/login');
    await confirmOnPhone(await openQr(page, /请使用企业微信扫码登录/), /王老师/);
    await page.waitForURL(`${suite.server.url}${DESKTOP}`);
  });

  it('signs in silently inside WeCom (its in-app authorisation)', async () => {
    const context = await suite.browser.newContext({ locale: 'zh-CN', userAgent: WECOM_UA });
    try {
      const page = await context.newPage();
      // The phone's WeCom user, chosen once on the stand-in's phone page.
      await page.goto(`${suite.server.url}/pages/base/mobile_desktop_all/index.html`);
      await page
        .getByText(/王老师/)
        .first()
        .click();
      await page.getByRole('button', { name: /登录 Sign in/ }).click();
      await page.waitForURL(`${suite.server.url}/pages/base/mobile_desktop_all/index.html`);
      await page
        .getByText(/王老师/)
        .first()
        .waitFor();
      // Next time nothing is asked: step 8 goes to WeCom and back with a code.
      await context.clearCookies({ name: 'SY_ACCESS_TOKEN' });
      await context.clearCookies({ name: 'SY_REFRESH_TOKEN' });
      const again = await context.newPage();
      await again.goto(`${suite.server.url}/pages/base/mobile_desktop_all/index.html`);
      await again.waitForURL(`${suite.server.url}/pages/base/mobile_desktop_all/index.html`);
      await again
        .getByText(/王老师/)
        .first()
        .waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('tickets and access tokens in the address', () => {
  it('a ticket signs in once; its replay is refused', async () => {
    const giver = await suite.open('/login');
    await signIn(giver.page, 'teacher01', DEMO_PASSWORD);
    await giver.page.waitForURL(`${suite.server.url}${DESKTOP}`);
    const ticket = await giver.page.evaluate(async () => {
      const response = await fetch('/api/uaa/ticket/issue', { method: 'POST' });
      const answer = (await response.json()) as { data: { ticket: string } };
      return answer.data.ticket;
    });

    const taker = await suite.open(`/login?ticket=${ticket}`);
    await taker.page.waitForURL(`${suite.server.url}${DESKTOP}`);
    await taker.page.getByText('欢迎您，王老师').waitFor();

    const replay = await suite.open(`/login?ticket=${ticket}`);
    await replay.page
      .getByRole('alert')
      .filter({ hasText: '登录票据无效、已过期或已被使用' })
      .first()
      .waitFor();
    expect(replay.page.url()).not.toContain(ticket);
  });

  it('an access token signs in and leaves neither the address nor history', async () => {
    const giver = await suite.open('/login');
    await signIn(giver.page, 'teacher01', DEMO_PASSWORD);
    await giver.page.waitForURL(`${suite.server.url}${DESKTOP}`);
    const token = (await giver.context.cookies()).find((c) => c.name === 'SY_ACCESS_TOKEN')?.value;
    expect(token).toBeTruthy();

    const taker = await suite.open('/login');
    await taker.page.goto(`${suite.server.url}/login?accessToken=${token ?? ''}`);
    await taker.page.waitForURL(`${suite.server.url}${DESKTOP}`);
    await taker.page.goBack();
    await taker.page.waitForURL((url) => url.pathname === '/login');
    expect(taker.page.url()).not.toContain('accessToken');
  });
});
