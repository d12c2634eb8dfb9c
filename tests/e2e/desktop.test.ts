import type { Page, Request, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_API } from '../../contract/api-paths';
import { MIN_PRECOMPRESS_BYTES } from '../../scripts/vite/precompress';
import { lowContrastTexts } from './contrast';
import { DEMO_PASSWORD, keepScreenshot, saveAndReload, signIn } from './harness';
import { e2eSuite } from './suite';

const suite = e2eSuite();
const SCHOOL_DESKTOP = '/pages/base/pc_desktop_all/index.html';
const ORDER_PATH = DESKTOP_API.appIconOrder;

async function desktopOf(username: string, path = '/login', locale?: string): Promise<Page> {
  const { page } = await suite.open(path, locale);
  await signIn(page, username, DEMO_PASSWORD);
  await page.waitForURL(/index\.html/);
  await page
    .getByRole('heading', { level: 1, name: /我的桌面|My desktop/ })
    .waitFor({ state: 'attached' });
  return page;
}

/** The to-do panel opens by itself when there are to-dos: close it by its icon. */
async function closeTodo(page: Page): Promise<void> {
  const close = page.getByRole('button', {
    name: /关闭待办事项|關閉待辦事項|Close the to-do panel/,
  });
  await close.click();
  await close.waitFor({ state: 'detached' });
}

