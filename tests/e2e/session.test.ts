import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, keepScreenshot, signIn, startServer, type OpenedPage } from './harness';
import { e2eSuite } from './suite';

const suite = e2eSuite({ accessTokenTtlSeconds: 60, refreshTokenTtlSeconds: 600 });
const LANDING = '/pages/base/pc_desktop_all/index.html';

async function loggedIn(username: string, remember = false): Promise<OpenedPage> {
  const opened = await suite.open('/login');
  await signIn(opened.page, username, DEMO_PASSWORD, remember);
  await opened.page.waitForURL(`${suite.server.url}${LANDING}`);
  // The desktop's own login check has answered: a test that ends the session next ends it for
  // the page's next call, never for that check while it is still on its way.
  await opened.page.getByText(/^欢迎您，/).waitFor();
  return opened;
}

describe('remembered password', () => {
  it('logs in automatically when the session is gone, without storing the password in clear', async () => {
    const { page, context } = await loggedIn('teacher01', true);
    await page.getByText('欢迎您，王老师').waitFor();
    const storage = await page.evaluate(() =>
      JSON.stringify(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)])),
    );
    expect(storage).not.toContain(DEMO_PASSWORD);
    expect(storage).toContain('teacher01');

    // The session ends (cookies gone); reloading the desktop logs in from the remembered record.
    await context.clearCookies();
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/uaa/oauth/login')) logins.push(request.method());
    });
    await page.reload();
    await page.getByText('欢迎您，王老师').waitFor();
    expect(new URL(page.url()).pathname).toBe(LANDING);
    expect(logins).toContain('POST');
  });

  it('logout asks first, clears storage and stops auto-login', async () => {
    const { page } = await loggedIn('teacher01', true);
    // The to-do panel opens by itself over the header's right side: close it first.
    await page.getByRole('button', { name: '关闭待办事项' }).click();
    await page.evaluate(() => {
      localStorage.setItem('_remove_demo', 'x');
      sessionStorage.setItem('theme', 'ink');
    });
    await page.getByRole('button', { name: /退\s*出/ }).click();
    const confirm = page.getByRole('dialog', { name: '您确认要退出吗？' });
    await confirm.waitFor();
    await keepScreenshot(page, 'logout-confirmation');
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await confirm.waitFor({ state: 'detached' });

    // Every page the tab is sent to from now on.
    const sentTo: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        sentTo.push(request.url());
      }
    });
    await page.getByRole('button', { name: /退\s*出/ }).click();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(`${suite.server.url}/login`);
    await page.getByRole('button', { name: /^登\s*录$/ }).waitFor();
    // Once to the login page, not brought back to the desktop by the next sign-in.
    expect(sentTo).toEqual([`${suite.server.url}/login`]);
    const state = await page.evaluate(() => ({
      user: localStorage.getItem('user'),
      removable: localStorage.getItem('_remove_demo'),
      logouted: localStorage.getItem('IS_LOGOUTED'),
      autoLoginNum: localStorage.getItem('AUTO_LOGIN_NUM'),
      session: sessionStorage.length,
    }));
    expect(state).toEqual({
      user: null,
      removable: null,
      logouted: 'logout',
      autoLoginNum: null,
      session: 0,
    });

    // No auto-login after an explicit logout: the form shows, pre-filled.
    await page.reload();
    await page.getByRole('button', { name: /^登\s*录$/ }).waitFor();
    // The sealed record is opened asynchronously, then fills the form.
    await expect.poll(() => page.getByPlaceholder('请输入账号').inputValue()).toBe('teacher01');
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/login');
    const me = await page.evaluate(async () => (await fetch('/api/uaa/oauth/me')).status);
    expect(me).toBe(401);
  });
});

describe('session expiry', () => {
  it('refreshes an expired access token and replays the request', async () => {
    const { page } = await loggedIn('teacher02');
    suite.server.advance(120); // past the access token's 60 s, within the refresh token's 600 s
    const accessCookie = async () =>
      (await page.context().cookies()).find((cookie) => cookie.name === 'SY_ACCESS_TOKEN')?.value;
    const expired = await accessCookie();
    expect(expired).toBeDefined();
    await page.reload();
    await page.getByText('欢迎您，李老师').waitFor();
    // The desktop shows the user: the expired token was refreshed (the browser holds a new one)
    // and the current user asked again with it. Read from the cookies, not from response events,
    // which Chromium does not always report for a reload's first calls on two loaded cores.
    const renewed = await accessCookie();
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(expired);
  });

  it('goes back to the login page when the refresh token has expired too', async () => {
    const { page } = await loggedIn('teacher02');
    suite.server.advance(3600);
    await page.reload();
    await page.waitForURL(/\/login\?redirect_uri=/);
    await page.getByRole('button', { name: /^登\s*录$/ }).waitFor();
  });
});

