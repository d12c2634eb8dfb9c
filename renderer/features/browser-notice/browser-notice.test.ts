import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isOutdatedInternetExplorer } from './browser-notice';

describe('browser notice', () => {
  it('is for Internet Explorer 6 to 8 only', () => {
    expect(isOutdatedInternetExplorer('Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1)')).toBe(
      true,
    );
    expect(
      isOutdatedInternetExplorer('Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)'),
    ).toBe(true);
    expect(
      isOutdatedInternetExplorer('Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)'),
    ).toBe(false);
    expect(
      isOutdatedInternetExplorer('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0'),
    ).toBe(false);
  });

  it('is in the page as static HTML that only IE 8 and older render', () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toMatch(
      /<!--\[if lte IE 8\]>[\s\S]*<a [^>]*href="https:\/\/www\.microsoft\.com\/edge"[\s\S]*<!\[endif\]-->/,
    );
  });
});
