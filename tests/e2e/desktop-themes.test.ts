import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

/**
 * Every theme × layout × language as a screenshot kept in test-results/e2e (issue 17): the
 * designed themes (which force the top layout) with their artwork, and a colour theme in both
 * layouts. teacher02 is not an administrator: a save applies at once, without the sync step.
 */
const suite = e2eSuite();

const LANGUAGES = {
  'zh-CN': {
    theme: '主题',
    names: { ink: '水墨', lotus: '荷韵', cartoon: '卡通' },
    blue: '天空蓝',
    top: '上下布局',
    left: '左右布局',
  },
  'zh-HK': {
    theme: '主題',
    names: { ink: '水墨', lotus: '荷韻', cartoon: '卡通' },
    blue: '天空藍',
    top: '上下佈局',
    left: '左右佈局',
  },
  en: {
    theme: 'Theme',
    names: { ink: 'Ink', lotus: 'Lotus', cartoon: 'Cartoon' },
    blue: 'Blue',
    top: 'Top',
    left: 'Left',
  },
} as const;
type Language = keyof typeof LANGUAGES;

async function desktopOf(lang: Language): Promise<Page> {
  const { page } = await suite.open(`/login?lang=${lang}`, lang);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'teacher02', DEMO_PASSWORD);
  await page.waitForURL(/index\.html/);
  await iconsShown(page);
  return page;
}

async function iconsShown(page: Page): Promise<void> {
  await page.locator('.desktop .app-icon__button').first().waitFor();
}

/**
 * Chooses a theme (and a layout) in the dialog and saves. A designed theme or a layout change
 * reloads the page (spec §4): then the new page's load is awaited, else the live change.
 */
async function choose(
  page: Page,
  lang: Language,
  choice: { button: string; dataTheme: string; layout?: string; reloads: boolean },
): Promise<void> {
  const texts = LANGUAGES[lang];
  const closeTodo = page.locator('.ant-drawer-close');
  if ((await closeTodo.count()) > 0) await closeTodo.click();
  await page.getByRole('button', { name: texts.theme, exact: true }).click();
  const dialog = page.getByRole('dialog').filter({
    has: page.getByRole('button', { name: choice.button }),
  });
  await dialog.getByRole('button', { name: choice.button }).click();
  if (choice.layout !== undefined) await dialog.getByText(choice.layout, { exact: true }).click();
  const save = dialog.getByRole('button', { name: /^(保\s*存|Save)$/ });
  if (choice.reloads) await Promise.all([page.waitForEvent('load'), save.click()]);
  else await save.click();
  await page.waitForFunction(
    (name) => document.documentElement.dataset.theme === name,
    choice.dataTheme,
  );
  await iconsShown(page);
}

describe('themes with their artwork, in every layout and language', () => {
  for (const lang of Object.keys(LANGUAGES) as Language[]) {
    it(`${lang}: ink, lotus and cartoon, each with its artwork and a readable footer`, async () => {
      const page = await desktopOf(lang);
      for (const theme of ['ink', 'lotus', 'cartoon'] as const) {
        await choose(page, lang, {
          button: LANGUAGES[lang].names[theme],
          dataTheme: `theme-${theme}`,
          // Each differs from the one saved before (the seed's colour, or the last test's).
          reloads: true,
        });
        const look = await page.evaluate(() => {
          const footer = document.querySelector('.app-footer');
          return {
            artwork: getComputedStyle(document.body).backgroundImage,
            footerPlate: footer ? getComputedStyle(footer).backgroundColor : '',
          };
        });
        expect(look.artwork).toContain(`/common/images/themes/${theme}.svg`);
        // Small footer text never sits on the artwork itself.
        expect(look.footerPlate).toMatch(/^rgba\(255, 255, 255, 0\.8\d*\)$/);
        await keepScreenshot(page, `theme-${theme}-top-${lang}`);
      }
    });

    it(`${lang}: a colour theme in the top and the left layout`, async () => {
      const page = await desktopOf(lang);
      const texts = LANGUAGES[lang];
      // The other test left cartoon (or the seed its colour): ink first, so each step reloads.
      await choose(page, lang, {
        button: texts.names.ink,
        dataTheme: 'theme-ink',
        reloads: true,
      });
      for (const [layout, label] of [
        ['top', texts.top],
        ['left', texts.left],
      ] as const) {
        // Ink to a colour reloads; top to left reloads.
        await choose(page, lang, {
          button: texts.blue,
          dataTheme: 'theme-colour',
          layout: label,
          reloads: true,
        });
        if (layout === 'left') await page.locator('.left-menu').waitFor();
        else await page.locator('.top-menu').waitFor();
        await keepScreenshot(page, `theme-blue-${layout}-${lang}`);
      }
    });
  }
});
