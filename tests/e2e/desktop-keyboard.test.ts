import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

/** The desktop from the keyboard: where the focus goes, one stop per icon, a visible ring. */
const suite = e2eSuite();

async function desktopOf(username: string): Promise<Page> {
  const { page } = await suite.open('/login');
  await signIn(page, username, DEMO_PASSWORD);
  await page.waitForURL(/desktop_all\/index\.html/);
  const closeTodo = page.getByRole('button', { name: '关闭待办事项' });
  await closeTodo.click();
  await closeTodo.waitFor({ state: 'detached' });
  return page;
}

/** The element that has the focus, described (tag and accessible name or text). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return 'nothing';
    const name = element.getAttribute('aria-label') ?? element.textContent.trim().slice(0, 20);
    return `${element.tagName.toLowerCase()} ${name}`;
  });
}

describe('the desktop from the keyboard', () => {
  it('gives the focus back to the button that opened a dialog closed with Esc', async () => {
    const page = await desktopOf('teacher01');
    const dialogs = [
      { opener: page.getByRole('button', { name: /^消息，/ }), dialog: '消息' },
      { opener: page.getByRole('button', { name: '主题', exact: true }), dialog: '主题设置' },
      { opener: page.getByRole('button', { name: '版本信息' }), dialog: '版本信息' },
      { opener: page.getByRole('button', { name: '客户端下载' }), dialog: '客户端下载' },
    ];
    for (const { opener, dialog } of dialogs) {
      await opener.focus();
      await page.keyboard.press('Enter');
      const shown = page.getByRole('dialog', { name: dialog });
      await shown.waitFor();
      // The dialog holds the focus while open.
      await expect
        .poll(() => shown.evaluate((element) => element.contains(document.activeElement)))
        .toBe(true);
      await page.keyboard.press('Escape');
      await shown.waitFor({ state: 'hidden' });
      await expect
        .poll(() => opener.evaluate((element) => element === document.activeElement), {
          message: `the focus after ${dialog} closed: ${await focused(page)}`,
        })
        .toBe(true);
    }
  });

  it('stops once on each icon, and Enter opens it', async () => {
    const page = await desktopOf('teacher01');
    const desktop = page.getByRole('region', { name: '我的桌面' });
    const icons = desktop.locator('.app-icon__button');
    await icons.first().waitFor();
    const names = await icons.evaluateAll((buttons) =>
      buttons.slice(0, 4).map((button) => button.getAttribute('aria-label')),
    );
    await icons.first().focus();
    for (const name of names.slice(1)) {
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe(`button ${name ?? ''}`);
    }
    // Enter on an icon opens its application (安防: single sign-on in a new window).
    const security = desktop.getByRole('button', { name: /^安防/ });
    await security.focus();
    const popup = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    const partner = await popup;
    await partner.getByText('已登录：teacher01').waitFor();
    await partner.close();
  });

  it('shows a focus ring on the footer filing links', async () => {
    const page = await desktopOf('teacher01');
    // The unit's filing entries (server/db/seed-data.ts): the ICP and public-security records.
    const links = page.locator('footer').getByRole('link', { name: /ICP备|公网安备/ });
    await links.first().waitFor();
    // Reached with Tab, as a keyboard user reaches it (the ring is for the keyboard).
    await page.getByRole('button', { name: '版本信息' }).focus();
    await links.first().focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await links.first().evaluate((link) => link === document.activeElement)).toBe(true);
    const outline = await links.first().evaluate((link) => {
      const style = getComputedStyle(link);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await keepScreenshot(page, 'desktop-footer-focus');
  });
});
