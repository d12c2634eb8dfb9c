import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

type Row = (name: string, value: string, target: string, pass: boolean) => void;

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const TARGET = 0.95;

export interface LighthousePage {
  name: string;
  url: string;
  /** Request headers for every request of the run (the session cookie of a signed-in page). */
  headers?: Record<string, string>;
}

/**
 * Lighthouse (desktop preset: EduDesk is a desktop front end, 1350x940, no mobile throttling)
 * against Debian's Chromium on each page; prints each category's score and, for a score under
 * the target, the audits that cost it.
 */
export async function runLighthouseBenchmarks(pages: LighthousePage[], row: Row): Promise<boolean> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  let failed = false;
  try {
    for (const page of pages) {
      const result = await lighthouse(
        page.url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          ...(page.headers ? { extraHeaders: page.headers } : {}),
        },
        desktopConfig,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
      const { lhr } = result;
      for (const category of CATEGORIES) {
        const score = lhr.categories[category]?.score ?? 0;
        const pass = score >= TARGET;
        failed ||= !pass;
        row(`lighthouse ${page.name}: ${category}`, String(Math.round(score * 100)), '≥ 95', pass);
        if (pass) continue;
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
            console.log(`        ${audit.id}: ${audit.displayValue ?? String(audit.score)}`);
          }
        }
      }
    }
  } finally {
    chrome.kill();
  }
  return failed;
}
