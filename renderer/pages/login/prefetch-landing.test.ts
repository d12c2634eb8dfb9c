// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_FILES_ELEMENT_ID } from '../../../contract/web-build';
import { landingPageFiles, prefetchLandingPage } from './prefetch-landing';

function listFiles(json: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_FILES_ELEMENT_ID;
  block.textContent = json;
  document.head.append(block);
}

afterEach(() => {
  vi.useRealTimers();
  document.head.replaceChildren();
});

/** The prefetch links in the head, as [rel, href, as, crossOrigin]. */
function prefetchLinks(): (string | null)[][] {
  return [...document.head.querySelectorAll('link')].map((link) => [
    link.rel,
    link.getAttribute('href'),
    link.as,
    link.crossOrigin,
  ]);
}

describe('landingPageFiles', () => {
  it("reads the page's files from the HTML's JSON block", () => {
    listFiles(JSON.stringify({ desktop: ['/assets/a.js', '/assets/b.css'] }));
    expect(landingPageFiles('desktop')).toEqual(['/assets/a.js', '/assets/b.css']);
    expect(landingPageFiles('mobile-desktop')).toEqual([]);
  });

  it('takes only paths of built files of this origin, and nothing from a broken block', () => {
    listFiles(
      JSON.stringify({
        desktop: [
          '/assets/ok.js',
          'https://elsewhere.example/x.js',
          '//elsewhere.example/x.js',
          '/assets/../secret.js',
          '/assets/page.html',
          'javascript:alert(1)',
          42,
        ],
      }),
    );
    expect(landingPageFiles('desktop')).toEqual(['/assets/ok.js']);
    document.head.replaceChildren();
    listFiles('{not json');
    expect(landingPageFiles('desktop')).toEqual([]);
    document.head.replaceChildren();
    expect(landingPageFiles('desktop')).toEqual([]);
  });
});

describe('prefetchLandingPage', () => {
  // jsdom has no requestIdleCallback: the module falls back to a 200 ms timer per idle period.
  it('adds one low-priority prefetch per file when idle, scripts in CORS mode like the module loads, once', () => {
    vi.useFakeTimers();
    listFiles(JSON.stringify({ desktop: ['/assets/page.js', '/assets/page.css'] }));
    prefetchLandingPage('desktop');
    expect(prefetchLinks()).toEqual([]);
    vi.advanceTimersByTime(200);
    prefetchLandingPage('desktop');
    vi.advanceTimersByTime(200);
    expect(prefetchLinks()).toEqual([
      ['prefetch', '/assets/page.js', 'script', 'anonymous'],
      ['prefetch', '/assets/page.css', 'style', null],
    ]);
  });

  it('adds a long list a few files per idle period, and stops when cancelled', () => {
    vi.useFakeTimers();
    const files = Array.from({ length: 20 }, (_, index) => `/assets/part-${String(index)}.js`);
    listFiles(JSON.stringify({ 'mobile-desktop': files }));
    const cancel = prefetchLandingPage('mobile-desktop');
    vi.advanceTimersByTime(200);
    expect(prefetchLinks()).toHaveLength(8);
    vi.advanceTimersByTime(200);
    expect(prefetchLinks()).toHaveLength(16);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(prefetchLinks().map((link) => link[1])).toEqual(files.slice(0, 16));
  });
});
