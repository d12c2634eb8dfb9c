import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, dialogOpened, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

/**
 * What a careful user met in the words and the smaller screens (spec §2 footer, application
 * pages, messages dialog; §4 login check steps 3 and 5): the login page's footer, the password
 * of the address, the wording of labels, the application pages' chrome and the help centre.
 */
const suite = e2eSuite();

/** Each test signs in, some in several contexts: room for a busy machine. */
const STEPS = { timeout: 240_000 };

const WIDTHS = [1280, 1920, 800, 390] as const;
/** A generic application page (server/apps/app-page-html.ts) and the notice application. */
const TIMETABLE_PAGE = '/pages/kcb/pc_kcb_spm/index.html';
const NOTICE_PAGE = '/pages/notice/pc_tzgg_pre/index.html';

/** Polls until the value matches (the default 1 s of expect.poll is too short on a loaded machine). */
function eventually<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 20_000 });
}

/** Signs in on the login page (in English when asked) and waits for the landing page. */
async function signedIn(username: string, lang: 'zh-CN' | 'en' = 'zh-CN'): Promise<Page> {
  const { page } = await suite.open('/login');
  if (lang === 'en') {
    // The language switcher stores the choice (lange_), so every later page speaks it too.
    await page.locator('.language-switcher select').selectOption('en');
    await page.getByPlaceholder('Please enter account number').waitFor();
  }
  await signIn(page, username, DEMO_PASSWORD);
  await page.waitForURL(/desktop_all/);
  return page;
}

/** The top of an element, in CSS pixels from the page's top. */
async function topOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => element.getBoundingClientRect().top);
}

describe("the login page's footer (spec §2)", () => {
  it(
    "has the help-centre link and 'Version info', which opens the about dialog",
    STEPS,
    async () => {
      const { page } = await suite.open('/login?lang=en', 'en');
      const footer = page.locator('footer');
      // The English copyright names the unit by its English name.
      await footer.getByText('© 2026 Sunshine Experimental Primary School').waitFor();
      await expect(footer.getByText(/阳光实验小学/).count()).resolves.toBe(0);
      const versionInfo = footer.getByRole('button', { name: 'Version info' });
      const helpCentre = footer.getByRole('button', { name: 'Help centre' });
      await versionInfo.waitFor();
      await helpCentre.waitFor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await keepScreenshot(page, `words-login-footer-${String(width)}`);
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      await versionInfo.click();
      const about = page.getByRole('dialog', { name: 'Version info' });
      await about.getByText('Front-end version').waitFor();
      await about.getByText('Back-end version').waitFor();
      // The versions have arrived (the release list is drawn with them).
      await about.getByRole('heading', { name: 'Release notes' }).waitFor();
      await keepScreenshot(page, 'words-login-about-1280');
      await page.keyboard.press('Escape');
      await about.waitFor({ state: 'hidden' });

      const popup = page.waitForEvent('popup');
      await helpCentre.click();
      const help = await popup;
      await help.waitForLoadState();
      const url = new URL(help.url());
      expect(url.pathname).toBe('/common/help/index.html');
      expect(url.searchParams.get('unitId')).toBe('1001');
      await help.getByRole('heading', { name: '帮助中心 Help centre' }).waitFor();
      await help
        .getByText('Sunshine Experimental Primary School', { exact: false })
        .first()
        .waitFor();
      // The help centre looks like the shell: a coloured bar, not a bare page of text.
      const bar = await help
        .locator('header')
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(bar).not.toBe('rgba(0, 0, 0, 0)');
      for (const width of WIDTHS) {
        await help.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await keepScreenshot(help, `words-help-centre-${String(width)}`);
      }
      await help.close();
    },
  );
});

describe('credentials in the address (spec §4 step 3)', () => {
  it('leave the address bar and history, as the access token of step 5 does', STEPS, async () => {
    // A wrong password: the page stays, and what it shows must not hold the password.
    const { page } = await suite.open('/login?username=teacher01&password=Wrong-Pass-1');
    await page.locator('.ant-notification-notice').first().waitFor();
    expect(page.url()).not.toContain('Wrong-Pass-1');
    expect(page.url()).not.toContain('password');

    // The right one: the desktop opens, and going back finds no password in history either.
    const { page: second } = await suite.open(
      `/login?username=teacher01&password=${encodeURIComponent(DEMO_PASSWORD)}`,
    );
    await second.waitForURL(/desktop_all/);
    await second.goBack({ waitUntil: 'commit' });
    expect(second.url()).toContain('/login');
    expect(second.url()).not.toContain('password');
    expect(second.url()).not.toContain(encodeURIComponent(DEMO_PASSWORD));
  });
});

