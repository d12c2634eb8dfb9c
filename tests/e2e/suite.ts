import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { ServerOptions } from '../../server/config';
import {
  launchBrowser,
  newPage,
  openPage,
  startServer,
  type OpenedPage,
  type PageOptions,
  type TestServer,
} from './harness';

export interface E2eSuite {
  readonly server: TestServer;
  readonly browser: Browser;
  /**
   * Opens a path of the suite's server (or a full URL) in a fresh browser context; with
   * `browserArgs` (a fake camera), in a Chromium launched with them, one per set of arguments.
   */
  open(pathOrUrl: string, locale?: string, browserArgs?: readonly string[]): Promise<OpenedPage>;
  /** A blank page in a fresh context with these options (a phone, a theme), checked as open's. */
  newPage(options?: PageOptions, locale?: string): Promise<OpenedPage>;
}

/**
 * One reference server and one Chromium for a test file; each test gets a fresh context,
 * closed after it, and (unless told otherwise) must not have logged a page error.
 */
export function e2eSuite(
  serverOptions: Partial<ServerOptions> = {},
  { allowPageErrors = false } = {},
): E2eSuite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const browsersWithArgs = new Map<string, Promise<Browser>>();
  let opened: OpenedPage[] = [];

  beforeAll(async () => {
    server = await startServer(serverOptions);
    browser = await launchBrowser();
  });

  afterEach(async () => {
    const pages = opened;
    opened = [];
    for (const page of pages) {
      if (!allowPageErrors) expect(page.errors).toEqual([]);
      await page.context.close();
    }
  });

  afterAll(async () => {
    for (const extra of browsersWithArgs.values()) await (await extra).close();
    await browser?.close();
    await server?.close();
  });

  const suite: E2eSuite = {
    get server() {
      if (!server) throw new Error('the suite has not started');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the suite has not started');
      return browser;
    },
    async open(pathOrUrl, locale, browserArgs = []) {
      const url = /^https?:/.test(pathOrUrl) ? pathOrUrl : `${suite.server.url}${pathOrUrl}`;
      let target = suite.browser;
      if (browserArgs.length > 0) {
        const key = browserArgs.join('\n');
        let launching = browsersWithArgs.get(key);
        if (!launching) {
          launching = launchBrowser(browserArgs);
          browsersWithArgs.set(key, launching);
        }
        target = await launching;
      }
      const page = await openPage(target, url, locale);
      opened.push(page);
      return page;
    },
    async newPage(options, locale) {
      const page = await newPage(suite.browser, options, locale);
      opened.push(page);
      return page;
    },
  };
  return suite;
}
