import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import BetterSqlite3 from 'better-sqlite3';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../server/db/database';
import { DEMO_PASSWORD, dialogOpened, IPHONE_UA, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

/**
 * The names in the desktop's header: a parent's current child on PC (as on the phone, and the
 * way to the child picker), and a long real name, cut on PC with its whole text as the tooltip
 * and given the row's width on a phone.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'edudesk-e2e-header-'));
const suite = e2eSuite({ dataDir });

/** A real name longer than any demo user's, set in the server's database. */
const LONG_NAME = '欧阳诸葛司马上官慕容皇甫令狐长孙宇文老师';

function setRealName(loginName: string, realName: string): void {
  const db = new BetterSqlite3(path.join(dataDir, DATABASE_FILE), { fileMustExist: true });
  try {
    db.prepare('UPDATE users SET real_name = ? WHERE login_name = ?').run(realName, loginName);
  } finally {
    db.close();
  }
}

/** A fresh context (its own size and user agent) signed in as the user, on their landing page. */
async function signedIn(
  user: string,
  lang: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const { page } = await suite.newPage(options, lang);
  await page.goto(`${suite.server.url}/login?lang=${lang}`);
  await signIn(page, user, DEMO_PASSWORD);
  await page.waitForURL(/index\.html/);
  return page;
}

/**
 * axe's serious and critical violations in the header (what these tests change; the to-do panel
 * sliding in beside it is read halfway through its animation: accessibility.test.ts waits).
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('.app-header, .mobile-header').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

describe("a parent's current child in the PC header", () => {
  const texts = {
    'zh-CN': { picker: '选择孩子', enter: '进入 ', switch: '切换孩子' },
    'zh-HK': { picker: '選擇孩子', enter: '進入 ', switch: '切換孩子' },
    en: { picker: 'Choose a child', enter: 'Enter as ', switch: 'Switch child' },
  } as const;

  for (const lang of ['zh-CN', 'zh-HK', 'en'] as const) {
    it(`shows the child picked and opens the picker from there (${lang})`, async () => {
      const { picker, enter, switch: switchChild } = texts[lang];
      const page = await signedIn('parent01', lang);
      const dialog = page.getByRole('dialog', { name: picker });
      await dialog.waitFor();
      await dialogOpened(page);
      await dialog.getByRole('button', { name: `${enter}张小红` }).click();
      await dialog.waitFor({ state: 'detached' });
      const header = page.locator('.app-header');
      const current = header.getByRole('button', { name: new RegExp(`^${switchChild}.*张小红`) });
      await current.waitFor({ timeout: 10_000 });
      await expect(current.textContent()).resolves.toBe('张小红');
      expect(await seriousViolations(page)).toEqual([]);
      await keepScreenshot(page, `header-parent01-child-${lang}-1366`);

      await current.click();
      await dialog.waitFor();
      await dialogOpened(page);
      await dialog.getByRole('button', { name: `${enter}张小明` }).click();
      await dialog.waitFor({ state: 'detached' });
      await header
        .getByRole('button', { name: new RegExp(`^${switchChild}.*张小明`) })
        .waitFor({ timeout: 10_000 });
    });
  }
});

describe('a long real name', () => {
  it('is cut on PC with its whole welcome text as the tooltip', async () => {
    setRealName('teacher02', LONG_NAME);
    try {
      for (const lang of ['zh-CN', 'en'] as const) {
        const page = await signedIn('teacher02', lang);
        const welcome = page.locator('.app-header .app-header__welcome');
        await welcome.waitFor();
        const text = lang === 'en' ? `Welcome, ${LONG_NAME}` : `欢迎您，${LONG_NAME}`;
        await expect(welcome.textContent()).resolves.toBe(text);
        // Cut: its text is wider than its box, and the whole text is the tooltip.
        await expect(
          welcome.evaluate((element) => element.scrollWidth > element.clientWidth),
        ).resolves.toBe(true);
        await expect(welcome.getAttribute('title')).resolves.toBe(text);
        expect(await seriousViolations(page)).toEqual([]);
        await keepScreenshot(page, `header-long-name-${lang}-1366`);
      }
    } finally {
      setRealName('teacher02', '李老师');
    }
  });

  it("takes the phone's welcome row, not 150 px of it", async () => {
    setRealName('teacher02', LONG_NAME.slice(0, 12));
    try {
      for (const lang of ['zh-CN', 'en'] as const) {
        const page = await signedIn('teacher02', lang, {
          viewport: { width: 390, height: 844 },
          userAgent: IPHONE_UA,
          isMobile: true,
          hasTouch: true,
        });
        await page.waitForURL(/mobile_desktop_all/);
        const welcome = page.locator('.mobile-header__welcome .app-header__welcome');
        await welcome.waitFor();
        const sizes = await welcome.evaluate((element) => {
          const row = element.parentElement?.getBoundingClientRect().width ?? 0;
          return {
            width: element.getBoundingClientRect().width,
            row,
            cut: element.scrollWidth > element.clientWidth,
          };
        });
        // The 12-character name fits the 390 px row whole in Chinese (the old cap, about
        // 150 px, cut it); a longer text would be cut at the row's edge only.
        if (lang === 'zh-CN') expect(sizes.cut).toBe(false);
        if (sizes.cut) expect(sizes.width).toBeGreaterThan(sizes.row - 2);
        expect(sizes.width).toBeGreaterThan(200);
        expect(await seriousViolations(page)).toEqual([]);
        await keepScreenshot(page, `header-long-name-${lang}-390`);
      }
    } finally {
      setRealName('teacher02', '李老师');
    }
  });
});
