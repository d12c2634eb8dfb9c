import puppeteer, { KnownDevices, type Browser, type Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, DESKTOP_API } from '../../contract/api-paths';
import {
  CHROMIUM_ARGS,
  CHROMIUM_EXECUTABLE,
  DEMO_PASSWORD,
  keepScreenshot,
  startServer,
  type TestServer,
} from './harness';

/**
 * The login page prerenders the desktop while the user types (pages/login/prerender-landing.ts).
 * Playwright cannot show this: Chromium prerenders nothing for a page whose DevTools client does
 * not attach through tab targets, as Playwright's does. These tests drive the same Chromium with
 * puppeteer-core, which does.
 */

let server: TestServer;
let browser: Browser;
const closing: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await puppeteer.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
});

afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

afterAll(async () => {
  await browser.close();
  await server.close();
});

/** A fresh context's page, with the errors it logs (a test asserts there are none). */
async function openLogin(url: string, phone = false): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.createBrowserContext();
  closing.push(() => context.close());
  const page = await context.newPage();
  if (phone) await page.emulate(KnownDevices['iPhone 13']);
  else await page.setViewport({ width: 1366, height: 768 });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  await page.goto(url, { waitUntil: 'load' });
  return { page, errors };
}

/**
 * Polls the page until `check` holds. The page may change documents in between (a prerendered
 * one taking over): an evaluation cut short by that is tried again.
 */
async function until(page: Page, check: () => boolean, what: string): Promise<void> {
  await untilWith(page, check, '', what);
}

/** `until` with an argument for the check (it runs in the page: it sees no closure). */
async function untilWith(
  page: Page,
  check: (arg: string) => boolean,
  arg: string,
  what: string,
): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await page.evaluate(check, arg).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seen = await page
    .evaluate(() => `${location.pathname}: ${document.body.innerText.slice(0, 300)}`)
    .catch(() => 'nothing');
  throw new Error(`timed out waiting for ${what}; the page shows ${seen}`);
}

/**
 * Resolves once the browser prerenders `path`, as a target of the prerender kind. (The Preload
 * domain's status events would say more, but a DevTools session of its own on the login page
 * turns prerendering off: the browser's list of targets is watched instead.)
 */
async function prerenderStarted(path: string): Promise<void> {
  const cdp = await browser.target().createCDPSession();
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`${path} was not prerendered`));
      }, 20_000);
      const seen = ({ targetInfo }: { targetInfo: { url: string; subtype?: string } }) => {
        if (targetInfo.subtype === 'prerender' && URL.parse(targetInfo.url)?.pathname === path) {
          clearTimeout(timer);
          resolve();
        }
      };
      cdp.on('Target.targetCreated', seen);
      cdp.on('Target.targetInfoChanged', seen);
      void cdp.send('Target.setDiscoverTargets', { discover: true });
    });
  } finally {
    await cdp.detach();
  }
}

/**
 * Clicks an element once it is there: the login form shows only after the page's login check,
 * which on a busy machine may end well after the unit's name is shown.
 */
async function clickWhenShown(page: Page, selector: string): Promise<void> {
  const element = await page.waitForSelector(selector);
  if (element === null) throw new Error(`${selector} never showed`);
  await element.click();
}

/** Types into a field key by key, as a person does, once the field is there. */
async function typeInto(page: Page, placeholder: string, text: string): Promise<void> {
  await clickWhenShown(page, `input[placeholder="${placeholder}"]`);
  await page.keyboard.type(text, { delay: 20 });
}

async function typeCredentials(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await typeInto(page, '请输入账号', username);
  await typeInto(page, '请输入密码', password);
}

async function clickSignIn(page: Page): Promise<void> {
  await clickWhenShown(page, '::-p-aria([role="button"][name="登 录"])');
}

/**
 * The calls a prerendered desktop may make before it is shown, once its login page announced the
 * login: who is logged in, and the icons.
 */
const CALLS_WHILE_HIDDEN: readonly string[] = [API.me, DESKTOP_API.myAppIcon];

/** What the shown page says of how it was loaded, and the platform calls it made before. */
function loadedHow(page: Page) {
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceEntry & {
      activationStart?: number;
    };
    const shownAt = navigation.activationStart ?? 0;
    return {
      path: location.pathname,
      shownAt,
      callsBeforeShown: performance
        .getEntriesByType('resource')
        .filter(
          (entry) => entry.startTime < shownAt && new URL(entry.name).pathname.startsWith('/api/'),
        )
        .map((entry) => new URL(entry.name).pathname),
    };
  });
}

