import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../server/db/database';
import { SCHOOL_UNIT_ID } from '../../server/db/seed-data';
import { lowContrastTexts } from './contrast';
import {
  DEMO_PASSWORD,
  IPHONE_UA,
  keepScreenshot,
  phone,
  signIn,
  type OpenedPage,
  type PageOptions,
} from './harness';
import { e2eSuite } from './suite';

/**
 * What a careful user met on the desktop's screens in Chromium (1280x720, 1920x1080, 800 px and a
 * 390x844 phone): the header's contrast on every theme, its controls at 800 and 390 px, the theme
 * dialog at 1280x720, the logout in WeCom's work client and the microphone in a phone browser
 * (spec §2 page header, dialogs and panels).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'edudesk-e2e-careful-'));
const suite = e2eSuite({ dataDir });

/** Each test signs in, some several times: room for a busy machine. */
const STEPS = { timeout: 240_000 };

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** WeCom's work client on Windows: its user agent names wxwork (spec §4 step 8). */
const WXWORK_UA = `${DESKTOP_UA} wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh`;
const MOBILE_DESKTOP = '/pages/base/mobile_desktop_all/index.html';

/** A fresh context (its own user agent, size, theme), its page errors checked after the test. */
function open(options: PageOptions = {}, locale = 'zh-CN'): Promise<OpenedPage> {
  return suite.newPage({ viewport: { width: 1280, height: 720 }, ...options }, locale);
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

/** Closes the to-do panel (it opens by itself; closed by its icon it stays closed, spec §4). */
async function closeTodo(page: Page): Promise<void> {
  const close = page.getByRole('button', {
    name: /^(关闭待办事项|關閉待辦事項|Close the to-do panel)$/,
  });
  await close.click();
  await page.locator('.todo-panel').waitFor({ state: 'hidden' });
}

/** Two frames: what a resize or a re-render changed is laid out and painted. */
/**
 * The element's box once it has stopped moving: two reads in a row alike. A dialog's zoom can
 * start a frame after `settled` looked for running animations.
 */
async function stableBox(locator: Locator): ReturnType<Locator['boundingBox']> {
  let previous = await locator.boundingBox();
  await expect
    .poll(async () => {
      const next = await locator.boundingBox();
      const same = JSON.stringify(next) === JSON.stringify(previous);
      previous = next;
      return same;
    })
    .toBe(true);
  return previous;
}

async function settled(page: Page): Promise<void> {
  // Every running animation (a dialog's zoom, a drawer's slide) has finished, then a frame more.
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await new Promise((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
    );
  });
}

/** The texts of the header (PC or phone) that do not reach WCAG AA on what is drawn behind. */
async function lowContrastInHeader(page: Page): Promise<string[]> {
  const header = page.locator('.app-header, .mobile-header').first();
  await header.waitFor();
  const texts = await header.evaluate((element) => {
    const all: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      if (text !== '') all.push(text.slice(0, 40));
    }
    return all;
  });
  return (await lowContrastTexts(page))
    .filter((low) => texts.includes(low.text))
    .map((low) => `${low.text} ${String(low.ratio)}:1 < ${String(low.needed)}:1`);
}

/** The colour presets of the theme dialog and the designed themes (spec §2). */
const THEMES = ['#e31d1a', '#457CD6', '#49C1D9', '#4DB021', 'ink', 'lotus', 'cartoon'] as const;