describe('teacher01 (admin) on the school desktop', () => {
  it('shows the header, the menu, the icons in categories and the unread badges', async () => {
    const page = await desktopOf('teacher01');
    expect(new URL(page.url()).pathname).toBe(SCHOOL_DESKTOP);
    await page.getByRole('dialog', { name: /待办事项（\d+）/ }).waitFor();
    await keepScreenshot(page, 'desktop-teacher01-todo');
    await closeTodo(page);
    await page.getByText('欢迎您，王老师').waitFor();
    await page.getByRole('button', { name: '消息，120 条未读' }).waitFor();
    await expect(
      page.locator('.app-header .header-bell__count').getByText('99+').count(),
    ).resolves.toBeGreaterThan(0);
    // Every text reads on what is behind it, the header's '99+' badge too (WCAG AA).
    expect(await lowContrastTexts(page)).toEqual([]);
    const desktop = page.getByRole('region', { name: '我的桌面' });
    await desktop.getByRole('heading', { name: '常用应用' }).waitFor();
    await desktop.getByRole('button', { name: /^通知/ }).first().waitFor();
    // An icon's badge: the count unReadCodeCount gives its application, in its accessible name.
    await desktop.getByRole('button', { name: '通知, 5 条未读' }).first().waitFor();
    // The top menu shows at most 10 icons, the rest behind the expand toggle.
    const menu = page.getByRole('navigation', { name: '应用' });
    const inBar = await menu.locator('.top-menu__icons > li').count();
    expect(inBar).toBeGreaterThan(0);
    expect(inBar).toBeLessThanOrEqual(10);
    await menu.getByRole('button', { name: '更多应用' }).click();
    await menu.getByRole('heading', { name: '行政办公' }).waitFor();
    await keepScreenshot(page, 'desktop-teacher01-menu');
    await page.keyboard.press('Escape');
    await menu.getByRole('heading', { name: '行政办公' }).waitFor({ state: 'detached' });
  });

  it('says the messages could not be loaded, with Retry, and invents no count', async () => {
    const page = await desktopOf('teacher01');
    await closeTodo(page);
    let failing = true;
    await page.route(`**${DESKTOP_API.messagesNotRead}*`, (route) =>
      failing ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByRole('button', { name: /^消息，\d+ 条未读$/ }).click();
    const dialog = page.getByRole('dialog', { name: '消息' });
    await dialog.getByText('消息加载失败').waitFor();
    await expect(dialog.getByText(/未读消息：/).count()).resolves.toBe(0);
    await expect(dialog.getByRole('button', { name: /全部忽略/ }).isDisabled()).resolves.toBe(true);
    await keepScreenshot(page, 'desktop-messages-failed');
    failing = false;
    await dialog.getByRole('button', { name: /^重\s*试$/ }).click();
    await dialog.getByText('特急').first().waitFor();
    await dialog.getByText(/^未读消息：\d+ 条$/).waitFor();
  });

  it('lists unread messages and ignores them all', async () => {
    const page = await desktopOf('teacher01');
    await closeTodo(page);
    await page.getByRole('button', { name: /^消息，\d+ 条未读$/ }).click();
    const dialog = page.getByRole('dialog', { name: '消息' });
    await dialog.getByText('特急').first().waitFor();
    await keepScreenshot(page, 'desktop-teacher01-messages');
    await dialog.getByRole('button', { name: /全部忽略/ }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '全部忽略' }).click();
    await dialog.getByText('暂无未读消息').waitFor();
    await page.getByRole('button', { name: '消息，0 条未读' }).waitFor();
  });

  it('saves the ink theme for the admin after the sync confirmation, and reloads into it', async () => {
    const page = await desktopOf('teacher01');
    await closeTodo(page);
    await page.getByRole('button', { name: '主题' }).click();
    const dialog = page.getByRole('dialog', { name: '主题设置' });
    await dialog.getByRole('button', { name: '水墨' }).click();
    // The layout choice is only for colour themes.
    await expect(dialog.getByText('上下布局').count()).resolves.toBe(0);
    await dialog.getByText('水墨和荷韵主题在 1920x1080 分辨率下效果最佳。').waitFor();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    const confirm = page.getByRole('dialog', { name: '保存主题' });
    await confirm.getByRole('button', { name: /取\s*消/ }).waitFor();
    await confirm.getByRole('button', { name: '同步主题' }).waitFor();
    await confirm.getByRole('button', { name: '确认保存' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'theme-ink');
    await page.waitForLoadState('load');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'theme-ink');
    await page.getByRole('region', { name: '我的桌面' }).getByRole('button').first().waitFor();
    await keepScreenshot(page, 'desktop-teacher01-ink');
  });

  it('opens haikang and ysy by single sign-on and the help centre in new windows, ykt not at all', async () => {
    const page = await desktopOf('teacher01');
    await closeTodo(page);
    const desktop = page.getByRole('region', { name: '我的桌面' });
    for (const name of ['安防', '萤石云']) {
      const popup = page.waitForEvent('popup');
      await desktop.getByRole('button', { name: new RegExp(`^${name}`) }).click();
      const partner = await popup;
      // The partner page accepted the ticket (haikang) or the signed form (ysy).
      await partner.getByText('已登录：teacher01').waitFor();
      await keepScreenshot(partner, `desktop-sso-${name}`);
      await partner.close();
    }
    const help = page.waitForEvent('popup');
    await page.getByRole('button', { name: '帮助中心' }).click();
    const helpCentre = await help;
    await helpCentre.getByText('帮助主题 Help topic: ygsy-2026').waitFor();
    await helpCentre.getByRole('link', { name: '返回 Back' }).waitFor();
    await helpCentre.close();

    const pages = page.context().pages().length;
    await desktop.getByRole('button', { name: /^一卡通/ }).click();
    await page.waitForTimeout(500);
    expect(page.context().pages().length).toBe(pages);
    expect(new URL(page.url()).pathname).toBe(SCHOOL_DESKTOP);
  });
});

