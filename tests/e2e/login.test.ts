import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API } from '../../contract/api-paths';
import { DEMO_PASSWORD, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

const suite = e2eSuite();
const open = (path: string, locale?: string) => suite.open(path, locale);

describe('password login', () => {
  it('lands a teacher on the desktop with a welcome text', async () => {
    const { page } = await open('/login');
    await page.getByRole('heading', { name: '阳光实验小学' }).waitFor();
    await keepScreenshot(page, 'login-page-zh-CN');
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.getByText('登录成功！').waitFor();
    await page.waitForURL(`${suite.server.url}/pages/base/pc_desktop_all/index.html`);
    await page.getByText('欢迎您，王老师').waitFor();
    // The unit's name, with the unread messages and to-dos in front once counted (120 and more).
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('(99+) 阳光实验小学');
    await keepScreenshot(page, 'desktop-teacher01');
  });

  it('lands a parent on the school desktop', async () => {
    const { page } = await open('/login');
    await signIn(page, 'parent01', DEMO_PASSWORD);
    await page.waitForURL(`${suite.server.url}/pages/base/pc_desktop_all/index.html`);
    await page.getByText('欢迎您，张家长').waitFor();
  });

  it('lands area01 on the area desktop, with the bureau shown on its own host', async () => {
    const areaUrl = `http://area.localhost:${String(suite.server.port)}`;
    const { page } = await suite.open(`${areaUrl}/login`);
    await page.getByRole('heading', { name: '滨江区教育局' }).waitFor();
    await signIn(page, 'area01', DEMO_PASSWORD);
    await page.waitForURL(`${areaUrl}/area/areaBase/pc_areaDesktop_all/index.html`);
    await page.getByText('欢迎您，赵科长').waitFor();
    await keepScreenshot(page, 'area-desktop-area01');
  });

  it('shows the server message for a wrong password and stays on the login page', async () => {
    const { page } = await open('/login');
    await signIn(page, 'teacher01', 'not-the-password');
    await page.getByRole('alert').filter({ hasText: '用户名或密码错误' }).first().waitFor();
    // Under the form, not under a field, and the button is usable again.
    await expect(
      page.locator('.login-form__error', { hasText: '用户名或密码错误' }).count(),
    ).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^登\s*录$/ }).isEnabled()).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('validates empty fields in the user language, on blur and on submit', async () => {
    const { page } = await open('/login?lang=en');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('User name cannot be empty!').waitFor();
    await page.getByText('Password cannot be empty!').waitFor();
    // Whitespace only is empty: inputs are trimmed.
    await page.getByPlaceholder('Please enter account number').fill('   ');
    await page.getByPlaceholder('Please enter account number').blur();
    await page.getByText('User name cannot be empty!').waitFor();
    await page.getByPlaceholder('Please enter account number').fill('teacher01');
    await page.getByText('User name cannot be empty!').waitFor({ state: 'detached' });
  });

  it('moves focus to the next empty field on Enter, then submits', async () => {
    const { page } = await open('/login');
    const username = page.getByPlaceholder('请输入账号');
    const password = page.getByPlaceholder('请输入密码');
    await username.fill('teacher01');
    await username.press('Enter');
    await expect(password.evaluate((element) => element === document.activeElement)).resolves.toBe(
      true,
    );
    await password.fill(DEMO_PASSWORD);
    await password.press('Enter');
    await page.waitForURL(`${suite.server.url}/pages/base/pc_desktop_all/index.html`);
  });

  it('names every control in English and in Traditional Chinese', async () => {
    const { page } = await open('/login?lang=en');
    await page.getByRole('heading', { name: 'User login' }).waitFor();
    await page.getByPlaceholder('Please enter account number').waitFor();
    await page.getByPlaceholder('Please input a password').waitFor();
    await page.getByText('Remember password').waitFor();
    await page.getByRole('button', { name: 'Forget the password?' }).waitFor();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Sunshine Experimental Primary School' }).waitFor();
    await keepScreenshot(page, 'login-page-en');

    // Switching language re-renders in place (no reload) and is remembered.
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '繁體中文' });
    await page.getByRole('heading', { name: '用戶登入' }).waitFor();
    await page.getByPlaceholder('請輸入賬號').waitFor();
    await page.getByText('記住密碼').waitFor();
    await keepScreenshot(page, 'login-page-zh-HK');
    await page.goto(`${suite.server.url}/login`);
    await page.getByRole('heading', { name: '用戶登入' }).waitFor();
  });

  it('follows a same-origin redirect_uri and ignores an off-site one', async () => {
    const target = `${suite.server.url}/pages/base/pc_desktop_all/index.html#/desktop/home`;
    const { page } = await open(`/login?redirect_uri=${encodeURIComponent(target)}`);
    await signIn(page, 'teacher02', DEMO_PASSWORD);
    await page.waitForURL(target);
    await page.getByText('欢迎您，李老师').waitFor();

    await page.evaluate(() => {
      localStorage.clear();
    });
    await page.context().clearCookies();
    await page.goto(
      `${suite.server.url}/login?redirect_uri=${encodeURIComponent('https://evil.example/')}`,
    );
    await signIn(page, 'teacher02', DEMO_PASSWORD);
    await page.waitForURL(`${suite.server.url}/pages/base/pc_desktop_all/index.html`);
  });

  it('sends a visitor without a session from a landing page to the login page and back', async () => {
    const landing = `${suite.server.url}/pages/base/pc_desktop_all/index.html`;
    const { page } = await open('/pages/base/pc_desktop_all/index.html');
    await page.waitForURL(`${suite.server.url}/login?redirect_uri=${encodeURIComponent(landing)}`);
    await signIn(page, 'staff01', DEMO_PASSWORD);
    await page.waitForURL(landing);
  });

  it('opens /redirect/{name} as the tm page of that application for a teacher', async () => {
    const { page } = await open('/redirect/homework');
    const opened = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/pages/homework/pc_homework_tm/index.html',
    );
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await opened;
  });

  it('signs a registered device in by its client id, and refuses an unknown one once', async () => {
    const { page } = await open('/login?cid=edudesk-demo-client-staff01');
    await page.waitForURL(`${suite.server.url}/pages/base/pc_desktop_all/index.html`);
    await page.getByText('欢迎您，陈干事').waitFor();

    const other = await suite.open('/login?cid=unknown-device-id');
    await other.page.getByText('设备登录失败！').first().waitFor();
    await other.page.waitForURL(`${suite.server.url}/login/`);
    // No loop: the failed device login is not tried again in this session.
    await other.page.getByRole('button', { name: /^登\s*录$/ }).waitFor();
    await other.page.waitForTimeout(1500);
    expect(new URL(other.page.url()).pathname).toBe('/login/');
  });

  it('shows the error code on the binding page, and says so when nothing waits to be linked', async () => {
    // No pending identity in this browser (the address alone links nothing).
    const { page } = await open('/#/bind/?id=unbound_openid&openid=o1');
    await page
      .getByText('本次第三方登录已失效或不是在此浏览器中发起的，请返回登录页重新开始。')
      .waitFor();
    await page.getByText('错误代码：unbound_openid').waitFor();
    await page.getByRole('link', { name: '返回登录' }).waitFor();
  });
});

