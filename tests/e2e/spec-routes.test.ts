import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

/**
 * The routes of spec §2 and §6 as a careful user tries them: the authorisation page at any path
 * containing authorize, the not-found page of an application outside the user's menu (and of the
 * tm page for user types 1 and 3), the element-hiding directive for every user type, and the
 * stored user record other applications on the origin read (spec §3).
 */
const suite = e2eSuite();

const SCHOOL_DESKTOP = '/pages/base/pc_desktop_all/index.html';
const APP_CLIENT_ID = 'edudesk-demo-app';
/** The demo app's registered loopback callback (any port, RFC 8252 §7.3); nothing listens. */
const CALLBACK = 'http://127.0.0.1:48123/callback';

/** Signs in on the login page (in a language, when given) and waits for the desktop. */
async function signedIn(username: string, lang?: string): Promise<Page> {
  const { page } = await suite.open(lang === undefined ? '/login' : `/login?lang=${lang}`);
  await signIn(page, username, DEMO_PASSWORD);
  await page.waitForURL(/_desktop_all\/index\.html/);
  return page;
}

/** Opens a path of the server in the signed-in page and returns the HTTP status it answered. */
async function visit(page: Page, path: string): Promise<number | undefined> {
  const response = await page.goto(`${suite.server.url}${path}`);
  return response?.status();
}

/** The not-found page: its heading, and the one way out it offers. */
async function expectNotFound(page: Page, heading: string, way: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.getByRole('link', { name: way }).waitFor();
}