describe('a desktop opened directly', () => {
  it('links its own code in its HTML, and its scripts and styles arrive compressed', async () => {
    const page = await desktopOf('teacher01');
    // The reloaded page's files only: a chunk the first load asks for late (after its first
    // view) may answer during the reload, and its body is gone with that document.
    const responses: Response[] = [];
    let reloading = false;
    const ownRequests = new Set<Request>();
    page.on('request', (request) => {
      if (request.isNavigationRequest()) reloading = true;
      else if (reloading) ownRequests.add(request);
    });
    page.on('response', (response) => {
      if (!ownRequests.has(response.request())) return;
      if (/\.(js|css)$/.test(new URL(response.url()).pathname)) responses.push(response);
    });
    await page.reload();
    await page.getByRole('region', { name: '我的桌面' }).getByRole('button').first().waitFor();
    // The page's chunk is preloaded by the HTML itself, not added by script later.
    const preload = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('head > link[rel=modulepreload]')].some(
        (link) => /\/assets\/desktop-page-[\w-]+\.js$/.test(new URL(link.href).pathname),
      ),
    );
    expect(preload).toBe(true);
    // A response whose document is gone (a late chunk of the first load, answered while the
    // reload began) has no body left to read: it is not the reloaded page's.
    const files = (
      await Promise.all(
        responses.map(async (response) => {
          const body = await response.body().catch(() => undefined);
          if (body === undefined) return [];
          return [
            {
              path: new URL(response.url()).pathname,
              bytes: body.length,
              encoding: response.headers()['content-encoding'],
            },
          ];
        }),
      )
    ).flat();
    const chunk = files.find((file) => file.path.includes('/desktop-page-'))?.path;
    expect(chunk).toBeDefined();
    // Every file the build keeps a copy of (1 KiB and more) came as Brotli.
    const large = files.filter((file) => file.bytes >= MIN_PRECOMPRESS_BYTES);
    expect(large.length).toBeGreaterThan(10);
    expect(large.filter((file) => file.encoding !== 'br')).toEqual([]);
    // Fewer bytes on the wire than the browser decoded.
    const sizes = await page.evaluate((path) => {
      const entry = performance
        .getEntriesByType('resource')
        .find((each) => each.name.endsWith(path)) as PerformanceResourceTiming | undefined;
      return entry ? [entry.encodedBodySize, entry.decodedBodySize] : null;
    }, chunk ?? '');
    expect(sizes).not.toBeNull();
    const [encoded = 0, decoded = 0] = sizes ?? [];
    expect(encoded).toBeGreaterThan(0);
    expect(encoded).toBeLessThan(decoded / 2);
  });
});

