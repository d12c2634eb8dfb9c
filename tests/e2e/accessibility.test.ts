import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from './harness';
import { e2eSuite } from './suite';

/**
 * axe-core on the pages every user meets, in every language (docs/i18n.md): a serious or
 * critical violation fails the test, which lists each one with the elements it was found on.
 */
const LANGUAGES = ['zh-CN', 'zh-HK', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];

const PHONE_DESKTOP = '/pages/base/mobile_desktop_all/index.html';
const NOTICES = '/pages/notice/pc_tzgg_pre/index.html#/list';

const suite = e2eSuite();

/**
 * Waits until no finite animation or transition runs (a dialog fading in is measured with the
 * colours it ends with, not halfway).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** The violations a user is hurt by (axe's "serious" and "critical"), readable in a diff. */
async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const checks = [...node.any, ...node.all, ...node.none].map((check) => check.message);
        return `${violation.id} (${String(violation.impact)}) at ${node.target.join(' ')}: ${checks.join('; ')}`;
      }),
    );
}

async function signedIn(lang: Lang, viewport = { width: 1366, height: 768 }): Promise<Page> {
  const { page } = await suite.open(`/login?lang=${lang}`, lang);
  await page.setViewportSize(viewport);
  await signIn(page, 'teacher01', DEMO_PASSWORD);
  await page.waitForURL(/index\.html/);
  return page;
}

/** The desktop's application buttons have drawn (its region is named "My desktop"). */
async function desktopReady(page: Page): Promise<void> {
  await page
    .getByRole('region', { name: /^(我的桌面|My desktop)$/ })
    .getByRole('button')
    .first()
    .waitFor();
}

/**
 * Left out until their serious violations are fixed outside the face widgets (found by this
 * file's checks, in every language): the phone desktop (color-contrast of the header's welcome
 * text, `.app-header__welcome`, #f0f4fa on #3e70c1: 4.43) and the Notices page (color-contrast
 * of every row's red delete link, #ff4d4f on #ffffff: 3.26). Take a page out of this set once
 * it is fixed: its check is in the table below.
 */
const LEFT_OUT = new Set(['the phone desktop', 'the Notices page']);

const PAGES: [string, (lang: Lang) => Promise<Page>][] = [
  [
    'the login page',
    async (lang) => {
      const { page } = await suite.open(`/login?lang=${lang}`, lang);
      await page.getByPlaceholder(/请输入账号|請輸入賬號|Please enter account number/).waitFor();
      return page;
    },
  ],
  [
    'the desktop',
    async (lang) => {
      const page = await signedIn(lang);
      await desktopReady(page);
      return page;
    },
  ],
  [
    'the phone desktop',
    async (lang) => {
      const page = await signedIn(lang, { width: 390, height: 844 });
      await page.goto(`${suite.server.url}${PHONE_DESKTOP}`);
      await desktopReady(page);
      return page;
    },
  ],
  [
    'the Notices page',
    async (lang) => {
      const page = await signedIn(lang);
      await page.goto(`${suite.server.url}${NOTICES}`);
      await page.locator('tbody tr.ant-table-row').first().waitFor();
      return page;
    },
  ],
];

describe.each(LANGUAGES)('accessibility in %s', (lang) => {
  for (const [name, open] of PAGES.filter(([pageName]) => !LEFT_OUT.has(pageName))) {
    it(`${name} has no serious or critical violation`, async () => {
      const page = await open(lang);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
