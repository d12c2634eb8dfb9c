import { describe, expect, it } from 'vitest';
import { isPlatformRoute } from '../../contract/platform-route';
import { platformRouteUrl } from './platform-route';

describe('isPlatformRoute', () => {
  it('accepts paths of the platform, with a query and a hash', () => {
    for (const route of [
      '/desktop',
      '/pages/base/pc_desktop_all/index.html#/home',
      '/pages/notice/index.html?id=42#/detail',
      '/',
    ]) {
      expect(isPlatformRoute(route), route).toBe(true);
    }
  });

  it('refuses URLs, other hosts, backslashes and control characters', () => {
    for (const route of [
      '',
      'desktop',
      'https://evil.example.com/',
      'javascript:alert(1)',
      '//evil.example.com/x',
      '/\\evil.example.com',
      '\\\\evil.example.com',
      '/\t/evil.example.com',
      '/desk\ntop',
      '/a b',
      '/\u007f',
      ' /desktop',
      `/${'x'.repeat(3000)}`,
    ]) {
      expect(isPlatformRoute(route), JSON.stringify(route)).toBe(false);
    }
    expect(isPlatformRoute(42)).toBe(false);
  });

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
