import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

/**
 * Every part of a page in a chunk of its own fails in place when its chunk cannot be fetched
 * (renderer/ui/lazy-part.tsx): the page around it stays, the part says the network error in the
 * user's language with Retry, and Retry fetches the chunk again once the network is back, without
 * a reload. The failing chunk's requests are aborted, then let through.
 */
// A failed chunk is logged by the browser; that is what these tests make happen.
const suite = e2eSuite({}, { allowPageErrors: true });

const SCHOOL_DESKTOP = '/pages/base/pc_desktop_all/index.html';
const NETWORK_ERROR = { 'zh-CN': '网络错误', 'zh-HK': '網絡錯誤', en: 'Network error' } as const;
const RETRY = { 'zh-CN': '重试', 'zh-HK': '重試', en: 'Retry' } as const;
type Lang = keyof typeof NETWORK_ERROR;

/** Aborts the requests whose URL matches until `restore()`; counts those let through after. */
async function failing(page: Page, url: RegExp) {
  let abort = true;
  let fetchedAfter = 0;
  const handler = (route: Route) => {
    if (abort) return route.abort('internetdisconnected');
    fetchedAfter += 1;
    return route.continue();
  };
  await page.route(url, handler);
  return {
    restore() {
      abort = false;
    },
    fetchedAfter: () => fetchedAfter,
  };
}

/** A marker in the page: still there after Retry, so Retry did not reload the page. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}

async function notReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
}

async function desktopOf(username: string, lang: Lang = 'zh-CN'): Promise<Page> {
  const { page } = await suite.open(`/login?lang=${lang}`, lang);
  await signIn(page, username, DEMO_PASSWORD);
  await page.waitForURL(/desktop_all\/index\.html/);
  await page.getByRole('heading', { level: 1, name: /我的桌面|My desktop/ }).waitFor({
    state: 'attached',
  });
  // The to-do panel opens by itself: closed first, so that it covers nothing.
  const closeTodo = page.getByRole('button', {
    name: /关闭待办事项|關閉待辦事項|Close the to-do panel/,
  });
  await closeTodo.click();
  await closeTodo.waitFor({ state: 'detached' });
  return page;
}

/** The failure drawn in a dialog part's place: the network error and Retry. */
function failedDialog(page: Page, lang: Lang): Locator {
  return page.getByRole('dialog', { name: NETWORK_ERROR[lang] });
}

interface DialogCase {
  name: string;
  chunk: RegExp;
  open: (page: Page) => Promise<void>;
  /** The dialog once its chunk has loaded. */
  loaded: (page: Page) => Locator;
}

const DESKTOP_DIALOGS: DialogCase[] = [
  {
    name: 'About',
    chunk: /\/assets\/about-dialog-[\w-]+\.js$/,
    open: (page) => page.getByRole('button', { name: '版本信息' }).click(),
    loaded: (page) => page.getByRole('dialog', { name: '版本信息' }),
  },
  {
    name: 'Messages',
    chunk: /\/assets\/messages-dialog-[\w-]+\.js$/,
    open: (page) => page.getByRole('button', { name: /^消息，/ }).click(),
    loaded: (page) => page.getByRole('dialog', { name: '消息' }),
  },
  {
    name: 'Theme',
    chunk: /\/assets\/theme-dialog-[\w-]+\.js$/,
    open: (page) => page.getByRole('button', { name: '主题', exact: true }).click(),
    loaded: (page) => page.getByRole('dialog', { name: '主题设置' }),
  },
  {
    name: 'Client download',
    chunk: /\/assets\/client-download-dialog-[\w-]+\.js$/,
    open: (page) => page.getByRole('button', { name: '客户端下载' }).click(),
    loaded: (page) => page.getByRole('dialog', { name: '客户端下载' }),
  },
];

describe('a desktop dialog whose chunk cannot be fetched', () => {
  it.each(DESKTOP_DIALOGS)('$name fails in place and Retry loads it', async (part) => {
    const page = await desktopOf('teacher01');
    const chunk = await failing(page, part.chunk);
    await part.open(page);
    const failed = failedDialog(page, 'zh-CN');
    await failed.waitFor({ timeout: 10_000 });
    // The shell stays.
    await page.getByText('欢迎您，王老师').waitFor();
    await markPage(page);
    chunk.restore();
    await failed.getByRole('button', { name: RETRY['zh-CN'] }).click();
    await part.loaded(page).waitFor();
    await failed.waitFor({ state: 'detached' });
    expect(chunk.fetchedAfter()).toBeGreaterThan(0);
    expect(await notReloaded(page)).toBe(true);
  });

  it('closes with Esc, gives the focus back, and tries again when opened again', async () => {
    const page = await desktopOf('teacher01', 'en');
    const chunk = await failing(page, /\/assets\/about-dialog-[\w-]+\.js$/);
    const versionInfo = page.getByRole('button', { name: 'Version info' });
    await versionInfo.click();
    const failed = failedDialog(page, 'en');
    await failed.getByRole('button', { name: RETRY.en }).waitFor({ timeout: 10_000 });
    await keepScreenshot(page, 'lazy-part-failed-dialog-en');
    await page.keyboard.press('Escape');
    await failed.waitFor({ state: 'detached' });
    await expect
      .poll(() => versionInfo.evaluate((element) => element === document.activeElement))
      .toBe(true);
    chunk.restore();
    await versionInfo.click();
    await page.getByRole('dialog', { name: 'Version info' }).waitFor();
  });
});

