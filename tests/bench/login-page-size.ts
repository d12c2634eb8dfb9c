import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface PageWeight {
  jsKb: number;
  cssKb: number;
  files: number;
}

/**
 * The JavaScript and CSS a page loads before it is usable, gzip-compressed: every script and
 * stylesheet Chromium requests until the network is idle (entry, preloads and lazy chunks).
 */
export async function measurePageWeight(
  browser: Browser,
  url: string,
  existing?: BrowserContext,
  /** Waits until the page is usable (lazy chunks loaded); defaults to network idle only. */
  ready?: (page: Page) => Promise<void>,
): Promise<PageWeight> {
  const context = existing ?? (await browser.newContext());
  const page = await context.newPage();
  const bodies: Promise<{ type: 'js' | 'css'; size: number }>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.push(
      response
        .body()
        .then((body) => ({ type: type === 'script' ? 'js' : 'css', size: gzipSync(body).length })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (ready) {
    await ready(page);
    await page.waitForLoadState('networkidle');
  }
  const sizes = await Promise.all(bodies);
  if (!existing) await context.close();
  const total = (type: 'js' | 'css') =>
    sizes.filter((entry) => entry.type === type).reduce((sum, entry) => sum + entry.size, 0) / 1024;
  return { jsKb: total('js'), cssKb: total('css'), files: sizes.length };
}