/** An authorisation request of the demo partner (a public client: PKCE S256). */
function authorizeQuery(state: string): string {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return new URLSearchParams({
    response_type: 'code',
    client_id: APP_CLIENT_ID,
    redirect_uri: CALLBACK,
    scope: 'profile',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
}

describe('spec §2: the authorisation page is any path containing authorize', () => {
  it.each(['/oauth/authorize', '/authorize/', '/pages/authorize'])(
    'asks a signed-out user to sign in at %s',
    async (path) => {
      const { page } = await suite.open(`${path}?${authorizeQuery('s')}`);
      await page.getByText('请先登录，以便让「演示应用」知道您是谁。').waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    },
  );

  it('completes the partner sign-in at /oauth/authorize', async () => {
    const { page } = await suite.open(`/oauth/authorize?${authorizeQuery('at-oauth')}`);
    const callback = new Promise<URL>((resolve) => {
      void page.context().route(
        (url) => url.hostname === '127.0.0.1' && url.pathname === '/callback',
        async (route) => {
          resolve(new URL(route.request().url()));
          await route.fulfill({ status: 200, contentType: 'text/plain', body: 'partner' });
        },
      );
    });
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.getByRole('heading', { name: '「演示应用」请求使用您的平台账号登录' }).waitFor();
    await keepScreenshot(page, 'spec-routes-authorize-oauth-path');
    await page.getByRole('button', { name: /同\s*意/ }).click();
    const answer = await callback;
    expect(answer.searchParams.get('state')).toBe('at-oauth');
    expect(answer.searchParams.get('code')).toMatch(/.{20,}/);
    expect(answer.searchParams.get('source')).toBe('pc');
  });

  it('says client_id is missing at /pages/authorize', async () => {
    const { page } = await suite.open('/pages/authorize?lang=en');
    await page.getByText('Missing client_id, please go back and try again!').waitFor();
  });
});

describe('spec §2: an application outside the permitted menu list renders a not-found page', () => {
  it('shows student01 the not-found page for Office Automation (types 2 and 4 only)', async () => {
    const page = await signedIn('student01');
    expect(await visit(page, '/pages/oa/pc_oa_tm/index.html')).toBe(404);
    await expectNotFound(page, '页面不存在', '返回桌面');
    await expect(page.getByText('协同办公').count()).resolves.toBe(0);
    expect(page.url()).toBe(`${suite.server.url}/pages/oa/pc_oa_tm/index.html`);
    await keepScreenshot(page, 'spec-routes-not-found-student01');
    // The way back is to the user's own desktop.
    await page.getByRole('link', { name: '返回桌面' }).click();
    await page.waitForURL(`${suite.server.url}${SCHOOL_DESKTOP}`);
    await page.getByText('欢迎您，周同学').waitFor();
  });

  it("speaks the user's language", async () => {
    const page = await signedIn('student01', 'en');
    await visit(page, '/pages/oa/pc_oa_tm/index.html');
    await expectNotFound(page, 'Page not found', 'Back to desktop');
    await expect(page.title()).resolves.toBe('Page not found · EduDesk');
    await keepScreenshot(page, 'spec-routes-not-found-en');
  });

  it('says so for an unknown application instead of going to the desktop', async () => {
    const page = await signedIn('teacher02');
    await visit(page, '/pages/notice/pc_nosuch_pre/index.html');
    await expectNotFound(page, '页面不存在', '返回桌面');
    // It stays: no silent redirect.
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/pages/notice/pc_nosuch_pre/index.html');
  });

  it('says so after /redirect/tzgg, whose page does not exist (server id notice)', async () => {
    const { page } = await suite.open('/redirect/tzgg');
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(`${suite.server.url}/pages/tzgg/pc_tzgg_tm/index.html`);
    await expectNotFound(page, '页面不存在', '返回桌面');
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/pages/tzgg/pc_tzgg_tm/index.html');
  });

  it('asks a visitor without a session to sign in, then shows the page of their menu', async () => {
    const page = '/pages/notice/pc_tzgg_pre/index.html';
    const { page: tab } = await suite.open(page);
    await tab.waitForURL(/\/login\?redirect_uri=/);
    await signIn(tab, 'teacher02', DEMO_PASSWORD);
    await tab.waitForURL(`${suite.server.url}${page}`);
    await tab.getByRole('heading', { level: 1, name: '通知公告' }).waitFor();
  });
});

describe('spec §2: user types 1 and 3 never open the tm page of an application', () => {
  it("shows parent02 the not-found page for the timetable's tm page, and its spm page", async () => {
    const page = await signedIn('parent02');
    expect(await visit(page, '/pages/kcb/pc_kcb_tm/index.html')).toBe(404);
    await expectNotFound(page, '页面不存在', '返回桌面');
    await expect(page.getByText('课程表').count()).resolves.toBe(0);
    await keepScreenshot(page, 'spec-routes-not-found-parent02-tm');
    expect(await visit(page, '/pages/kcb/pc_kcb_spm/index.html')).toBe(200);
    await page.getByRole('heading', { level: 1, name: '课程表' }).waitFor();
  });
});

describe('spec §6: elements whose code is not permitted are hidden for every user type', () => {
  const deleteButtons = (page: Page) => page.getByRole('button', { name: /删\s*除|Delete/ });

  it('hides the notices actions from a parent, and shows them to the admin who holds them', async () => {
    const parent = await signedIn('parent01');
    await visit(parent, '/pages/notice/pc_tzgg_spm/index.html#/list');
    const rows = parent.locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    await expect(parent.getByRole('button', { name: /查\s*看/ }).count()).resolves.toBeGreaterThan(
      0,
    );
    await expect(deleteButtons(parent).count()).resolves.toBe(0);
    await expect(parent.getByRole('button', { name: /编\s*辑/ }).count()).resolves.toBe(0);
    await expect(parent.getByRole('button', { name: '新增通知' }).count()).resolves.toBe(0);

    const admin = await signedIn('teacher01');
    await visit(admin, '/pages/notice/pc_tzgg_pre/index.html#/list');
    await admin.locator('tbody tr.ant-table-row').first().waitFor();
    await expect(deleteButtons(admin).count()).resolves.toBeGreaterThan(0);
  });
});

describe('spec §3: localStorage.user is a wire format other applications read', () => {
  it("keeps the wire's spelling of the children and no token", async () => {
    const page = await signedIn('parent01');
    await page.getByText('欢迎您，张家长').waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('user'));
    expect(stored).not.toBeNull();
    const user = JSON.parse(stored ?? '{}') as Record<string, unknown>;
    expect(user).toMatchObject({
      loginName: 'parent01',
      chirdenId: expect.any(String) as unknown,
      chirdenName: expect.any(String) as unknown,
      chirdenList: expect.any(Array) as unknown,
      currentChirden: expect.objectContaining({ id: user.chirdenId }) as unknown,
    });
    expect((user.chirdenList as unknown[]).length).toBeGreaterThan(1);
    for (const renamed of ['childId', 'childName', 'childList', 'currentChild']) {
      expect(user).not.toHaveProperty(renamed);
    }
    // No token: not as a field, nor the session's cookie value anywhere in the record.
    expect(user).not.toHaveProperty('accessToken');
    expect(user).not.toHaveProperty('credentials');
    const cookies = await page.context().cookies();
    const session = cookies.filter((cookie) => cookie.name.endsWith('_TOKEN'));
    expect(session.length).toBeGreaterThan(0);
    for (const cookie of session) expect(stored).not.toContain(cookie.value);
  });
});
