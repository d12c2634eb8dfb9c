import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_API } from '../../contract/api-paths';
import type { HostNotification } from '../../contract/host';
import { runAdmin } from '../../server/cli/admin';
import { DEMO_PASSWORD, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

/**
 * The desktop learns of new messages while it is open (features/attention): a message left by
 * the admin tool reaches the bell, the host's badge and a notification without a reload, in the
 * desktop client (a recording bridge) and in a plain browser (the page title).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'edudesk-e2e-attention-'));
const suite = e2eSuite({ dataDir });

/** What the recording bridge was asked. */
interface HostCalls {
  badges: number[];
  notifications: HostNotification[];
}

declare global {
  interface Window {
    hostCalls?: HostCalls;
    sameDocument?: string;
  }
}

/** `admin send-message USER --text TEXT [...]` on the suite's server, as an operator runs it. */
async function sendMessage(user: string, text: string, ...options: string[]): Promise<void> {
  const code = await runAdmin(
    ['send-message', user, '--text', text, ...options],
    { EDUDESK_DATA_DIR: dataDir, LANG: 'en' },
    { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
  );
  expect(code).toBe(0);
}

/** The page regains the focus (what makes the desktop ask the counts at once). */
async function focus(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

async function signedIn(page: Page, user: string): Promise<void> {
  await page.goto(`${suite.server.url}/login`);
  await signIn(page, user, DEMO_PASSWORD);
  await page.waitForURL(/index\.html/);
}

describe('new messages while the desktop is open', () => {
  it('in the desktop client: the badge, one notification each, a summary of a burst', async () => {
    const { page, context } = await suite.newPage();
    // The desktop client's bridge (contract/host.ts HostApi), recording the attention calls.
    await context.addInitScript(() => {
      const calls: HostCalls = { badges: [], notifications: [] };
      window.hostCalls = calls;
      const done = () => Promise.resolve();
      window.edudesk = {
        kind: 'desktop',
        getConfigFlags: () =>
          Promise.resolve({
            disableAutoLogin: false,
            disableThemeButton: false,
            disableLanguageButton: false,
          }),
        loadRememberedLogin: () => Promise.resolve(null),
        saveRememberedLogin: done,
        clearRememberedLogin: done,
        loadClientId: () => Promise.resolve(null),
        saveClientId: done,
        onLoggedOut: done,
        logoutHook: () => Promise.resolve(true),
        setBadgeCount: (count) => {
          calls.badges.push(count);
          return done();
        },
        notify: (notification) => {
          calls.notifications.push(notification);
          return done();
        },
        getUpdateStatus: () => Promise.resolve({ state: 'none' }),
        restartToUpdate: done,
      };
    });
    await signedIn(page, 'teacher02');
    const calls = () => page.evaluate(() => window.hostCalls ?? { badges: [], notifications: [] });
    // The counts of the landing set the badge: unread messages and to-dos.
    await expect.poll(async () => (await calls()).badges.length, { timeout: 30_000 }).toBe(1);
    const before = (await calls()).badges[0] ?? 0;
    const bell = page.getByRole('button', { name: /^消息，\d+ 条未读$/ });
    const unread = async () =>
      Number(/\d+/.exec((await bell.getAttribute('aria-label')) ?? '')?.[0]);
    // The bell shows the landing's counts once they are drawn: read it then, not before.
    const counts = await page.evaluate(async (path) => {
      const response = await fetch(path, { credentials: 'same-origin' });
      return ((await response.json()) as { data: { message: number } }).data;
    }, DESKTOP_API.unhandleCount);
    await expect.poll(unread, { timeout: 10_000 }).toBe(counts.message);
    const unreadBefore = counts.message;
    await page.evaluate(() => {
      window.sameDocument = 'yes';
    });

    // Without --module the source is the platform, named as its icon names it (基础).
    await sendMessage('teacher02', '机房周五停电，请提前保存文件');
    const home = new URL(page.url()).pathname;
    await expect
      .poll(
        async () => {
          await focus(page);
          return (await calls()).notifications;
        },
        { timeout: 30_000 },
      )
      .toEqual([{ title: '基础', body: '机房周五停电，请提前保存文件', route: home }]);
    expect((await calls()).badges.at(-1)).toBe(before + 1);
    // In place: the bell counts it, and the page was not reloaded.
    await expect.poll(unread, { timeout: 10_000 }).toBe(unreadBefore + 1);
    expect(await page.evaluate(() => window.sameDocument)).toBe('yes');

    // A burst: four messages become one summary; a to-do at the same time is its own.
    for (const n of [1, 2, 3, 4]) await sendMessage('teacher02', `通知 ${String(n)}`);
    await sendMessage('teacher02', '请提交本学期课表', '--todo');
    await expect
      .poll(
        async () => {
          await focus(page);
          return (await calls()).notifications.slice(1);
        },
        { timeout: 30_000 },
      )
      .toEqual([
        { title: '4 条新消息', body: '点击查看', route: home },
        { title: '基础', body: '请提交本学期课表', route: home },
      ]);
    expect((await calls()).badges.at(-1)).toBe(before + 6);
    expect(await page.evaluate(() => window.sameDocument)).toBe('yes');
  });

  it('in a plain browser: the page title counts them, keeping its own title', async () => {
    const { page } = await suite.newPage();
    await signedIn(page, 'staff01');
    const counted = /^\((\d+)\) (.+)$/;
    await expect.poll(() => page.title(), { timeout: 30_000 }).toMatch(counted);
    const [, count, own] = counted.exec(await page.title()) ?? [];

    await sendMessage('staff01', '下午三点开教研会');
    await expect
      .poll(
        async () => {
          await focus(page);
          return page.title();
        },
        { timeout: 30_000 },
      )
      .toBe(`(${String(Number(count) + 1)}) ${own ?? ''}`);
  });

  it('in a plain browser: the browser’s notifications, once switched on from the bell', async () => {
    const { page, context } = await suite.newPage();
    await context.grantPermissions(['notifications'], { origin: suite.server.url });
    // The browser's Notification, recording what the page shows (headless shows nothing).
    await page.addInitScript(() => {
      const Real = window.Notification;
      const shown: string[] = [];
      Object.assign(window, { shownNotifications: shown });
      window.Notification = class extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push(`${title}: ${options?.body ?? ''}`);
        }
      };
    });
    await signedIn(page, 'teacher01');
    const shown = () =>
      page.evaluate(
        () => (window as unknown as { shownNotifications: string[] }).shownNotifications,
      );

    await sendMessage('teacher01', '第一条：未开启时不提醒');
    await expect.poll(() => page.title(), { timeout: 30_000 }).toMatch(/^\(\d+\+?\) /);
    await focus(page);
    await page.getByRole('button', { name: /^消息，\d+ 条未读$/ }).click();
    const optIn = page.getByRole('checkbox', { name: '在浏览器中提醒新消息' });
    await optIn.check();
    await keepScreenshot(page, 'attention-browser-opt-in');
    await page.keyboard.press('Escape');
    expect(await shown()).toEqual([]);

    await sendMessage('teacher01', '第二条：开启后提醒');
    await expect
      .poll(
        async () => {
          await focus(page);
          return shown();
        },
        { timeout: 30_000 },
      )
      .toEqual(['基础: 第二条：开启后提醒']);
  });
});
