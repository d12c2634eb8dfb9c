import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, dialogOpened, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

const suite = e2eSuite();
/** The notice application (code tzgg, server id notice), built on PH, for teachers. */
const NOTICE_PAGE = '/pages/notice/pc_tzgg_pre/index.html';
const NOTICE_MOBILE_PAGE = '/pages/notice/mobile_tzgg_pre/index.html';
const SEEDED = 2040;
const PH_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

async function noticesOf(
  username: string,
  route = '/list',
  pagePath = NOTICE_PAGE,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const { page } = await suite.open('/login');
  await signIn(page, username, DEMO_PASSWORD);
  await page.waitForURL(/desktop_all/);
  await page.setViewportSize(viewport);
  await page.goto(`${suite.server.url}${pagePath}#${route}`);
  return page;
}

/** Polls until the value matches (the default 1 s of expect.poll is too short on a loaded machine). */
function eventually<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 20_000 });
}

const rows = (page: Page) => page.locator('tbody tr.ant-table-row');
const totalText = (page: Page, total: number) => page.getByText(`共 ${String(total)} 条`);

async function search(page: Page, title: string) {
  const box = page.getByRole('searchbox', { name: '按标题搜索' });
  await box.fill(title);
  await box.press('Enter');
}

async function chooseCategory(page: Page, label: string) {
  await page.getByRole('combobox', { name: '分类' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: label }).click();
}

