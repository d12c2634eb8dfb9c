import type { Browser } from 'playwright-core';
import { median } from './median';

/**
 * Total blocking time on a CPU slowed 4× as the page itself observes it: Chromium's CPU
 * throttled through DevTools (`Emulation.setCPUThrottlingRate`, the throttling Lighthouse's
 * `devtools` method applies), each task longer than 50 ms counted from the Long Tasks API for
 * what it runs over 50 ms, from the first contentful paint until the page has been quiet for
 * QUIET_MS (Lighthouse's definition, ended at quiet instead of at its interactive estimate).
 *
 * No tracer runs: a Lighthouse run records a trace with screenshots meanwhile, which on this
 * machine's 2 cores competes with the throttled page for the second core, and spreads one
 * build's figure from about 130 to 700 ms (docs/testing.md, "Blocking time").
 */
export const SLOW_CPU = 4;
const QUIET_MS = 3000;
const CAP_MS = 20_000;

/** Collects the page's long tasks and its first contentful paint from its first script on. */
const OBSERVER = `(() => {
  const seen = { tasks: [], fcp: null };
  window.benchBlocking = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
})();`;

interface Seen {
  tasks: [number, number][];
  fcp: number | null;
}

export interface BlockingTime {
  /** Median over the runs, in ms. */
  medianMs: number;
  /** Each run's figure, in the order run. */
  runsMs: number[];
  /** The longest task of the median run, in ms (what a further cut would start from). */
  longestTaskMs: number;
}

/**
 * Loads `url` `runs` times, each in a fresh browser context (an empty cache, as Lighthouse
 * clears it), with the CPU slowed 4×, and returns the blocking time of each load.
 */
export async function observedBlockingTime(
  browser: Browser,
  url: string,
  runs: number,
  cookie?: { name: string; value: string },
): Promise<BlockingTime> {
  const results: { ms: number; longest: number }[] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
    try {
      if (cookie) await context.addCookies([{ ...cookie, url: new URL(url).origin }]);
      await context.addInitScript({ content: OBSERVER });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_CPU });
      await page.goto(url, { waitUntil: 'load' });
      const started = Date.now();
      let seen: Seen = { tasks: [], fcp: null };
      for (;;) {
        await page.waitForTimeout(500);
        let now: number;
        ({ seen, now } = await page.evaluate(() => ({
          seen: (window as unknown as { benchBlocking: Seen }).benchBlocking,
          now: performance.now(),
        })));
        const lastEnd = Math.max(0, ...seen.tasks.map(([start, duration]) => start + duration));
        if (seen.fcp !== null && now - lastEnd >= QUIET_MS) break;
        if (Date.now() - started > CAP_MS) throw new Error(`${url} did not settle`);
      }
      // A signed-in page that sent the browser to the login page measured the wrong page.
      if (page.url() !== url) throw new Error(`${url} went to ${page.url()}`);
      const fcp = seen.fcp;
      const counted = seen.tasks.filter(([start]) => start >= fcp);
      results.push({
        ms: counted.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
        longest: Math.max(0, ...counted.map(([, duration]) => duration)),
      });
    } finally {
      await context.close();
    }
  }
  const medianMs = median(results.map((result) => result.ms));
  const closest = [...results].sort(
    (a, b) => Math.abs(a.ms - medianMs) - Math.abs(b.ms - medianMs),
  )[0];
  return {
    medianMs,
    runsMs: results.map((result) => result.ms),
    longestTaskMs: closest?.longest ?? 0,
  };
}
