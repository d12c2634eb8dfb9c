import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { ServerOptions } from '../../server/config';
import { launchBrowser, openPage, startServer, type OpenedPage, type TestServer } from './harness';

export interface E2eSuite {
  readonly server: TestServer;
  readonly browser: Browser;
  /** Opens a path of the suite's server (or a full URL) in a fresh browser context. */
  open(pathOrUrl: string, locale?: string): Promise<OpenedPage>;
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
    async open(pathOrUrl, locale) {
      const url = /^https?:/.test(pathOrUrl) ? pathOrUrl : `${suite.server.url}${pathOrUrl}`;
      const page = await openPage(suite.browser, url, locale);
      opened.push(page);
      return page;
    },
  };
  return suite;
}
