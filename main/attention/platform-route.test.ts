import { describe, expect, it } from 'vitest';
import { platformRouteUrl } from './platform-route';

describe('platformRouteUrl', () => {
  it('resolves a route against the platform origin, and nothing else', () => {
    const origin = 'https://school.example.edu';
    expect(platformRouteUrl(origin, '/pages/a/index.html#/b')).toBe(
      'https://school.example.edu/pages/a/index.html#/b',
    );
    expect(platformRouteUrl(origin, '/pages/../../etc')).toBeNull();
    expect(platformRouteUrl(origin, '/pages/%2E%2e/etc')).toBeNull();
    expect(platformRouteUrl(origin, '/pages/a..b/index.html')).toBe(
      'https://school.example.edu/pages/a..b/index.html',
    );
    expect(platformRouteUrl(origin, '//evil.example.com/')).toBeNull();
    expect(platformRouteUrl(origin, 'https://evil.example.com/')).toBeNull();
  });
});