describe('Notices (通知公告), an application built on PH', () => {
  it('lists the seeded notices 30 a page; page sizes; search by title', async () => {
    const page = await noticesOf('teacher01');
    await totalText(page, SEEDED).waitFor();
    await expect(rows(page).count()).resolves.toBe(30);
    await keepScreenshot(page, 'notices-list-1280');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await keepScreenshot(page, 'notices-list-1920');

    // The size changer offers 30/100/200/300/400 (spec §9).
    await page.locator('.ph-pagination .ant-select').click();
    for (const size of [30, 100, 200, 300, 400]) {
      await page.locator(`.ant-select-item-option[title="${String(size)} 条/页"]`).waitFor();
    }
    await page.locator('.ant-select-item-option[title="100 条/页"]').click();
    await eventually(() => rows(page).count()).toBe(100);
    await page.locator('.ph-pagination').getByTitle('21').waitFor();

    await search(page, '第2040号');
    await eventually(() => rows(page).count()).toBe(1);
    await totalText(page, 1).waitFor();
    await expect(rows(page).first().textContent()).resolves.toContain('（第2040号）');
  });

  it('runs on the page of every application of the web build: the way back, the not-found page', async () => {
    const page = await noticesOf('teacher01');
    await rows(page).first().waitFor();
    // The application fills the page's root (server/apps/bundle-page-html.ts).
    await page.locator('#app-root').getByRole('heading', { name: '通知公告', level: 1 }).waitFor();
    const back = page.getByRole('link', { name: '返回桌面', exact: true });
    await expect(back.getAttribute('href')).resolves.toBe('/pages/base/pc_desktop_all/index.html');
    const arrow = await back.evaluate((link) => {
      const style = getComputedStyle(link, '::before');
      return { content: style.content, width: style.width, height: style.height };
    });
    expect(arrow).toEqual({ content: '""', width: '7px', height: '7px' });
    // On the list, the header's list segment is the one chosen.
    const header = page.locator('#app-root header');
    expect(await header.getByRole('radio', { checked: true }).count()).toBe(1);
    // A route the application does not have: PH's not-found page, styled by PH itself (the
    // page has none of the shell's stylesheets).
    await page.evaluate(() => {
      window.location.hash = '#/no-such-page';
    });
    const code = page.locator('#app-root .not-found__code');
    await page.getByRole('heading', { name: '页面不存在' }).waitFor();
    expect(await code.evaluate((element) => getComputedStyle(element).fontSize)).toBe('64px');
    // Neither the list nor the statistics is shown, so neither is chosen in the header.
    expect(await header.getByRole('radio').count()).toBe(2);
    await expect.poll(() => header.getByRole('radio', { checked: true }).count()).toBe(0);
  });

  it("writes in the platform's fonts, as the desktop does, Traditional Chinese first in zh-HK", async () => {
    const page = await noticesOf('teacher01');
    await rows(page).first().waitFor();
    // 'PingFang SC' is named by the platform's stack only (core/theme/fonts.css).
    const fonts = () =>
      page.evaluate(() =>
        [document.body, document.querySelector('tbody td')].map((element) =>
          element === null ? '' : getComputedStyle(element).fontFamily,
        ),
      );
    for (const font of await fonts()) expect(font).toContain('PingFang SC');
    await page.getByRole('combobox', { name: /语言|Language/ }).selectOption('zh-HK');
    await eventually(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-HK');
    for (const font of await fonts()) expect(font).toContain('PingFang HK');
  });

  it('adds with validation and "submit and add next", then edits', async () => {
    const page = await noticesOf('teacher01');
    await totalText(page, SEEDED).waitFor();
    await page.getByRole('button', { name: '新增通知' }).click();
    const dialog = page.getByRole('dialog', { name: '新增通知' });
    await dialog.waitFor();
    await dialogOpened(page);
    await dialog.getByRole('button', { name: '提交', exact: true }).click();
    // Each required field's error names it.
    await dialog.getByText('请输入标题').waitFor();
    await dialog.getByText('请输入内容').waitFor();
    await dialog.getByLabel('邮箱').fill('not-an-email');
    await dialog.getByLabel('联系电话').fill('call me');
    await dialog.getByText('请输入正确的邮箱地址').waitFor();
    await dialog.getByText('联系电话只能包含数字、连字符和空格').waitFor();
    await keepScreenshot(page, 'notices-validation');

    await dialog.getByLabel('标题').fill('E2E 新通知 A');
    await dialog.getByLabel('邮箱').fill('e2e@school.cn');
    await dialog.getByLabel('联系电话').fill('010-1234');
    await dialog.getByLabel('内容').fill('第一条');
    await dialog.getByRole('button', { name: '提交并新增下一条' }).click();
    await totalText(page, SEEDED + 1).waitFor();
    // Still open, reset for the next one.
    await eventually(() => dialog.getByLabel('标题').inputValue()).toBe('');
    await dialog.getByLabel('标题').fill('E2E 新通知 B');
    await dialog.getByLabel('内容').fill('第二条');
    await dialog.getByRole('button', { name: '提交', exact: true }).click();
    await totalText(page, SEEDED + 2).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect(rows(page).first().textContent()).resolves.toContain('E2E 新通知 B');

    await rows(page).first().getByRole('button', { name: '编辑' }).click();
    const editor = page.getByRole('dialog', { name: '编辑' });
    await eventually(() => editor.getByLabel('标题').inputValue()).toBe('E2E 新通知 B');
    await editor.getByLabel('标题').fill('E2E 已修改');
    await editor.getByRole('button', { name: '保存' }).click();
    await rows(page).first().getByText('E2E 已修改').waitFor();
  });

  it('deleting the last row of a later page steps back a page', async () => {
    const page = await noticesOf('teacher01');
    await totalText(page, SEEDED + 2).waitFor();
    // '第2' in school notices: 31, so page 2 holds one row.
    await search(page, '第2');
    await chooseCategory(page, '学校通知');
    await totalText(page, 31).waitFor();
    await page.locator('.ph-pagination').getByTitle('2', { exact: true }).click();
    await eventually(() => rows(page).count()).toBe(1);
    await rows(page).first().getByRole('button', { name: '删除' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await totalText(page, 30).waitFor();
    await eventually(() => rows(page).count()).toBe(30);
    await expect(
      page.locator('.ph-pagination .ant-pagination-item-active').textContent(),
    ).resolves.toBe('1');
  });

  it('shows a notice in the draggable dialog, kept in the window, and prints it', async () => {
    const page = await noticesOf('teacher01');
    await eventually(() => rows(page).count()).toBe(30);
    const title = (await rows(page).nth(1).locator('a').first().textContent()) ?? '';
    await rows(page).nth(1).locator('a').first().click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    const header = dialog.locator('[data-drag-handle]');
    // The panel that moves (the dialog's content box).
    const panel = dialog.locator('.ph-dialog');
    // The opening animation (a zoom) is over when the box stops changing.
    let settledBox = '';
    await eventually(async () => {
      const box = JSON.stringify(await panel.boundingBox());
      const same = box === settledBox;
      settledBox = box;
      return same;
    }).toBe(true);
    const before = await panel.boundingBox();
    const start = await header.boundingBox();
    if (!before || !start) throw new Error('no dialog box');
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(start.x + start.width / 2 + 150, start.y + start.height / 2 + 60, {
      steps: 5,
    });
    await page.mouse.up();
    const moved = await panel.boundingBox();
    expect(Math.round((moved?.x ?? 0) - before.x)).toBe(150);
    expect(Math.round((moved?.y ?? 0) - before.y)).toBe(60);
    // Far beyond the window: it stops at the edge.
    const again = await header.boundingBox();
    if (!again) throw new Error('no header');
    await page.mouse.move(again.x + 20, again.y + 10);
    await page.mouse.down();
    await page.mouse.move(again.x - 3000, again.y - 3000, { steps: 5 });
    await page.mouse.up();
    const corner = await panel.boundingBox();
    expect(Math.round(corner?.x ?? -1)).toBe(0);
    expect(Math.round(corner?.y ?? -1)).toBe(0);
    await keepScreenshot(page, 'notices-detail-dragged');

    await dialog.getByRole('button', { name: '打印' }).click();
    const frame = page.locator('iframe[data-ph-print]');
    await frame.waitFor({ state: 'attached' });
    const printed = page.frameLocator('iframe[data-ph-print]');
    await printed.getByRole('heading', { name: title }).waitFor({ state: 'attached' });
    const style = await printed.locator('style').first().textContent();
    expect(style).toContain('max-width:800px');
    expect(style).toContain('font-size:12pt');

    // Escape closes; a click on the backdrop did not (spec §4).
    await page.mouse.click(5, 890);
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('draws the statistics in each of the four chart themes', async () => {
    const page = await noticesOf('teacher01', '/stats');
    const labels = { infographic: '信息图', macarons: '马卡龙', roma: '罗马', shine: '闪耀' };
    for (const [theme, label] of Object.entries(labels)) {
      await page.getByText(label, { exact: true }).click();
      await eventually(() =>
        page.locator(`[data-chart-theme="${theme}"][data-chart-state="ready"] canvas`).count(),
      ).toBe(2);
      if (theme === 'roma') await keepScreenshot(page, 'notices-stats-roma');
    }
    // Side by side on a wide screen (the application's own styles: renderer/apps/notices/notices.css).
    const tops = await page
      .locator('.ant-card')
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().top));
    expect(tops).toHaveLength(2);
    expect(tops[0]).toBe(tops[1]);
    await page.getByRole('img', { name: '每月通知数' }).waitFor();
  });

  it('loads more as the mobile list is scrolled (phone)', async () => {
    const page = await noticesOf('teacher01', '/list', NOTICE_MOBILE_PAGE, {
      width: 390,
      height: 844,
    });
    const feed = page.getByRole('feed', { name: '通知列表' });
    await feed.waitFor();
    const items = feed.locator('.ant-list-item');
    await eventually(() => items.count()).toBe(30);
    await keepScreenshot(page, 'notices-mobile');
    await feed.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await eventually(() => items.count()).toBe(60);
  });

  for (const [lang, view] of [
    ['zh-CN', '查看'],
    ['en', 'View'],
  ] as const) {
    it(`keeps the list's titles readable on a 390 px phone (${lang}): the table scrolls sideways`, async () => {
      const { page } = await suite.open(`/login?lang=${lang}`, lang);
      await signIn(page, 'teacher01', DEMO_PASSWORD);
      await page.waitForURL(/desktop_all/);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${suite.server.url}${NOTICE_PAGE}#/list`);
      await eventually(() => rows(page).count()).toBe(30);
      const cell = rows(page).first().locator('td').first();
      const width = (await cell.boundingBox())?.width ?? 0;
      expect(width).toBeGreaterThanOrEqual(120);
      // The title's lines: its text's boxes, a new line wherever one starts half a line lower.
      const lines = await cell
        .locator('a')
        .first()
        .evaluate((link) => {
          const range = document.createRange();
          range.selectNodeContents(link);
          const half = parseFloat(getComputedStyle(link).lineHeight) / 2;
          const tops = [...range.getClientRects()].map((rect) => rect.top).sort((a, b) => a - b);
          let count = 0;
          let last = -Infinity;
          for (const top of tops) {
            if (top - last > half) count += 1;
            if (top - last > half) last = top;
          }
          return count;
        });
      expect(lines).toBeGreaterThanOrEqual(1);
      expect(lines).toBeLessThanOrEqual(2);
      // The page itself does not scroll sideways: only the table's box does.
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth),
      ).resolves.toBeLessThanOrEqual(390);
      await keepScreenshot(page, `notices-list-${lang}-390x844`);
      // The actions, beyond the box's right edge, are a scroll away.
      const title = (await cell.locator('a').first().textContent()) ?? '';
      await rows(page).first().getByRole('button', { name: view }).click();
      await page.getByRole('dialog', { name: title }).waitFor();
    });
  }

  it('hides edit, delete and add from teacher02 (no tzgg_publish, tzgg_delete)', async () => {
    const page = await noticesOf('teacher02');
    await eventually(() => rows(page).count()).toBe(30);
    await expect(page.getByRole('button', { name: '编辑' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: '删除' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: '新增通知' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: '查看' }).count()).resolves.toBe(30);
    await keepScreenshot(page, 'notices-teacher02');
  });

  it('PH.init throws without code or appCode, and on a language list that is not an array', async () => {
    const page = await noticesOf('teacher02');
    await rows(page).first().waitFor();
    const errors = await page.evaluate(async () => {
      const ph = (globalThis as unknown as { PH: { init: (config: unknown) => Promise<unknown> } })
        .PH;
      const messages: string[] = [];
      for (const config of [
        { appCode: 'tzgg' },
        { code: 'tzgg' },
        { code: 'tzgg', appCode: 'tzgg', langList: 'zh-CN' },
      ]) {
        try {
          await ph.init(config);
          messages.push('no error');
        } catch (error) {
          messages.push(error instanceof Error ? error.message : String(error));
        }
      }
      return messages;
    });
    // The typed library: its declarations are served beside the bundle, versioned with it.
    const types = await page.request.get(
      `${suite.server.url}/common/plugins/common-ph/${PH_VERSION}/ph.d.ts`,
    );
    expect(types.status()).toBe(200);
    expect(await types.text()).toContain("export * from './types/renderer/ph/index'");
    expect(errors).toEqual([
      'PH.init: code is required',
      'PH.init: appCode is required',
      '数据类型错误，语言列表必须是数组！',
    ]);
  });
});

describe('PH in the other application pages (under their coming-soon message)', () => {
  it('shows a permitted route and the catch-all not-found page for one outside the menu', async () => {
    const page = await noticesOf('teacher02', '/timetable', '/pages/kcb/pc_kcb_pre/index.html');
    const shared = page.locator('#app-ph');
    await shared.locator('[data-route="timetable"]', { hasText: '此页面即将上线。' }).waitFor();
    await page.evaluate(() => {
      window.location.hash = '#/publish';
    });
    await shared.getByRole('heading', { name: '页面不存在' }).waitFor();
  });
});
