// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
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
  document.head.replaceChildren();
});

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
  it('adds one low-priority prefetch per file, scripts in CORS mode like the module loads, once', () => {
    listFiles(JSON.stringify({ desktop: ['/assets/page.js', '/assets/page.css'] }));
    prefetchLandingPage('desktop');
    prefetchLandingPage('desktop');
    const links = [...document.head.querySelectorAll('link')];
    expect(
      links.map((link) => [link.rel, link.getAttribute('href'), link.as, link.crossOrigin]),
    ).toEqual([
      ['prefetch', '/assets/page.js', 'script', 'anonymous'],
      ['prefetch', '/assets/page.css', 'style', null],
    ]);
  });
});
