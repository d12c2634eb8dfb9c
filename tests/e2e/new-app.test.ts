import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAppBackends } from '../../server/apps/app-backends';
import {
  DEMO_PASSWORD,
  freePort,
  keepScreenshot,
  launchBrowser,
  newPage,
  signIn,
  startServer,
  type OpenedPage,
  type TestServer,
  WEB_ROOT,
} from './harness';

/**
 * docs/ph.md "Your first application", as a newcomer does it: the scaffold, a build of that
 * application only, its back end and the platform proxying /api/<code>/ to it, then a teacher
 * opens it from the desktop and sees the rows of its back end, adds one through its form, and a
 * visitor without a session is sent to sign in and lands back on it.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CODE = `e2e-${Date.now().toString(36)}`;
const APP_FOLDER = path.join(ROOT, 'renderer', 'apps', CODE);
const BUILT_FOLDER = path.join(WEB_ROOT, 'common', 'apps', CODE);
const PAGE = `/pages/${CODE}/pc_${CODE}_pre/index.html`;

let server: TestServer | undefined;
let backend: ChildProcess | undefined;
let browser: Browser | undefined;
const opened: OpenedPage[] = [];

/** Waits for the back end's "on http://…" line. */
function started(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('back end on http://')) resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`the back end stopped (${String(code)})`));
    });
  });
}

beforeAll(async () => {
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  execFileSync(tsx, ['scripts/new-app.ts', CODE, '--name', '作业', '--en-name', 'Homework'], {
    cwd: ROOT,
  });
  // A production build, as `npm run build` makes it (the test runner's NODE_ENV is "test").
  execFileSync(process.execPath, ['scripts/build-apps.mjs', '--only', CODE], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const backendPort = await freePort();
  const platform = await startServer({
    appBackends: parseAppBackends(`${CODE}=http://127.0.0.1:${String(backendPort)}`),
  });
  server = platform;
  const child = spawn(process.execPath, [path.join(APP_FOLDER, 'backend', 'server.mjs')], {
    env: { ...process.env, PORT: String(backendPort), PLATFORM_URL: platform.url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  backend = child;
  await started(child);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const page of opened) {
    expect(page.errors.filter((error) => !error.includes('401'))).toEqual([]);
    await page.context.close();
  }
  await browser?.close();
  backend?.kill();
  await server?.close();
  rmSync(APP_FOLDER, { recursive: true, force: true });
  rmSync(BUILT_FOLDER, { recursive: true, force: true });
});

/** The platform's origin, once started. */
function origin(): string {
  if (!server) throw new Error('the platform has not started');
  return server.url;
}

async function open(url: string): Promise<Page> {
  if (!browser) throw new Error('the browser has not started');
  const page = await newPage(browser);
  opened.push(page);
  await page.page.goto(`${origin()}${url}`);
  return page.page;
}

const rows = (page: Page) => page.locator('tbody tr.ant-table-row');

describe('a new application, from the scaffold to the desktop', () => {
  it('opens from its icon on the desktop and lists the rows of its own back end', async () => {
    const page = await open('/login');
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(/desktop_all/);
    const icon = page
      .getByRole('button', { name: /作业/ })
      .or(page.getByRole('link', { name: /作业/ }));
    await icon.first().click();
    await page.waitForURL((url) => url.pathname === PAGE);
    await page.getByRole('heading', { name: '作业' }).waitFor();
    await rows(page).first().waitFor();
    await expect(rows(page).first().textContent()).resolves.toContain('示例：第一项');
    // The language switcher outside the shell: a select named by its label, which stays hidden.
    await page.getByRole('combobox', { name: '语言' }).waitFor();
    const label = await page.locator('.language-switcher label').boundingBox();
    expect(label?.width).toBeLessThanOrEqual(1);
    // The way back to the desktop, drawn with an arrow as on every application's page.
    const back = page.getByRole('link', { name: '返回桌面', exact: true });
    await expect(back.getAttribute('href')).resolves.toBe('/pages/base/pc_desktop_all/index.html');
    await expect(back.evaluate((link) => getComputedStyle(link, '::before').content)).resolves.toBe(
      '""',
    );

    // The form: the item goes to the back end with the user's session, which asks the platform
    // who that is (the creator's column).
    await page.getByRole('button', { name: /^新\s?增$/ }).click();
    await page.getByLabel('标题').fill('读书笔记');
    await page.getByLabel('截止日期').fill('2026-09-30');
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '已保存' }).waitFor();
    // The list reloads after the status is shown: its answer comes a moment later.
    await expect
      .poll(() => rows(page).first().textContent(), { timeout: 20_000 })
      .toContain('读书笔记');
    await keepScreenshot(page, 'new-app-list');
  });

  it('sends a visitor without a session to sign in, and back to the application', async () => {
    const page = await open('/login');
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL(/desktop_all/);
    await page.goto(`${origin()}${PAGE}#/list`);
    await rows(page).first().waitFor();
    // The session ends behind the page's back; the application starts PH again.
    await page.context().clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.evaluate((code) => {
      const ph = (globalThis as { PH?: { init: (config: object) => Promise<unknown> } }).PH;
      void ph?.init({ code, appCode: code });
    }, CODE);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe(`${origin()}${PAGE}#/list`);
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === PAGE);
    await rows(page).first().waitFor();
  });
});
