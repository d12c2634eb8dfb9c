import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface PageWeight {
  jsKb: number;
  cssKb: number;
  files: number;
}

/**
 * The JavaScript and CSS a page loads before it is usable, gzip-compressed: every script and
 * stylesheet Chromium requests until the network is idle (entry, preloads and lazy chunks).
 */
export async function measurePageWeight(browser: Browser, url: string): Promise<PageWeight> {
  const context = await browser.newContext();
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
  const sizes = await Promise.all(bodies);
  await context.close();
  const total = (type: 'js' | 'css') =>
    sizes.filter((entry) => entry.type === type).reduce((sum, entry) => sum + entry.size, 0) / 1024;
  return { jsKb: total('js'), cssKb: total('css'), files: sizes.length };
}
