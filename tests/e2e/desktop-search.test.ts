import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

/** Finding an application by typing, on the desktop and in the expanded menu. */
const suite = e2eSuite();

async function desktopOf(username: string, lang = 'zh-CN'): Promise<Page> {
  const { page } = await suite.open(`/login?lang=${lang}`, lang);
  await signIn(page, username, DEMO_PASSWORD);
  await page.waitForURL(/index\.html/);
  await page.locator('.desktop .app-icon__button').first().waitFor();
  return page;
}

/** The options listed under a search box. */
async function optionsOf(box: Locator, page: Page): Promise<Locator> {
  const list = page.locator(`[id="${(await box.getAttribute('aria-controls')) ?? ''}"]`);
  return list.getByRole('option');
}

describe('application search', () => {
  it('finds 通知公告 by pinyin, initials and English; Enter opens; hidden apps are not found', async () => {
    const page = await desktopOf('teacher01');
    // The notices application's own page is not part of this build: a stand-in answers.
    await page.route('**/pc_tzgg_*/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>tzgg</title>' }),
    );
    const search = page.getByRole('combobox', { name: '搜索应用' });
    // The shortcut focuses the box from anywhere on the page.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Control+k');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');

    await page.keyboard.type('tongzhi');
    const options = await optionsOf(search, page);
    await options.filter({ hasText: '通知公告' }).waitFor();
    await keepScreenshot(page, 'search-tongzhi');

    await search.fill('tz');
    await options.first().filter({ hasText: '通知公告' }).waitFor();
    // 区域通知 is the area's: not an application teacher01 may see.
    await expect(options.filter({ hasText: '区域通知' }).count()).resolves.toBe(0);

    await search.fill('Timetable');
    await options.filter({ hasText: '课程表' }).waitFor();

    // 公文流转 is being upgraded (updateStatus 0): hidden, so not searchable either.
    await search.fill('gongwen');
    await page.getByText('没有找到匹配的应用').waitFor();
    await search.fill('公文');
    await page.getByText('没有找到匹配的应用').waitFor();

    // Arrows move the highlighted result; Enter opens it (the notices application's page).
    await search.fill('tong');
    await options.nth(1).waitFor();
    const first = (await options.nth(0).textContent()) ?? '';
    await page.keyboard.press('ArrowDown');
    await options.nth(1).and(page.locator('[aria-selected="true"]')).waitFor();
    await page.keyboard.press('ArrowUp');
    await options.nth(0).and(page.locator('[aria-selected="true"]')).waitFor();
    expect(first).toContain('通知公告');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.endsWith('/pc_desktop_all/index.html'));
    expect(new URL(page.url()).pathname).toMatch(/tzgg/);
  });

  it('in English, in the expanded menu: English names and pinyin, Esc clears then closes', async () => {
    const page = await desktopOf('teacher01', 'en');
    await page.getByRole('button', { name: /Close the to-do panel/ }).click();
    const menu = page.getByRole('navigation', { name: 'Applications' });
    await menu.getByRole('button', { name: 'More applications' }).click();
    const search = menu.getByRole('combobox', { name: 'Search applications' });
    // The panel's box takes the focus as it opens.
    await page.waitForFunction(() => document.activeElement?.closest('.top-menu__panel') !== null);
    await page.keyboard.type('kebiao');
    const options = await optionsOf(search, page);
    await options.filter({ hasText: 'Timetable' }).waitFor();
    await search.fill('cockpit');
    await options.filter({ hasText: 'Data Cockpit' }).waitFor();
    await keepScreenshot(page, 'search-menu-en');
    await page.keyboard.press('Escape');
    await options.first().waitFor({ state: 'detached' });
    await expect(search.inputValue()).resolves.toBe('');
    await page.keyboard.press('Escape');
    await search.waitFor({ state: 'detached' });
  });

  it('a student finds only the applications a student sees', async () => {
    const page = await desktopOf('student01', 'zh-HK');
    const search = page.getByRole('combobox', { name: '搜尋應用' });
    await search.fill('bangong');
    await page.getByText('沒有找到匹配的應用').waitFor();
  });
});