describe('the login dialog over a page whose session ended', () => {
  it('opens over a dialog that was saving: says why, the account filled in, the focus on the password', async () => {
    const { page } = await loggedIn('teacher02');
    await page.getByRole('button', { name: '关闭待办事项' }).click();
    await page.getByRole('button', { name: '主题', exact: true }).click();
    const save = page.getByRole('dialog').getByRole('button', { name: /^保\s*存$/ });
    await save.waitFor();
    suite.server.advance(3600); // both tokens expired: the save cannot refresh its way through
    await save.click();
    const relogin = page.getByRole('dialog', { name: '用户登录' });
    await relogin.getByText('登录失效，尝试重新登录').waitFor();
    await expect(page.getByPlaceholder('请输入账号').inputValue()).resolves.toBe('teacher02');
    const password = page.getByPlaceholder('请输入密码');
    await expect
      .poll(() => password.evaluate((element) => element === document.activeElement))
      .toBe(true);
    // Nothing was typed or left: no field shows an error.
    await expect(page.locator('.login-form__error[role=alert]').count()).resolves.toBe(0);
    await keepScreenshot(page, 'login-dialog-over-dialog');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.locator('.login-form').waitFor({ state: 'detached' });
    await page.getByText('欢迎您，李老师').waitFor();
  });

  it.each([
    ['zh-HK', '用戶登入', '登入失效，嘗試重新登入'],
    ['en', 'User login', 'Login expired, trying to log in again'],
  ])('says why in %s when both session cookies are gone', async (lang, title, reason) => {
    const { page } = await suite.open(`/login?lang=${lang}`, lang);
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(`${suite.server.url}${LANDING}`);
    await page.getByRole('button', { name: /關閉待辦事項|Close the to-do panel/ }).click();
    await page.context().clearCookies();
    await page.getByRole('button', { name: /^(消息|Messages)/ }).click();
    const relogin = page.getByRole('dialog', { name: title });
    await relogin.getByText(reason).waitFor();
    await expect(
      relogin.getByPlaceholder(/請輸入賬號|Please enter account number/).inputValue(),
    ).resolves.toBe('teacher01');
    await keepScreenshot(page, `login-dialog-expired-${lang}`);
  });

  it("signs another user in: the page is reloaded as theirs, nothing of the previous user's", async () => {
    const { page } = await loggedIn('teacher02');
    await page.getByRole('button', { name: '关闭待办事项' }).click();
    const desktop = page.getByRole('region', { name: '我的桌面' });
    // teacher02's count on the notice icon (server/db/seed-desktop-data.ts: 3, teacher01's 5).
    await desktop.getByRole('button', { name: '通知, 3 条未读' }).first().waitFor();
    await page.getByRole('button', { name: '主题', exact: true }).click();
    const save = page.getByRole('dialog').getByRole('button', { name: /^保\s*存$/ });
    await save.waitFor();
    suite.server.advance(3600);
    await save.click();
    await page.getByPlaceholder('请输入账号').fill('teacher01');
    await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByText('欢迎您，王老师').waitFor();
    // A fresh page: teacher01's to-do panel opens by itself, and every count is theirs.
    await page.getByRole('button', { name: '关闭待办事项' }).click();
    await desktop.getByRole('button', { name: '通知, 5 条未读' }).first().waitFor();
    await page.getByRole('button', { name: '消息，120 条未读' }).waitFor();
  });
});

describe('server down', () => {
  it('shows the network error and keeps what the user typed', async () => {
    const own = await startServer();
    const { page } = await suite.open(`${own.url}/login?lang=en`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await own.close();
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.getByText('Network error').waitFor();
    await expect(page.getByPlaceholder('Please enter account number').inputValue()).resolves.toBe(
      'teacher01',
    );
    // The Sign in button stops loading, so the user can try again.
    const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
    await signInButton.waitFor();
    await expect(signInButton.isEnabled()).resolves.toBe(true);
    await expect(signInButton.getAttribute('aria-busy')).resolves.toBe('false');
    await expect(signInButton.locator('.anticon-loading').count()).resolves.toBe(0);
    await keepScreenshot(page, 'server-down');
  });
});
