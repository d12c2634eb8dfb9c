import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, keepScreenshot, signIn, TODO_LOADED } from './harness';
import { e2eSuite } from './suite';

/**
 * What a careful user still met in the small details (Chromium, 1366x768 and a 390x844 phone):
 * toasts over the page's controls, the top menu losing an icon after landing, the cartoon
 * theme's cut badges, two wordings of the not-found page's way back, the voice hint over the
 * footer, a Sign in button too faint to read while the login waits, and no way to My files on
 * the phone.
 */
const suite = e2eSuite();

/** Each test signs in once or several times: room for a busy machine. */
const STEPS = { timeout: 180_000 };

const NOTICES = '/pages/notice/pc_tzgg_pre/index.html';

let opened: { errors: string[]; close: () => Promise<void> }[] = [];
afterEach(async () => {
  const all = opened;
  opened = [];
  for (const one of all) {
    expect(one.errors).toEqual([]);
    await one.close();
  }
});

/** A fresh context (its own size and user agent), its page errors collected. */
async function open(
  options: BrowserContextOptions & { theme?: string } = {},
  locale = 'zh-CN',
): Promise<Page> {
  const { theme, ...contextOptions } = options;
  const context = await suite.browser.newContext({
    locale,
    viewport: { width: 1366, height: 768 },
    ...contextOptions,
  });
  if (theme !== undefined) {
    // The theme this tab's earlier pages kept (core/theme/theme-store.ts).
    await context.addInitScript((value) => {
      sessionStorage.setItem('theme', value);
    }, theme);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  opened.push({ errors, close: () => context.close() });
  return page;
}

async function signedIn(page: Page, user: string, lang = 'zh-CN'): Promise<void> {
  await page.goto(`${suite.server.url}/login?lang=${lang}`);
  await signIn(page, user, DEMO_PASSWORD);
  await page.waitForURL(/index\.html/);
  await page.locator('.app-icon__button').first().waitFor();
}

declare global {
  interface Window {
    /** Every control a toast lay over since the page loaded (recordToastsOverControls). */
    toastsOverControls?: string[];
  }
}

/**
 * From every page's start, on every frame: each visible control (button, field, link, tab) of
 * the page that a toast's box lies over, named, into window.toastsOverControls.
 */
async function recordToastsOverControls(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const found = new Set<string>();
    window.toastsOverControls = [];
    const CONTROLS =
      'button, input, select, textarea, a[href], [role="button"], [role="tab"], [role="combobox"], [role="menuitem"], [role="radio"]';
    const check = () => {
      const toasts = [...document.querySelectorAll('.ant-notification-notice, .ant-message-notice')]
        .map((toast) => toast.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.height > 0);
      if (toasts.length > 0) {
        for (const control of document.querySelectorAll(CONTROLS)) {
          if (control.closest('.ant-notification, .ant-message')) continue;
          if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
            continue;
          }
          const box = control.getBoundingClientRect();
          if (box.width < 2 || box.height < 2) continue;
          const under = toasts.some(
            (toast) =>
              box.left < toast.right &&
              toast.left < box.right &&
              box.top < toast.bottom &&
              toast.top < box.bottom,
          );
          if (!under) continue;
          const name =
            control.getAttribute('aria-label') ??
            (control.textContent.trim() || (control.getAttribute('placeholder') ?? ''));
          const label = `${control.tagName.toLowerCase()} "${name.slice(0, 30)}"`;
          if (!found.has(label)) {
            found.add(label);
            window.toastsOverControls?.push(label);
          }
        }
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** What recordToastsOverControls found, once no toast is left on the page. */
async function controlsToastsLayOver(page: Page): Promise<string[]> {
  await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached' });
  return page.evaluate(() => window.toastsOverControls ?? ['not recorded']);
}

describe('toasts lie over no control', () => {
  it('signing in: the landing desktop is not covered by a confirmation', STEPS, async () => {
    const page = await open();
    await recordToastsOverControls(page);
    await signedIn(page, 'teacher01');
    // The login is confirmed on the landing page (spec §4: '登录成功！'), and the to-do panel
    // opens beside the desktop's search and My files.
    await page.getByText('登录成功！').first().waitFor({ state: 'attached' });
    await page.getByRole('dialog', { name: TODO_LOADED }).waitFor();
    await keepScreenshot(page, 'layout-landing-1366');
    expect(await controlsToastsLayOver(page)).toEqual([]);
  });

  it(
    'saving a notice: its confirmation lies over neither the tabs nor the list',
    STEPS,
    async () => {
      const page = await open();
      await recordToastsOverControls(page);
      await signedIn(page, 'teacher01');
      await page.goto(`${suite.server.url}${NOTICES}#/list`);
      await page.getByRole('button', { name: '新增通知' }).click();
      const dialog = page.getByRole('dialog');
      const title = `排版检查 ${String(Date.now())}`;
      await dialog.getByLabel('标题').fill(title);
      await dialog.getByLabel('内容').fill('内容');
      await dialog.getByRole('button', { name: /^提\s*交$/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(title).waitFor();
      await page.getByText('通知已保存').first().waitFor();
      await keepScreenshot(page, 'layout-notice-saved-1366');
      expect(await controlsToastsLayOver(page)).toEqual([]);
    },
  );
});