describe('the header reads on every theme (WCAG AA)', () => {
  it('PC, at 1280x720 and 1920x1080: white header text reaches 4.5:1', STEPS, async () => {
    const failures: string[] = [];
    for (const theme of THEMES) {
      const { page } = await open({ theme });
      await signedIn(page, 'teacher02');
      await closeTodo(page);
      for (const viewport of [
        { width: 1280, height: 720 },
        { width: 1920, height: 1080 },
      ]) {
        await page.setViewportSize(viewport);
        await settled(page);
        for (const low of await lowContrastInHeader(page)) {
          failures.push(`${theme} ${String(viewport.width)}: ${low}`);
        }
      }
      await keepScreenshot(page, `careful-header-${theme.replace('#', '')}-1920`);
      await page.context().close();
    }
    expect(failures).toEqual([]);
  });

  it('phone, 390x844: the mobile header text reaches 4.5:1', STEPS, async () => {
    const failures: string[] = [];
    for (const theme of THEMES) {
      const { page } = await open({ ...phone(), theme });
      await signedIn(page, 'teacher02');
      await page.waitForURL(/mobile_desktop_all/);
      await settled(page);
      for (const low of await lowContrastInHeader(page)) failures.push(`${theme}: ${low}`);
      await keepScreenshot(page, `careful-phone-header-${theme.replace('#', '')}-390`);
      await page.context().close();
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Every part of the header a user points at (logo, unit name, welcome text, each control) is
 * what lies at its centre: nothing of the header lies over another part.
 */
function headerCovered(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector('.app-header');
    if (!header) return ['no header'];
    const found: string[] = [];
    const parts = header.querySelectorAll(
      '.app-header__logo, .app-header__unit, .app-header__welcome, button, a[href], [role="combobox"], .language-switcher',
    );
    for (const part of parts) {
      if (part.parentElement?.closest('button, a[href], [role="button"]')) continue;
      // The menu's own icons: tests/e2e/desktop-layout.test.ts checks them.
      if (part.closest('.top-menu__icons')) continue;
      const box = part.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(part).visibility === 'hidden')
        continue;
      const name = (part.getAttribute('aria-label') ?? part.getAttribute('class') ?? '').slice(
        0,
        40,
      );
      // The page's width without its scroll bar: a point over the scroll bar hits nothing.
      if (box.left < 0 || box.right > document.documentElement.clientWidth) {
        found.push(`${name} off screen`);
        continue;
      }
      // Its centre and its corners (4 px in, inside rounded corners): a part half under another
      // is covered too.
      const points = [
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + 4, box.top + 4],
        [box.right - 4, box.top + 4],
        [box.left + 4, box.bottom - 4],
        [box.right - 4, box.bottom - 4],
      ] as const;
      for (const [x, y] of points) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(hit === part || part.contains(hit))) {
          const over = hit ? (hit.getAttribute('class') ?? hit.tagName) : 'nothing';
          found.push(`${name} under ${over.slice(0, 40)}`);
          break;
        }
      }
    }
    // The unit's name shows (an ellipsis may shorten it), never squeezed away.
    const unit = header.querySelector('.app-header__unit')?.getBoundingClientRect();
    if (!unit || unit.width < 40) found.push('unit name squeezed away');
    return found;
  });
}

describe('the PC header on narrow windows (a desktop user agent)', () => {
  for (const lang of ['zh-CN', 'en'] as const) {
    it(`${lang}: at 800 px nothing of the header lies over another part`, STEPS, async () => {
      const { page } = await open({ viewport: { width: 800, height: 720 } }, lang);
      await signedIn(page, 'teacher02', lang);
      await closeTodo(page);
      await page.locator('.top-menu__toggle').waitFor();
      await settled(page);
      const covered = await headerCovered(page);
      await keepScreenshot(page, `careful-header-800-${lang}`);
      expect(covered).toEqual([]);
    });
  }

  it('at 390 px the header keeps the language switcher, within reach', STEPS, async () => {
    const { page } = await open({ viewport: { width: 390, height: 844 } });
    await signedIn(page, 'teacher02');
    await closeTodo(page);
    await settled(page);
    await keepScreenshot(page, 'careful-header-390-desktop-ua');
    await expect.poll(() => page.locator('.app-header .language-switcher').isVisible()).toBe(true);
    expect(await headerCovered(page)).toEqual([]);
  });
});