describe("'Ignore all' messages (spec §2 messages dialog)", () => {
  it('asks first, in the user language, by keyboard, and gives the focus back', STEPS, async () => {
    const page = await signedIn('teacher01', 'en');
    await page.getByRole('button', { name: 'Close the to-do panel' }).click();
    await page.getByRole('button', { name: /^Messages/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Messages' });
    const ignoreAll = dialog.getByRole('button', { name: 'Ignore all' });
    await ignoreAll.waitFor();
    await dialog.getByText('Urgent').first().waitFor();

    // Esc cancels: nothing is marked read, and the focus is back on the button.
    await ignoreAll.focus();
    await page.keyboard.press('Enter');
    const confirm = page.locator('.ant-modal-confirm');
    await confirm
      .locator('.ant-modal-confirm-title')
      .getByText(/^Mark all \d+ unread/)
      .waitFor();
    await keepScreenshot(page, 'words-ignore-all-confirm-1280');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await eventually(() => ignoreAll.evaluate((button) => button === document.activeElement)).toBe(
      true,
    );
    await dialog.getByText('Urgent').first().waitFor();

    // Asked again and answered with the keyboard alone: Tab to 'Ignore all', Enter.
    await page.keyboard.press('Enter');
    await confirm
      .locator('.ant-modal-confirm-title')
      .getByText(/^Mark all \d+ unread/)
      .waitFor();
    // The confirmation puts the focus on Cancel once it has opened: Tab only after that, or a
    // loaded machine's Tab lands before the focus has moved into the confirmation.
    await eventually(() =>
      confirm
        .getByRole('button', { name: 'Cancel' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Tab');
    await eventually(() =>
      confirm
        .getByRole('button', { name: 'Ignore all' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.getByText('No unread messages').waitFor();
    await page.getByRole('button', { name: /^Messages, 0/ }).waitFor();
  });
});

describe('application pages look like the shell (spec §2 application pages)', () => {
  it(
    'a generic page speaks one language, keeps its way back off the edge, and hides it in pagemodel=content',
    STEPS,
    async () => {
      const page = await signedIn('parent01', 'en');
      await page.goto(`${suite.server.url}${TIMETABLE_PAGE}`);
      const back = page
        .getByRole('banner')
        .getByRole('link', { name: 'Back to desktop', exact: true });
      await back.waitFor();
      expect(await back.textContent()).toBe('Back to desktop');
      await expect(page.getByText('返回桌面').count()).resolves.toBe(0);
      expect(await topOf(page, '.app-page__back')).toBeGreaterThanOrEqual(8);
      // The shared layer has started under the page's own texts, in the page's language.
      await page
        .getByText('Until then, the other applications on your desktop work as usual.')
        .waitFor();
      await expect(page.getByText(/在此之前/).count()).resolves.toBe(0);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await keepScreenshot(page, `words-app-page-${String(width)}`);
      }

      await page.goto(`${suite.server.url}${TIMETABLE_PAGE}?pagemodel=content`);
      await page.getByText('Signed in as').waitFor();
      await expect(page.getByRole('link', { name: 'Back to desktop' }).count()).resolves.toBe(0);
    },
  );

  it(
    'the notice page: its way back and language picker drawn like the shell, each notice titled once',
    STEPS,
    async () => {
      const page = await signedIn('teacher01', 'en');
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${suite.server.url}${NOTICE_PAGE}#/list`);
      const back = page.getByRole('link', { name: 'Back to desktop', exact: true });
      await back.waitFor();
      await expect(page.getByText('返回桌面').count()).resolves.toBe(0);
      expect(await topOf(page, '.app-page__back')).toBeGreaterThanOrEqual(8);
      const select = page.locator('.language-switcher select');
      await select.waitFor();
      const look = await select.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          radius: parseFloat(style.borderTopLeftRadius),
          height: element.getBoundingClientRect().height,
        };
      });
      expect(look.radius).toBeGreaterThanOrEqual(4);
      expect(look.height).toBeGreaterThanOrEqual(30);
      // Switching to Traditional Chinese without a reload: the way back follows.
      await select.selectOption('zh-HK');
      await page.getByRole('link', { name: '返回桌面', exact: true }).waitFor();
      await select.selectOption('en');
      await back.waitFor();

      const rows = page.locator('tbody tr.ant-table-row');
      await eventually(() => rows.count()).toBeGreaterThan(1);
      // The form dialog's labels in sentence case, like every other label.
      await page.getByRole('button', { name: 'New notice' }).click();
      const editor = page.getByRole('dialog', { name: 'New notice' });
      await editor.getByRole('button', { name: 'Submit and add next', exact: true }).waitFor();
      await dialogOpened(page);
      await editor.getByRole('button', { name: 'Cancel' }).click();
      await editor.waitFor({ state: 'hidden' });

      const title = (await rows.nth(1).locator('a').first().textContent()) ?? '';
      await rows.nth(1).locator('a').first().click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByRole('button', { name: 'Print' }).waitFor();
      // The opening animation (a zoom) is over before the pictures are taken.
      await eventually(() =>
        dialog.evaluate((element) => element.getAnimations({ subtree: true }).length),
      ).toBe(0);
      await eventually(() =>
        dialog.getByText(title, { exact: true }).locator('visible=true').count(),
      ).toBe(1);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await keepScreenshot(page, `words-notice-detail-${String(width)}`);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await page.goto(`${suite.server.url}${NOTICE_PAGE}?pagemodel=content#/list`);
      await eventually(() => rows.count()).toBeGreaterThan(1);
      await expect(page.getByRole('link', { name: 'Back to desktop' }).count()).resolves.toBe(0);
    },
  );
});