describe('viewport', () => {
  it("loads a module's script and style from its manifest into the page", async () => {
    const page = await desktopOf('teacher01');
    await closeTodo(page);
    await page.goto(`${suite.server.url}${SCHOOL_DESKTOP}?app=notice&fileId=notice-board`);
    await page.getByRole('heading', { name: '通知公告 · Notices' }).waitFor();
    await expect(page.getByRole('region', { name: '我的桌面' }).isHidden()).resolves.toBe(true);
    await keepScreenshot(page, 'desktop-viewport-notice-board');
  });

  it('shows the not-found page for a route the desktop does not have, with a way back', async () => {
    const page = await desktopOf('teacher01');
    await closeTodo(page);
    await page.goto(`${suite.server.url}${SCHOOL_DESKTOP}#/no/such/route`);
    await page.getByRole('heading', { level: 1, name: '页面不存在' }).waitFor();
    await expect(page.getByRole('region', { name: '我的桌面' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: '返回桌面' }).click();
    await page.getByRole('region', { name: '我的桌面' }).getByRole('button').first().waitFor();
  });
});

describe('teacher02', () => {
  it('changes the colour live (no confirmation: not an admin) and switches to the left layout', async () => {
    const page = await desktopOf('teacher02');
    await closeTodo(page);
    await page.getByRole('button', { name: '主题' }).click();
    const dialog = page.getByRole('dialog', { name: '主题设置' });
    await dialog.getByRole('button', { name: '中国红' }).click();
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForFunction(
      () => document.documentElement.style.getPropertyValue('--edudesk-primary') === '#e31d1a',
    );
    // Applied live: the page did not reload.
    await expect(
      page.evaluate(() => (window as unknown as { marker?: boolean }).marker),
    ).resolves.toBe(true);

    await page.getByRole('button', { name: '主题' }).click();
    await dialog.getByText('左右布局').click();
    await saveAndReload(page, dialog.getByRole('button', { name: /保\s*存/ }), 'teacher02-left');
    const lock = page.getByRole('button', { name: '锁定菜单' });
    await lock.waitFor();
    // The bar's tooltip: right of the button, for the mouse and for the keyboard alike.
    await lock.hover();
    const tip = page.getByRole('tooltip');
    await expect(tip.textContent()).resolves.toBe('锁定菜单');
    const [tipBox, lockBox] = [await tip.boundingBox(), await lock.boundingBox()];
    expect(tipBox !== null && lockBox !== null && tipBox.x >= lockBox.x + lockBox.width).toBe(true);
    await page.mouse.move(600, 400);
    await tip.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '展开菜单' }).focus();
    await page.keyboard.press('Tab');
    await expect(tip.textContent()).resolves.toBe('锁定菜单');
    await expect(lock.getAttribute('aria-describedby')).resolves.toBe(await tip.getAttribute('id'));
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'detached' });
    await lock.click();
    await page.reload();
    await page.getByRole('button', { name: '解除锁定' }).waitFor();
    await keepScreenshot(page, 'desktop-teacher02-left-layout');
  });

  it('reorders a category by dragging and from the keyboard; the order survives a reload', async () => {
    const page = await desktopOf('teacher02');
    await closeTodo(page);
    const desktop = page.getByRole('region', { name: '我的桌面' });
    // The first category with at least three icons.
    const grids = desktop.locator('.desktop__category .app-grid');
    await grids.first().waitFor();
    const counts = await grids.evaluateAll((lists) => lists.map((list) => list.children.length));
    const grid = grids.nth(counts.findIndex((count) => count >= 3));
    const names = () =>
      grid
        .locator('.app-icon__button')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('title') ?? ''));
    const before = await names();
    const items = grid.locator('.app-grid__item');

    // Drag the first icon onto the third: it lands in the third place.
    const from = await items.nth(0).boundingBox();
    const to = await items.nth(2).boundingBox();
    if (!from || !to) throw new Error('no icon boxes');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) {
      await page.mouse.move(
        from.x + from.width / 2 + ((to.x - from.x) * step) / 10,
        from.y + from.height / 2 + ((to.y - from.y) * step) / 10,
      );
    }
    const savedDrag = page.waitForResponse((response) => response.url().endsWith(ORDER_PATH));
    await page.mouse.up();
    await savedDrag;
    const dragged = [before[1], before[2], before[0], ...before.slice(3)];
    await expect.poll(names, { timeout: 10_000 }).toEqual(dragged);

    // From the keyboard: the icon picked up with Ctrl+arrow on its button (Enter and Space open
    // it), moved right, dropped with Space. Each step waits for what a screen reader hears, in
    // the page's language.
    const heard = page.locator('[id^="DndLiveRegion"]');
    await items.nth(0).locator('.app-icon__button').focus();
    await page.keyboard.press('Control+ArrowRight');
    await heard.filter({ hasText: `已拿起 ${dragged[0] ?? ''}。` }).waitFor({ state: 'attached' });
    await items.nth(0).and(page.locator('.app-grid__item--dragging')).waitFor();
    // dnd-kit's keyboard sensor listens for the arrows from a timer it sets when the item is
    // picked up (before the item renders as dragged): a timer set now runs after it (a CI run on
    // loaded cores pressed the arrow before the sensor listened, and nothing moved).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press('ArrowRight');
    await heard
      .filter({ hasText: `${dragged[0] ?? ''} 移到了 ${dragged[1] ?? ''} 的位置。` })
      .waitFor({ state: 'attached' });
    const savedKeys = page.waitForResponse((response) => response.url().endsWith(ORDER_PATH));
    await page.keyboard.press('Space');
    await savedKeys;
    const keyed = [dragged[1], dragged[0], ...dragged.slice(2)];
    await expect.poll(names, { timeout: 10_000 }).toEqual(keyed);

    // Saved on the server: a fresh page shows the same order.
    await page.reload();
    await grid.locator('.app-icon__button').first().waitFor();
    await expect.poll(names, { timeout: 10_000 }).toEqual(keyed);
  });

  it('opens the to-do panel under a dialog opened before it (a slow PC), never over it', async () => {
    const { page } = await suite.open('/login');
    // At 1280 wide the dialog's Save button lies where the panel opens (the right 360 px).
    await page.setViewportSize({ width: 1280, height: 720 });
    // The counts (which open the panel) are held until the theme dialog is open.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/base/desktop/unhandlecount*', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, 'teacher02', DEMO_PASSWORD);
    await page.waitForURL(/index\.html/);
    await page.getByRole('button', { name: '主题' }).click();
    const dialog = page.getByRole('dialog', { name: '主题设置' });
    const save = dialog.getByRole('button', { name: /保\s*存/ });
    await save.waitFor();
    release();
    await page.getByRole('button', { name: /关闭待办事项/ }).waitFor();
    // The dialog's buttons are what a click at their centre reaches, not the panel.
    await save.scrollIntoViewIfNeeded();
    const reached = await save.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && button.contains(hit);
    });
    expect(reached).toBe(true);
    await keepScreenshot(page, 'desktop-todo-under-dialog');
  });

  it('in zh-HK: the lotus and the cartoon themes, each with its own look and icon set', async () => {
    const page = await desktopOf('teacher02', '/login?lang=zh-HK');
    await closeTodo(page);
    const looks: Record<string, string> = {};
    for (const [label, theme] of [
      ['荷韻', 'lotus'],
      ['卡通', 'cartoon'],
    ] as const) {
      await page.getByRole('button', { name: '主題' }).click();
      const dialog = page.getByRole('dialog', { name: '主題設置' });
      await dialog.getByRole('button', { name: label }).click();
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.waitForFunction(
        (name) => document.documentElement.dataset.theme === `theme-${name}`,
        theme,
      );
      await page.waitForLoadState('load');
      const desktop = page.getByRole('region', { name: '我的桌面' });
      await desktop.getByRole('button').first().waitFor();
      // Designed themes force the top layout.
      await page.getByRole('navigation', { name: '應用' }).waitFor();
      looks[theme] = await page.evaluate(() => {
        const header = document.querySelector('.app-header');
        return header
          ? getComputedStyle(header).backgroundImage + getComputedStyle(header).backgroundColor
          : '';
      });
      // The first application's icon (the My files link beside the search is no application).
      const icon = desktop.locator('.app-grid img').first();
      const source = (await icon.getAttribute('src')) ?? '';
      if (theme === 'cartoon') expect(source).toMatch(/-cartoon\.svg$/);
      await keepScreenshot(page, `desktop-teacher02-${theme}-zh-HK`);
    }
    expect(looks.lotus).not.toBe(looks.cartoon);
  });

  it('offers the switch to the linked parent identity', async () => {
    const page = await desktopOf('teacher02');
    await closeTodo(page);
    await page.getByRole('button', { name: /切换身份/ }).click();
    await page.getByRole('menuitem', { name: /家长：李家长/ }).click();
    await page.getByText('欢迎您，李家长').waitFor();
  });
});

