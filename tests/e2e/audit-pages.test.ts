import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, dialogOpened, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

/**
 * What a second audit found on the pages around the desktop: My files had no way in or out,
 * applications without a page of their own showed developer notes, and the notices' words
 * (chart themes, the form's title, required fields) did not say what they meant.
 */
const suite = e2eSuite();

/** Each test signs in, some several times: room for a busy machine. */
const STEPS = { timeout: 300_000 };

const LANGUAGES = ['zh-CN', 'zh-HK', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];
const PHONE = { width: 390, height: 844 };
const PC = { width: 1366, height: 768 };

const MY_FILES = '/pages/base/pc_myFiles_all/index.html';
const NETDISK = '/pages/netdisk/pc_wdwp_pre/index.html';
const HOMEWORK = '/pages/homework/pc_zyxt_pre/index.html';
const NOTICES = '/pages/notice/pc_tzgg_pre/index.html';

async function signedIn(lang: Lang, viewport = PC, username = 'teacher01'): Promise<Page> {
  const { page } = await suite.open(`/login?lang=${lang}`, lang);
  await page.setViewportSize(viewport);
  await signIn(page, username, DEMO_PASSWORD);
  await page.waitForURL(/index\.html/);
  return page;
}

/** axe-core's serious and critical violations, readable in a diff. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} at ${node.target.join(' ')}`),
    );
}

describe('My files: a way in, a way back, one download, the platform date', () => {
  it('is found by the desktop search and linked from the desktop', STEPS, async () => {
    const page = await signedIn('zh-CN');
    const search = page.getByRole('combobox', { name: /搜索应用/ }).first();
    await search.waitFor();
    for (const query of ['文件', '我的文件', 'wdwj']) {
      await search.fill(query);
      await page.getByRole('option', { name: /我的文件/ }).waitFor();
    }
    await search.fill('文件');
    await page.getByRole('option', { name: /我的文件/ }).click();
    await page.waitForURL(new RegExp(MY_FILES.replaceAll('.', '\\.')));
    await page.getByRole('heading', { level: 1, name: '我的文件' }).waitFor();

    // And back: the header's desktop button.
    await page.getByRole('button', { name: '桌面' }).click();
    await page.waitForURL(/pc_desktop_all/);
    // The desktop links to it too.
    await page.getByRole('link', { name: '我的文件' }).click();
    await page.waitForURL(new RegExp(MY_FILES.replaceAll('.', '\\.')));
  });

  for (const lang of LANGUAGES) {
    it(`has its way back to the desktop and one download, in ${lang}`, STEPS, async () => {
      const page = await signedIn(lang);
      await page.goto(`${suite.server.url}${MY_FILES}`);
      await page.locator('.signed-in-page h1').waitFor();
      // The date column's format is held by renderer/core/format.test.ts (dateTimeText).
      await expect(page.getByText(/表单下载|表單下載|Download \(form\)/).count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: /^(桌面|Desktop)$/ }).count()).resolves.toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await keepScreenshot(page, `audit-my-files-${lang}-1366`);
      await page.setViewportSize(PHONE);
      await keepScreenshot(page, `audit-my-files-${lang}-390`);
    });
  }
});

const DEVELOPER_WORDS =
  /关于本页|關於本頁|About this page|共享层|共享層|Shared layer|\(PH\)|（PH）|模块|模塊|Module|\(pre\)|（pre）|应用首页|應用首頁|App start/;

const COMING_SOON: Record<Lang, { heading: RegExp; back: string }> = {
  'zh-CN': { heading: /即将上线/, back: '返回桌面' },
  'zh-HK': { heading: /即將上線/, back: '返回桌面' },
  en: { heading: /coming soon/i, back: 'Back to desktop' },
};

describe('applications without a page of their own say so, in the user’s language', () => {
  for (const lang of LANGUAGES) {
    it(`网盘 and 作业 show a designed coming-soon page in ${lang}`, STEPS, async () => {
      const page = await signedIn(lang);
      for (const [path, name] of [
        [NETDISK, 'netdisk'],
        [HOMEWORK, 'homework'],
      ] as const) {
        for (const viewport of [PC, PHONE]) {
          await page.setViewportSize(viewport);
          await page.goto(`${suite.server.url}${path}`);
          await page.getByRole('heading', { name: COMING_SOON[lang].heading }).waitFor();
          await page.locator('img.app-page__icon').first().waitFor();
          await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang);
          // The page, not the licence check's cover (the homework module's licence has expired).
          const text = await page
            .locator('header, main')
            .allInnerTexts()
            .then((all) => all.join('\n'));
          expect(text).not.toMatch(DEVELOPER_WORDS);
          expect(text).not.toContain(name);
          const back = page.getByRole('link', { name: COMING_SOON[lang].back }).first();
          await back.waitFor();
          expect(await seriousViolations(page)).toEqual([]);
          await keepScreenshot(page, `audit-soon-${name}-${lang}-${String(viewport.width)}`);
        }
      }
      await page.goto(`${suite.server.url}${NETDISK}`);
      await page.getByRole('link', { name: COMING_SOON[lang].back }).last().click();
      await page.waitForURL(/pc_desktop_all/);
    });
  }
});

const THEME_NAMES: Record<Lang, string[]> = {
  'zh-CN': ['信息图', '马卡龙', '罗马', '闪耀'],
  'zh-HK': ['資訊圖', '馬卡龍', '羅馬', '閃耀'],
  en: ['Infographic', 'Macarons', 'Roma', 'Shine'],
};
const NEW_NOTICE: Record<Lang, string> = {
  'zh-CN': '新增通知',
  'zh-HK': '新增通知',
  en: 'New notice',
};
const TITLE_REQUIRED: Record<Lang, string> = {
  'zh-CN': '请输入标题',
  'zh-HK': '請輸入標題',
  en: 'Please enter a title',
};
const SUBMIT: Record<Lang, RegExp> = {
  'zh-CN': /^提\s*交$/,
  'zh-HK': /^提\s*交$/,
  en: /^Submit$/,
};

describe('the notices speak plainly', () => {
  for (const lang of LANGUAGES) {
    it(
      `names the chart themes, titles the form as its button, names the missing field (${lang})`,
      STEPS,
      async () => {
        const page = await signedIn(lang);
        await page.goto(`${suite.server.url}${NOTICES}#/stats`);
        const themes = page.locator('.ant-segmented').last();
        await themes.waitFor();
        const labels = await themes.locator('.ant-segmented-item-label').allInnerTexts();
        expect(labels.map((label) => label.trim())).toEqual(THEME_NAMES[lang]);
        expect(await seriousViolations(page)).toEqual([]);
        await keepScreenshot(page, `audit-notice-stats-${lang}`);

        await page.goto(`${suite.server.url}${NOTICES}#/list`);
        await page.getByRole('button', { name: NEW_NOTICE[lang] }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText(NEW_NOTICE[lang], { exact: true }).first().waitFor();
        await expect(dialog.locator('.ant-modal-title').innerText()).resolves.toBe(
          NEW_NOTICE[lang],
        );
        await dialogOpened(page);
        await dialog.getByRole('button', { name: SUBMIT[lang] }).click();
        await dialog.getByText(TITLE_REQUIRED[lang], { exact: true }).waitFor();
        await expect(
          dialog.getByText(/此项为必填项|此項為必填項|This field is required/).count(),
        ).resolves.toBe(0);
        await keepScreenshot(page, `audit-notice-form-${lang}`);
      },
    );
  }
});
