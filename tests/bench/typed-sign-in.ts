import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { APP_ICON_TIMING } from '../../contract/web-build';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE, DEMO_PASSWORD } from '../e2e/harness';

/**
 * A sign-in as a person makes it: the name and the password typed key by key, then a click on
 * Sign in, in a Chromium driven by puppeteer-core. Unlike Playwright, whose DevTools client makes
 * Chromium prerender nothing and holds every new page's renderer until it has set it up (some
 * 100 ms of each hand-over, the app's and the floor's alike), puppeteer attaches through tab
 * targets: the login page's prerender of the desktop happens as in a user's Chrome or Edge.
 *
 * Timed in the pages: from the click event (its time kept in the tab's session storage) to the
 * first paint of an application's name (Element Timing, APP_ICON_TIMING: the app's icons and the
 * floor's carry it), on the page the login landed on.
 */

/** Milliseconds between keys: a fast typist (about 750 keys a minute). */
const KEY_DELAY_MS = 80;

/** Keeps the time of every click (the last one: Sign in) in the tab's session storage. */
export const CLICK_TIMER = `addEventListener('click', (event) => {
  try { sessionStorage.setItem('bench-click-at', String(performance.timeOrigin + event.timeStamp)); } catch {}
}, true);`;

export function launchTypingBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
}

/**
 * The click's distance to the first painted icon name on the landing page, or null while none is
 * painted. The page may be changing documents (a prerendered one taking over): null then too.
 */
async function clickToFirstIcon(page: Page): Promise<number | null> {
  return page
    .evaluate(
      (name) =>
        new Promise<number | null>((resolve) => {
          const clickAt = Number(sessionStorage.getItem('bench-click-at'));
          if (!clickAt || location.pathname.includes('login')) {
            resolve(null);
            return;
          }
          const observer = new PerformanceObserver((list) => {
            const painted = list
              .getEntries()
              .filter(
                (entry) =>
                  (entry as PerformanceEntry & { identifier?: string }).identifier === name,
              )
              .map((entry) => (entry as PerformanceEntry & { renderTime: number }).renderTime)
              .filter((time) => time > 0);
            if (painted.length === 0) return;
            observer.disconnect();
            resolve(performance.timeOrigin + Math.min(...painted) - clickAt);
          });
          observer.observe({ type: 'element', buffered: true });
          setTimeout(() => {
            observer.disconnect();
            resolve(null);
          }, 100);
        }),
      APP_ICON_TIMING,
    )
    .catch(() => null);
}

/** One typed sign-in of teacher01 on `loginPath`: the milliseconds from the click to the icons. */
export async function typedSignIn(
  browser: Browser,
  base: string,
  loginPath: string,
): Promise<number> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.evaluateOnNewDocument(CLICK_TIMER);
    await page.goto(`${base}${loginPath}`, { waitUntil: 'load' });
    await (await page.waitForSelector('input[placeholder="请输入账号"]'))?.click();
    await page.keyboard.type('teacher01', { delay: KEY_DELAY_MS });
    await (await page.waitForSelector('input[placeholder="请输入密码"]'))?.click();
    await page.keyboard.type(DEMO_PASSWORD, { delay: KEY_DELAY_MS });
    const signIn = await page.waitForSelector(
      '::-p-aria([role="button"][name="登 录"]), ::-p-aria([role="button"][name="登录"])',
    );
    await signIn?.click();
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const ms = await clickToFirstIcon(page);
      if (ms !== null) return ms;
    }
    throw new Error(`no icon was painted after signing in on ${loginPath}`);
  } finally {
    await context.close();
  }
}