describe('parent01', () => {
  it('picks a child in the picker that opens by itself', async () => {
    const page = await desktopOf('parent01');
    const picker = page.getByRole('dialog', { name: '选择孩子' });
    await picker.waitFor();
    await keepScreenshot(page, 'desktop-parent01-child-picker');
    await expect(picker.getByRole('button', { name: '进入 张小刚' }).isDisabled()).resolves.toBe(
      true,
    );
    await picker.getByRole('button', { name: '进入 张小红' }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '切换孩子' }).waitFor();
  });
});

describe('area01', () => {
  it('lands on the area desktop without the school-only applications', async () => {
    const areaUrl = `http://area.localhost:${String(suite.server.port)}`;
    const { page } = await suite.open(`${areaUrl}/login`);
    await signIn(page, 'area01', DEMO_PASSWORD);
    await page.waitForURL(`${areaUrl}/area/areaBase/pc_areaDesktop_all/index.html`);
    await page.getByText('欢迎您，赵科长').waitFor();
    const desktop = page.getByRole('region', { name: '我的桌面' });
    await desktop.getByRole('button').first().waitFor();
    await expect(desktop.getByRole('button', { name: /^基础/ }).count()).resolves.toBe(0);
    await keepScreenshot(page, 'desktop-area01');
  });
});

describe('student01 in English', () => {
  it('sees a flat list in English, on a phone-sized mobile desktop too', async () => {
    const page = await desktopOf('student01', '/login?lang=en');
    await closeTodo(page);
    await page.getByText('Welcome, 周同学').waitFor();
    const desktop = page.getByRole('region', { name: 'My desktop' });
    await expect(desktop.getByRole('heading', { level: 2 }).count()).resolves.toBe(0);
    await desktop.getByRole('button').first().waitFor();
    await keepScreenshot(page, 'desktop-student01-en');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${suite.server.url}/pages/base/mobile_desktop_all/index.html`);
    await page.getByRole('region', { name: 'My desktop' }).getByRole('button').first().waitFor();
    await keepScreenshot(page, 'desktop-student01-mobile');
  });
});
