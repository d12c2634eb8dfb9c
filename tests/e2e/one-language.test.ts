import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, keepScreenshot, signIn, TODO_LOADED } from './harness';
import { e2eSuite } from './suite';

/**
 * One language per screen: in zh-HK the server's texts (applications, categories, messages,
 * the unit) show in Traditional characters, through a converter only zh-HK pages download
 * (renderer/core/i18n/traditional.ts); in English an application is named by its English name
 * wherever it is named; a thing has one wording per language (the footer's link and the dialog
 * it opens).
 */
const suite = e2eSuite();

/** Each test signs in and opens dialogs: room for a busy machine. */
const STEPS = { timeout: 240_000 };

/** The converter's chunk (its dictionaries), which only zh-HK pages may fetch. */
const CONVERTER_CHUNK = /\/assets\/traditional-converter-[\w-]+\.js$/;

/** Signs teacher01 in, in the given language, and records the converter's chunk requests. */
async function desktopIn(lang: string): Promise<{ page: Page; converterFetches: () => number }> {
  const { page } = await suite.open(`/login?lang=${lang}`, lang);
  await page.setViewportSize({ width: 1366, height: 768 });
  let fetches = 0;
  page.on('request', (request) => {
    if (CONVERTER_CHUNK.test(new URL(request.url()).pathname)) fetches += 1;
  });
  await signIn(page, 'teacher01', DEMO_PASSWORD);
  await page.waitForURL(/desktop_all/);
  await page.getByRole('dialog', { name: TODO_LOADED }).waitFor();
  return { page, converterFetches: () => fetches };
}

/** The Simplified-only characters of the demo's texts that must not show in zh-HK. */
const SIMPLIFIED = /[驾驶舱数据协办阳实验学网盘请阅议处审门书]/;

describe('zh-HK: server texts in Traditional characters', () => {
  it('names applications, categories, the unit and sources in Traditional', STEPS, async () => {
    const { page, converterFetches } = await desktopIn('zh-HK');
    const desktop = page.getByRole('region', { name: '我的桌面' });
    await desktop.getByRole('heading', { name: '數據中心' }).waitFor();
    await desktop
      .getByRole('button', { name: /^駕駛艙/ })
      .first()
      .waitFor();
    await expect(desktop.getByRole('button', { name: /^驾驶舱/ }).count()).resolves.toBe(0);
    await page.locator('.app-header__unit').getByText('陽光實驗小學').waitFor();
    // The to-do panel: texts and sources converted (待审批 → 待審批, 协同办公's icon: 辦公).
    const todo = page.getByRole('dialog', { name: TODO_LOADED });
    await todo
      .getByText(/^來源：/)
      .first()
      .waitFor();
    const todoText = (await todo.locator('article').allInnerTexts()).join('\n');
    expect(todoText).not.toMatch(SIMPLIFIED);
    // The login page fetched it, and the desktop (from the browser's cache, or again).
    expect(converterFetches()).toBeGreaterThan(0);
    await keepScreenshot(page, 'one-language-zh-hk-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, 'one-language-zh-hk-390');
    await page.setViewportSize({ width: 1366, height: 768 });

    await page.getByRole('button', { name: '關閉待辦事項' }).click();
    await page.getByRole('button', { name: /^消息，\d+ 條未讀$/ }).click();
    const messages = page.getByRole('dialog', { name: '消息' });
    // teacher01's office messages: 您有一份新的公文待阅 → 待閲 (Hong Kong's glyph), from 辦公 (its
    // icon's name).
    await messages
      .getByText(/新的公文待閲/)
      .first()
      .waitFor();
    await messages.getByText('來源：辦公').first().waitFor();
    const shown = (await messages.locator('.messages-item').allInnerTexts()).join('\n');
    expect(shown).not.toMatch(SIMPLIFIED);
    await keepScreenshot(page, 'one-language-zh-hk-messages');
  });

  it("opens the footer's 版本資訊 as a dialog of that name", STEPS, async () => {
    const { page } = await desktopIn('zh-HK');
    await page.locator('footer').getByRole('button', { name: '版本資訊' }).click();
    await page.getByRole('dialog', { name: '版本資訊' }).getByText('前端版本').waitFor();
  });

  it('names the application on its coming-soon page in Traditional', STEPS, async () => {
    const { page } = await desktopIn('zh-HK');
    await page.goto(`${suite.server.url}/pages/netdisk/pc_wdwp_pre/index.html`);
    await page.getByRole('heading', { name: /即將上線/ }).waitFor();
    // PH has started and converted the server's 网络硬盘 and 阳光实验小学.
    await page.getByRole('heading', { level: 1, name: '網絡硬盤' }).waitFor();
    await page
      .locator('#app-user')
      .getByText(/陽光實驗小學/)
      .waitFor();
    const text = (await page.locator('header, main').allInnerTexts()).join('\n');
    expect(text).not.toMatch(/网络硬盘|阳光实验/);
    await keepScreenshot(page, 'one-language-zh-hk-soon');
  });

  it('finds an application typed in Traditional characters', STEPS, async () => {
    const { page } = await desktopIn('zh-HK');
    await page.getByRole('button', { name: '關閉待辦事項' }).click();
    await page.getByRole('combobox', { name: '搜尋應用' }).fill('駕駛');
    const option = page.getByRole('listbox').getByRole('option').first();
    await option.getByText('駕駛艙', { exact: true }).waitFor();
    await option.getByText('數據駕駛艙').waitFor();
  });
});

describe('zh-CN and en pages never fetch the converter', () => {
  it('zh-CN: desktop, to-dos and messages without it', STEPS, async () => {
    const { page, converterFetches } = await desktopIn('zh-CN');
    const desktop = page.getByRole('region', { name: '我的桌面' });
    await desktop
      .getByRole('button', { name: /^驾驶舱/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: '关闭待办事项' }).click();
    await page.getByRole('button', { name: /^消息，\d+ 条未读$/ }).click();
    await page.getByRole('dialog', { name: '消息' }).getByText('来源：办公').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(converterFetches()).toBe(0);
  });
});

describe('en: an application goes by its English name', () => {
  it('says "From Office" where the icon says Office', STEPS, async () => {
    const { page, converterFetches } = await desktopIn('en');
    const desktop = page.getByRole('region', { name: 'My desktop' });
    await desktop
      .getByRole('button', { name: /^Office/ })
      .first()
      .waitFor();
    const todo = page.getByRole('dialog', { name: TODO_LOADED });
    await todo
      .getByText(/^From Office/)
      .first()
      .waitFor();
    await expect(todo.getByText(/^From .*\p{Script=Han}/u).count()).resolves.toBe(0);
    await keepScreenshot(page, 'one-language-en-1366');

    await page.getByRole('button', { name: 'Close the to-do panel' }).click();
    await page.getByRole('button', { name: /^Messages, \d+ unread$/ }).click();
    const messages = page.getByRole('dialog', { name: 'Messages' });
    await messages
      .getByText(/^From Office/)
      .first()
      .waitFor();
    await expect(messages.getByText(/^From .*\p{Script=Han}/u).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await messages.waitFor({ state: 'hidden' });

    // The search lists the name the icon has, over its full name, both in English.
    await page.getByRole('combobox', { name: 'Search applications' }).fill('office');
    const option = page.getByRole('listbox').getByRole('option').first();
    await option.getByText('Office', { exact: true }).waitFor();
    await option.getByText('Office Automation').waitFor();
    expect(await option.innerText()).not.toMatch(/\p{Script=Han}/u);
    await page.waitForLoadState('networkidle');
    expect(converterFetches()).toBe(0);
  });
});