/** The login card's box: it must not move when a message shows. */
async function cardBox(page: Page) {
  const box = await page.locator('.login-box').boundingBox();
  if (box === null) throw new Error('no login card');
  return { x: Math.round(box.x), width: Math.round(box.width) };
}

/** axe's serious and critical violations on the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * Five wrong passwords from a browser the account does not know lock it (server/auth/login-guard.ts):
 * each test locks an account no other test of this file signs in with, in a fresh context.
 */
describe('wrong passwords, the lock and a busy server', () => {
  const cases = [
    {
      lang: 'zh-CN',
      account: 'parent02',
      signInName: /^登\s*录$/,
      left: (count: number) => `用户名或密码错误，还可尝试 ${String(count)} 次`,
      lastTry: '用户名或密码错误，账号已暂时锁定，请稍后再试',
      locked: /^登录失败次数过多，账号已暂时锁定，请在 (5 分 00|4 分 5\d) 秒后重试$/,
    },
    {
      lang: 'en',
      account: 'student01',
      signInName: /^Sign in$/,
      left: (count: number) =>
        `Incorrect username or password. Tries left before the account is locked: ${String(count)}`,
      lastTry:
        'Incorrect username or password. The account is now locked for a while; please try again later.',
      locked:
        /^Too many failed sign-ins: the account is locked for now\. Try again in (5 min 00|4 min 5\d) s\.$/,
    },
  ] as const;

  for (const { lang, account, signInName, left, lastTry, locked } of cases) {
    it(`says the tries left, then counts one lock message down with Sign in held (${lang})`, async () => {
      const { page } = await open(`/login?lang=${lang}`, lang);
      const notice = page.locator('.login-form__notice[role=alert]');
      const button = page.getByRole('button', { name: signInName });
      await button.waitFor();
      const before = await cardBox(page);
      for (let failure = 1; failure <= 4; failure += 1) {
        await signIn(page, account, `wrong-${String(failure)}`);
        await notice.filter({ hasText: left(5 - failure) }).waitFor({ timeout: 10_000 });
      }
      // Never under a field: the message is about the attempt, not the password typed.
      await expect(page.locator('.login-form__error').allTextContents()).resolves.toEqual(['', '']);
      await signIn(page, account, 'wrong-5');
      await notice.filter({ hasText: lastTry }).waitFor({ timeout: 10_000 });
      await signIn(page, account, DEMO_PASSWORD);
      await notice.filter({ hasText: locked }).waitFor({ timeout: 10_000 });
      const first = await notice.textContent();
      // One message, no toasts stacked over it; it counts down, and Sign in waits with it.
      await expect(page.locator('.ant-notification-notice').count()).resolves.toBe(0);
      await expect(button.isDisabled()).resolves.toBe(true);
      await page.waitForFunction(
        ([text]) => document.querySelector('.login-form__notice')?.textContent !== text,
        [first],
        { timeout: 5000 },
      );
      await expect(page.getByRole('alert').filter({ hasText: locked }).count()).resolves.toBe(1);
      expect(await cardBox(page)).toEqual(before);
      expect(await seriousViolations(page)).toEqual([]);
      for (const [width, height] of [
        [1366, 768],
        [1920, 1080],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await keepScreenshot(page, `login-locked-${lang}-${String(width)}`);
      }
    });
  }

  it('says a busy server in the user language with the wait, then lets the user sign in again', async () => {
    const { page } = await open('/login?lang=en', 'en');
    const button = page.getByRole('button', { name: 'Sign in', exact: true });
    await button.waitFor();
    const before = await cardBox(page);
    await page.route(`**${API.login}`, (route) =>
      route.fulfill({
        status: 503,
        headers: { 'retry-after': '2' },
        contentType: 'application/json',
        body: JSON.stringify({
          status: 503,
          code: 'sign_in_busy',
          message:
            '当前登录人数过多，请稍后几秒再试|||Too many people are signing in right now. Please try again in a few seconds',
          data: null,
        }),
      }),
    );
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    const notice = page
      .getByRole('alert')
      .filter({ hasText: /^Too many people are signing in right now\. Try again in [12] s\.$/ });
    await notice.waitFor({ timeout: 10_000 });
    await expect(button.isDisabled()).resolves.toBe(true);
    expect(await cardBox(page)).toEqual(before);
    await keepScreenshot(page, 'login-busy-en');
    await page.unroute(`**${API.login}`);
    await page.locator('button[type=submit]:not([disabled])').waitFor({ timeout: 6000 });
    await notice.waitFor({ state: 'detached' });
    await button.click();
    await page.waitForURL(/index\.html/);
  });
});

describe('page start', () => {
  it('checks the session once on the login page and once on the desktop it lands on', async () => {
    const { page } = await open('/login');
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(pathname);
    });
    await page.reload();
    await page.getByRole('button', { name: /^登\s*录$/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls.filter((call) => call === '/api/uaa/oauth/me')).toHaveLength(1);

    calls.length = 0;
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.getByRole('region', { name: '我的桌面' }).getByRole('button').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls.filter((call) => call === '/api/uaa/oauth/me')).toHaveLength(1);
    expect(calls.filter((call) => call === '/api/base/desktop/my_app_icon')).toHaveLength(1);
  });

  it("fetches the desktop's code while the user types; the desktop then takes it from the cache", async () => {
    const { page } = await open('/login');
    // The page's code; its stylesheet (shell/desktop.css and the rest) is prefetched beside it.
    const link = page.locator('link[rel=prefetch][as=script][href*="/assets/desktop-page-"]');
    await link.waitFor({ state: 'attached' });
    const href = new URL((await link.getAttribute('href')) ?? '', suite.server.url).href;
    // The prefetch has finished (its resource entry is written when it ends).
    await page.waitForFunction((url) => performance.getEntriesByName(url).length > 0, href);
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.getByRole('region', { name: '我的桌面' }).getByRole('button').first().waitFor();
    const loaded = await page.evaluate((url) => {
      const [entry] = performance.getEntriesByName(url) as PerformanceResourceTiming[];
      return entry === undefined ? null : { transferSize: entry.transferSize };
    }, href);
    // Loaded by the desktop, and nothing of it came over the network.
    expect(loaded).toEqual({ transferSize: 0 });
  });

  it('says so when the code every page boots with cannot be downloaded, and reloads on request', async () => {
    const { page } = await open('/');
    const stage = '**/assets/framework-*.js';
    await page.route(stage, (route) => route.abort());
    await page.goto(`${suite.server.url}/login`);
    const alert = page.getByRole('alert').filter({ hasText: '页面加载失败，请检查网络后重试。' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This page could not be loaded.');
    await page.unroute(stage);
    await alert.getByRole('button', { name: /重新加载/ }).click();
    await page.getByRole('button', { name: /^登\s*录$/ }).waitFor();
  });

  it('says so when the page code cannot be downloaded, and loads it again on request', async () => {
    const { page } = await open('/login');
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.getByRole('region', { name: '我的桌面' }).waitFor();
    await page.route('**/assets/desktop-page-*.js', (route) => route.abort());
    await page.reload();
    // The network error of spec §8, and Retry, which loads the page's code again in place.
    const alert = page.getByRole('alert').filter({ hasText: '网络错误' });
    await alert.waitFor();
    await page.unroute('**/assets/desktop-page-*.js');
    await alert.getByRole('button', { name: '重试' }).click();
    await page.getByRole('region', { name: '我的桌面' }).getByRole('button').first().waitFor();
  });
});
