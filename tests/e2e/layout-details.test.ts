import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  IPHONE_UA,
  keepScreenshot,
  phone,
  signIn,
  TODO_LOADED,
  type PageOptions,
} from './harness';
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

/** The native app's web view (EduDeskApp): the voice recorder is offered there (docs/voice.md). */
const APP_UA = `${IPHONE_UA} EduDeskApp/2.3`;
const DESKTOP = '/pages/base/pc_desktop_all/index.html';
const NOTICES = '/pages/notice/pc_tzgg_pre/index.html';

/** A fresh context (its own size and user agent), its page errors checked after the test. */
async function open(options: PageOptions = {}, locale = 'zh-CN'): Promise<Page> {
  return (await suite.newPage(options, locale)).page;
}

/** Signs in on the login page and waits for the landing page's icons. */
async function signedIn(page: Page, user: string, lang = 'zh-CN'): Promise<void> {
  await page.goto(`${suite.server.url}/login?lang=${lang}`);
  await signIn(page, user, DEMO_PASSWORD);
  // The landing page's own readiness is its icons: its load event may wait behind artwork
  // and prefetches on a busy machine (a CI run once waited 30 s for it).
  await page.waitForURL(/index\.html/, { waitUntil: 'commit' });
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

describe('the top menu and the header', () => {
  it('keeps its icons when the client download button arrives', STEPS, async () => {
    const page = await open();
    // Every count of menu icons drawn, from the page's start.
    await page.context().addInitScript(() => {
      const counts: number[] = [];
      (window as unknown as { menuCounts: number[] }).menuCounts = counts;
      const count = () => {
        const icons = document.querySelectorAll('.top-menu__icons > li').length;
        if (icons > 0 && counts.at(-1) !== icons) counts.push(icons);
        requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
    });
    await signedIn(page, 'teacher01');
    await page.getByRole('button', { name: '客户端下载' }).waitFor();
    // Two frames after the button: the menu has measured itself again.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const counts = await page.evaluate(
      () => (window as unknown as { menuCounts: number[] }).menuCounts,
    );
    expect(counts.length).toBeGreaterThan(0);
    expect(new Set(counts).size, `icons drawn, in turn: ${counts.join(', ')}`).toBe(1);
  });

  for (const theme of ['cartoon', '#457CD6']) {
    it(`draws the top menu's badges whole (${theme} theme)`, STEPS, async () => {
      const page = await open({ theme });
      await signedIn(page, 'teacher01');
      const badges = page.locator('.top-menu__icons .app-icon__badge');
      await badges.first().waitFor();
      const cut = await badges.evaluateAll((all) =>
        all.flatMap((badge) => {
          const box = badge.getBoundingClientRect();
          // Every box that clips it from above or below, and the window.
          for (let up = badge.parentElement; up; up = up.parentElement) {
            if (getComputedStyle(up).overflowY === 'visible') continue;
            const clip = up.getBoundingClientRect();
            if (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5) {
              return [`${badge.textContent} cut by ${up.className}`];
            }
          }
          return box.top < 0
            ? [`${badge.textContent} cut by the window (top ${String(box.top)})`]
            : [];
        }),
      );
      await keepScreenshot(page, `layout-badges-${theme.replace('#', '')}-1366`);
      expect(cut).toEqual([]);
    });
  }
});

describe('the not-found page', () => {
  for (const [lang, text] of [
    ['zh-CN', '返回桌面'],
    ['en', 'Back to desktop'],
  ] as const) {
    // Outside the desktop the not-found page says it too (tests/e2e/spec-routes.test.ts).
    it(`says the way back inside the desktop as outside it (${lang})`, STEPS, async () => {
      const page = await open({}, lang);
      await signedIn(page, 'teacher01', lang);
      await page.goto(`${suite.server.url}${DESKTOP}#/no-such-route`);
      const back = page.locator('.not-found__home');
      await back.waitFor();
      await expect(back.innerText()).resolves.toBe(text);
    });
  }
});

describe('on a phone', () => {
  it('in the app, the voice hint lies over no footer link', STEPS, async () => {
    const page = await open(phone(APP_UA));
    await signedIn(page, 'teacher01');
    await page.waitForURL(/mobile_desktop_all/);
    await page.getByRole('dialog', { name: TODO_LOADED }).waitFor();
    await page.getByRole('button', { name: '关闭待办事项' }).click();
    const voice = page.getByRole('button', { name: '语音指令' });
    await voice.waitFor();
    // The end of the page: the footer's links are just above the voice button's dock.
    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    await voice.tap();
    const hint = page.locator('.voice__hint');
    await hint.waitFor();
    const covered = await page.evaluate(() => {
      const over = [...document.querySelectorAll('.voice__hint, .voice__dock')].map((element) =>
        element.getBoundingClientRect(),
      );
      return [...document.querySelectorAll('.app-footer a, .app-footer button')].flatMap((link) => {
        const box = link.getBoundingClientRect();
        const under = over.some(
          (part) =>
            box.left < part.right &&
            part.left < box.right &&
            box.top < part.bottom &&
            part.top < box.bottom,
        );
        return under ? [link.textContent.trim()] : [];
      });
    });
    await keepScreenshot(page, 'layout-voice-hint-390');
    expect(covered).toEqual([]);
  });

  it('reaches My files from the phone desktop, and comes back', STEPS, async () => {
    const page = await open(phone());
    await signedIn(page, 'teacher01');
    await page.waitForURL(/mobile_desktop_all/);
    // teacher01 has to-dos: their sheet opens first; closed, it stays closed (spec §4).
    await page.getByRole('dialog', { name: TODO_LOADED }).waitFor();
    await page.getByRole('button', { name: '关闭待办事项' }).click();
    await page.getByRole('link', { name: '我的文件' }).click();
    await page.waitForURL(/pc_myFiles_all/);
    await page.getByRole('heading', { name: '我的文件' }).waitFor();
    await keepScreenshot(page, 'layout-my-files-390');
    await page.getByRole('button', { name: '桌面' }).click();
    await page.waitForURL(/mobile_desktop_all/);
    await page.getByRole('link', { name: '我的文件' }).waitFor();
  });
});

describe('the login lock', () => {
  it('keeps the waiting Sign in button readable (4.5:1)', STEPS, async () => {
    const page = await open();
    await page.goto(`${suite.server.url}/login`);
    const notice = page.locator('.login-form__notice[role=alert]');
    for (let failure = 1; failure <= 5; failure += 1) {
      await signIn(page, 'parent03', `wrong-${String(failure)}`);
      await notice.filter({ hasText: '用户名或密码错误' }).waitFor({ timeout: 10_000 });
    }
    await signIn(page, 'parent03', DEMO_PASSWORD);
    await notice.filter({ hasText: '登录失败次数过多' }).waitFor({ timeout: 10_000 });
    const button = page.locator('.login-form button[type=submit]');
    await expect(button.isDisabled()).resolves.toBe(true);
    // Measured once its colours have moved to the disabled ones (antd's buttons fade).
    await button.evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished)),
    );
    // Its text over its fill, over the card's white.
    const ratio = await button.evaluate((element) => {
      const parse = (value: string) => {
        const parts = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(value);
        if (!parts) throw new Error(`colour ${value}`);
        return [
          Number(parts[1]),
          Number(parts[2]),
          Number(parts[3]),
          parts[4] === undefined ? 1 : Number(parts[4]),
        ] as const;
      };
      const over = (top: readonly number[], below: readonly number[]) =>
        [0, 1, 2].map((i) => (top[i] ?? 0) * (top[3] ?? 1) + (below[i] ?? 0) * (1 - (top[3] ?? 1)));
      const style = getComputedStyle(element);
      const fill = over(parse(style.backgroundColor), [255, 255, 255]);
      const text = over(parse(style.color), fill);
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      const luminance = ([r, g, b]: number[]) =>
        0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
      const [light, dark] = [luminance(fill), luminance(text)].sort((a, b) => b - a);
      return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
    });
    await keepScreenshot(page, 'layout-login-locked-1366');
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
});