describe('the failure in the three languages', () => {
  it.each(['zh-CN', 'zh-HK', 'en'] as const)(
    'is accessible in %s, on a PC and a phone',
    async (lang) => {
      const page = await desktopOf('teacher01', lang);
      await failing(page, /\/assets\/about-dialog-[\w-]+\.js$/);
      await page.getByRole('button', { name: /^(版本信息|版本資訊|Version info)$/ }).click();
      const failed = failedDialog(page, lang);
      await failed.getByRole('button', { name: RETRY[lang] }).waitFor({ timeout: 10_000 });
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
      await keepScreenshot(page, `lazy-part-failed-${lang}-1366`);
      await page.setViewportSize({ width: 390, height: 844 });
      await keepScreenshot(page, `lazy-part-failed-${lang}-390`);
    },
  );
});

describe('other parts whose chunk cannot be fetched', () => {
  it('the login dialog over a page whose session ended', async () => {
    const page = await desktopOf('teacher02');
    const chunk = await failing(page, /\/assets\/login-(dialog|with-platforms|box)-[\w-]+\.js$/);
    await page.context().clearCookies();
    // The next call finds the session gone: the login dialog is due.
    await page.getByRole('button', { name: /^消息，/ }).click();
    const failed = failedDialog(page, 'zh-CN');
    await failed.waitFor({ timeout: 10_000 });
    // It cannot be dismissed: the page behind needs a session.
    await expect(failed.getByRole('button', { name: '关闭' }).count()).resolves.toBe(0);
    chunk.restore();
    await failed.getByRole('button', { name: RETRY['zh-CN'] }).click();
    await page.getByPlaceholder('请输入账号').waitFor();
    expect(chunk.fetchedAfter()).toBeGreaterThan(0);
  });

  it('the face widget on My face', async () => {
    const { page } = await suite.open('/login');
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(/desktop_all\/index\.html/);
    const chunk = await failing(page, /\/assets\/face-widget-[\w-]+\.js$/);
    await page.goto(`${suite.server.url}/pages/base/pc_myFace_all/index.html`);
    const failed = page.getByRole('alert').filter({ hasText: NETWORK_ERROR['zh-CN'] });
    await failed.waitFor({ timeout: 10_000 });
    // The page stays: its title and the clock-in card.
    await page.getByRole('heading', { name: '人脸打卡' }).waitFor();
    await keepScreenshot(page, 'lazy-part-failed-face');
    await markPage(page);
    chunk.restore();
    await failed.getByRole('button', { name: RETRY['zh-CN'] }).click();
    await page.getByRole('button', { name: '打开摄像头' }).waitFor();
    expect(await notReloaded(page)).toBe(true);
  });

  it("the notices application's form dialog (PH's widgets)", async () => {
    const { page } = await suite.open('/login');
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(/desktop_all\/index\.html/);
    const chunk = await failing(page, /\/common-ph\/[^/]+\/form-dialog-[\w-]+\.js$/);
    await page.goto(`${suite.server.url}/pages/notice/pc_tzgg_pre/index.html#/list`);
    await page.getByRole('button', { name: '新增通知' }).click();
    const failed = failedDialog(page, 'zh-CN');
    await failed.waitFor({ timeout: 10_000 });
    chunk.restore();
    await failed.getByRole('button', { name: RETRY['zh-CN'] }).click();
    await page.getByRole('dialog', { name: '新增通知' }).waitFor();
  });

  it('the desktop page itself, at its first load', async () => {
    const { page } = await suite.open('/login');
    const chunk = await failing(page, /\/assets\/desktop-page-[\w-]+\.js$/);
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(/desktop_all\/index\.html/);
    const failed = page.getByRole('alert').filter({ hasText: NETWORK_ERROR['zh-CN'] });
    await failed.waitFor({ timeout: 10_000 });
    await markPage(page);
    chunk.restore();
    await failed.getByRole('button', { name: RETRY['zh-CN'] }).click();
    await page.getByText('欢迎您，王老师').waitFor();
    expect(await notReloaded(page)).toBe(true);
    expect(new URL(page.url()).pathname).toBe(SCHOOL_DESKTOP);
  });
});