describe('the theme dialog at 1280x720', () => {
  it(
    'shows Save and Cancel on screen; the admin confirmation leaves it in place',
    STEPS,
    async () => {
      const { page } = await open({}, 'en');
      await signedIn(page, 'teacher01', 'en');
      await closeTodo(page);
      await page.getByRole('button', { name: 'Theme', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Theme', exact: true });
      await dialog.waitFor();
      await settled(page);
      for (const name of ['Save', 'Cancel']) {
        const box = await dialog.getByRole('button', { name, exact: true }).boundingBox();
        expect(box, name).not.toBeNull();
        expect(box && box.y + box.height, `${name} within the 720 px viewport`).toBeLessThanOrEqual(
          720,
        );
      }
      await keepScreenshot(page, 'careful-theme-dialog-1280');
      // The custom colour sits in line with the presets: its box where their previews are.
      const preset = await dialog
        .getByRole('button', { name: 'Green' })
        .locator('.theme-swatch__preview')
        .boundingBox();
      const custom = await dialog.locator('input[type="color"]').boundingBox();
      expect(custom?.y).toBe(preset?.y);
      expect(custom?.height).toBe(preset?.height);
      const before = await stableBox(dialog);
      await dialog.getByRole('button', { name: 'Green' }).click();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Save theme' });
      await confirm.getByRole('button', { name: 'Confirm save' }).waitFor();
      await settled(page);
      const during = await stableBox(dialog);
      await keepScreenshot(page, 'careful-theme-confirm-1280');
      expect(during?.y).toBeCloseTo(before?.y ?? Number.NaN, 0);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      // Back in the theme dialog, Esc still closes it.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    },
  );
});

describe("WeCom's work client (spec §2: logout hidden)", () => {
  it('the header has no logout button in the wxwork user agent', STEPS, async () => {
    // Signed in in a browser; the same session opened in WeCom's work client.
    const { page: browserPage } = await open({ userAgent: DESKTOP_UA });
    await signedIn(browserPage, 'teacher02');
    await browserPage.getByRole('button', { name: /^(退出|Log out)$/ }).waitFor();
    const state = await browserPage.context().storageState();
    const { page } = await open({ userAgent: WXWORK_UA, storageState: state });
    await page.goto(browserPage.url());
    await page.locator('.app-icon__button').first().waitFor();
    await page.getByRole('button', { name: /^(主题|Theme)$/ }).waitFor();
    await keepScreenshot(page, 'careful-wxwork-header');
    await expect(page.getByRole('button', { name: /^(退出|Log out)$/ }).count()).resolves.toBe(0);

    // The phone's desktop in WeCom's app too.
    const { page: phonePage } = await open({
      ...phone(`${IPHONE_UA} wxwork/4.1.22 MicroMessenger/7.0.1`),
      storageState: state,
    });
    await phonePage.goto(`${suite.server.url}${MOBILE_DESKTOP}`);
    await phonePage.locator('.app-icon__button').first().waitFor();
    await phonePage.locator('.mobile-header .language-switcher').waitFor();
    await expect(phonePage.getByRole('button', { name: /^(退出|Log out)$/ }).count()).resolves.toBe(
      0,
    );
  });
});

describe('the voice recorder (spec §2: mobile, native app only)', () => {
  const footer = /Sunshine Experimental Primary School|阳光实验小学/;

  async function phoneDesktop(userAgent: string): Promise<Page> {
    const { page } = await open(phone(userAgent), 'en');
    await signedIn(page, 'teacher02', 'en');
    await page.waitForURL(/mobile_desktop_all/);
    await closeTodo(page);
    // The unit's configuration has arrived: the footer shows its copyright.
    await page.locator('footer').getByText(footer).first().waitFor();
    return page;
  }

  it('a phone browser has no microphone button by default', STEPS, async () => {
    const browserPage = await phoneDesktop(IPHONE_UA);
    await keepScreenshot(browserPage, 'careful-phone-browser-no-microphone');
    await expect(browserPage.getByRole('button', { name: 'Voice command' }).count()).resolves.toBe(
      0,
    );

    // The native app (its marker in the user agent) has it.
    const appPage = await phoneDesktop(`${IPHONE_UA} EduDeskApp/2.3`);
    await appPage.getByRole('button', { name: 'Voice command' }).waitFor();
  });

  it("a unit's configuration switches it on for phone browsers", STEPS, async () => {
    const db = new BetterSqlite3(path.join(dataDir, DATABASE_FILE), { fileMustExist: true });
    const setSwitch = (on: boolean) =>
      db
        .prepare(
          "UPDATE unit_login_configs SET decoration_set = json_set(decoration_set, '$.voiceInBrowser', json(?)) WHERE unit_id = ?",
        )
        .run(on ? 'true' : 'false', SCHOOL_UNIT_ID);
    try {
      setSwitch(true);
      const page = await phoneDesktop(IPHONE_UA);
      await page.getByRole('button', { name: 'Voice command' }).waitFor();
      await keepScreenshot(page, 'careful-phone-browser-microphone-switched-on');
    } finally {
      setSwitch(false);
      db.close();
    }
  });
});

describe("the phone's to-do sheet", () => {
  for (const [width, height] of [
    [320, 640],
    [390, 844],
  ] as const) {
    it(`${String(width)} px: the items scroll above a pager wholly in sight`, STEPS, async () => {
      const { page } = await open({ ...phone(), viewport: { width, height } }, 'en');
      // teacher01 has to-dos: the sheet opens by itself once the counts arrive.
      await signedIn(page, 'teacher01', 'en');
      await page.waitForURL(/mobile_desktop_all/);
      const sheet = page.locator('.todo-panel.sheet .ant-drawer-section');
      await sheet.getByRole('list').waitFor();
      await settled(page);
      const layout = () =>
        sheet.evaluate((section) => {
          const body = section.querySelector('.ant-drawer-body');
          const list = section.querySelector('ul');
          const pager = section.querySelector('nav');
          if (!body || !list || !pager) return null;
          const seen = body.getBoundingClientRect();
          const pagerBox = pager.getBoundingClientRect();
          const uncovered = [...pager.querySelectorAll('button')].every((button) => {
            const box = button.getBoundingClientRect();
            const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return hit !== null && button.contains(hit);
          });
          return {
            pagerInside: pagerBox.top >= seen.top - 0.5 && pagerBox.bottom <= seen.bottom + 0.5,
            bodyScrolls: body.scrollHeight > body.clientHeight + 1,
            listFits: list.getBoundingClientRect().bottom <= pagerBox.top + 0.5,
            uncovered,
          };
        });
      // The pager lies whole inside the sheet, below the list; the body itself never scrolls.
      // Polled: on a loaded machine the sheet's last layout (its total, a toast passing over the
      // pager) can come after the animations have ended.
      await expect.poll(layout, { timeout: 20_000 }).toEqual({
        pagerInside: true,
        bodyScrolls: false,
        listFits: true,
        uncovered: true,
      });
      await keepScreenshot(page, `careful-todo-sheet-${String(width)}`);
    });
  }
});

/** The categories whose first icons do not share one row (the third wrapped under the first). */
function wrappedCategories(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wrapped: string[] = [];
    for (const section of document.querySelectorAll('.desktop__category')) {
      const icons = [...section.querySelectorAll('.app-grid > li')].slice(0, 3);
      const tops = new Set(icons.map((icon) => Math.round(icon.getBoundingClientRect().top)));
      const title = section.querySelector('h2')?.textContent ?? '';
      if (icons.length === 3 && tops.size > 1) wrapped.push(title);
      const grid = section.querySelector('.app-grid');
      if (grid && grid.scrollWidth > grid.clientWidth + 1) wrapped.push(`${title} overflows`);
    }
    return wrapped;
  });
}

describe('the left layout', () => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    it(
      `${String(viewport.width)} px: the expanded menu leaves every category's row of three whole`,
      STEPS,
      async () => {
        const { page } = await open({ viewport });
        // The layout is this browser's choice for the unit (core/theme/theme-store.ts).
        await page.context().addInitScript(
          (key) => {
            localStorage.setItem(key, 'left');
          },
          `SY_UNIT_STYLE:${String(SCHOOL_UNIT_ID)}`,
        );
        await signedIn(page, 'teacher01');
        await closeTodo(page);
        await page.locator('.left-menu').waitFor();
        expect(await wrappedCategories(page)).toEqual([]);
        await page.getByRole('button', { name: '展开菜单' }).click();
        await page.locator('.left-menu--expanded').waitFor();
        await settled(page);
        await keepScreenshot(page, `careful-left-menu-expanded-${String(viewport.width)}`);
        expect(await wrappedCategories(page)).toEqual([]);
      },
    );
  }
});