describe('the desktop prerendered while the user types', () => {
  /** Types the user's credentials on the login page, signs in and returns the shown desktop. */
  async function signInPrerendered(
    origin: string,
    unitName: string,
    username: string,
    desktopPath: string,
    welcome: string,
    options: { phone?: boolean; wrongPasswordFirst?: boolean } = {},
  ) {
    const { page, errors } = await openLogin(`${origin}/login`, options.phone === true);
    const shows = (text: string) =>
      untilWith(page, (wanted) => document.body.innerText.includes(wanted), text, text);
    await shows(unitName);
    // Nothing is prerendered for a login page that is only looked at.
    expect(await page.$('script[type="speculationrules"]')).toBeNull();

    const started = prerenderStarted(desktopPath);
    const wrongFirst = options.wrongPasswordFirst === true;
    await typeCredentials(page, username, wrongFirst ? 'Wrong@2026' : DEMO_PASSWORD);
    await started;
    if (wrongFirst) {
      // A failed attempt first: the prerendered page must not take it for a login.
      await clickSignIn(page);
      await shows('用户名或密码错误');
      await clickWhenShown(page, 'input[placeholder="请输入密码"]');
      await page.keyboard.down('Control');
      await page.keyboard.press('KeyA');
      await page.keyboard.up('Control');
      await page.keyboard.type(DEMO_PASSWORD, { delay: 20 });
    }
    await clickSignIn(page);

    await shows(welcome);
    await shows('登录成功！');
    await until(page, () => document.querySelector('.app-icon__button') !== null, 'the icons');
    const how = await loadedHow(page);
    expect(how.path).toBe(desktopPath);
    // Shown from the prerender (activationStart: when the navigation took it over) ...
    expect(how.shownAt).toBeGreaterThan(0);
    // ... which, before, called the platform only after the login, and only for the user and
    // the icons (what it renders waits until it is shown).
    expect(how.callsBeforeShown.filter((call) => !CALLS_WHILE_HIDDEN.includes(call))).toEqual([]);
    expect(errors).toEqual([]);
    await keepScreenshot(
      page,
      `prerendered${desktopPath.replaceAll('/', '-').replace('.html', '')}`,
    );
  }

  /** teacher01 signing in on the school's host. */
  function teacherAtSchool(desktopPath: string, options?: Parameters<typeof signInPrerendered>[5]) {
    return signInPrerendered(
      server.url,
      '阳光实验小学',
      'teacher01',
      desktopPath,
      '欢迎您，王老师',
      options,
    );
  }

  it("is the school's desktop on a school's host, shown signed in after the login", async () => {
    await teacherAtSchool('/pages/base/pc_desktop_all/index.html');
  });

  it("is the phone's desktop on a phone", async () => {
    await teacherAtSchool('/pages/base/mobile_desktop_all/index.html', { phone: true });
  });

  it('waits for the login that succeeds, not a failed attempt before it', async () => {
    await teacherAtSchool('/pages/base/pc_desktop_all/index.html', { wrongPasswordFirst: true });
  });

  it("is the area desktop on a bureau's host", async () => {
    await signInPrerendered(
      `http://area.localhost:${String(server.port)}`,
      '滨江区教育局',
      'area01',
      '/area/areaBase/pc_areaDesktop_all/index.html',
      '欢迎您，赵科长',
    );
  });

  it('comes up in the language the user switched to on the login page after it started', async () => {
    const { page, errors } = await openLogin(`${server.url}/login`);
    await untilWith(
      page,
      (text) => document.body.innerText.includes(text),
      '阳光实验小学',
      'login',
    );
    const started = prerenderStarted('/pages/base/pc_desktop_all/index.html');
    await typeInto(page, '请输入账号', 'teacher01');
    await started;

    await page.select('.language-switcher select', 'en');
    await typeInto(page, 'Please input a password', DEMO_PASSWORD);
    await clickWhenShown(page, '::-p-aria([role="button"][name="Sign in"])');

    await untilWith(page, (text) => document.body.innerText.includes(text), 'Welcome, ', 'welcome');
    await untilWith(
      page,
      (text) => document.body.innerText.includes(text),
      'Login successful!',
      'ok',
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect((await loadedHow(page)).shownAt).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
